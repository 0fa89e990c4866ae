import { whenText } from "./dates";
import { z } from "./zod";

/**
 * Read counts (docs/decisions/035): what a public page's beacon reports, and what the owner reads
 * back. Only daily totals are kept, per kind, subject and referring host name: never an address,
 * a user agent, a full referring address or anything else that tells one visitor from another.
 */

/** What a beacon may report: an article opened in the viewer, or a collection's page opened. */
export const BEACON_KINDS = ["article", "collection"] as const;
export type BeaconKind = (typeof BEACON_KINDS)[number];

/** What is counted: the beacon's kinds, and a collection's PDF downloaded (counted by its route). */
export type ReadKind = BeaconKind | "pdf";

/** A host name as a browser puts it in a URL: letters, digits, dots and dashes (IPv6 in brackets). */
const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/, "A host name only");

export const beaconSchema = z.strictObject({
  kind: z.enum(BEACON_KINDS),
  /** The article's or the collection's id. */
  subject: z.string().min(1).max(100),
  /** The host name of the page that linked here (document.referrer), never its path or query. */
  referrer: hostName.optional(),
});
export type Beacon = z.infer<typeof beaconSchema>;

/** The periods the Readers view offers, in days. */
export const READERS_PERIODS = [30, 90] as const;
export type ReadersPeriod = (typeof READERS_PERIODS)[number];

/** One UTC day of the Readers chart. */
export type ReadersDay = { day: string; articleOpens: number; collectionOpens: number; pdfDownloads: number };

export type ReadersReport = {
  days: ReadersDay[];
  /** Most opened first, at most 10. */
  topArticles: { id: string; title: string; opens: number }[];
  /** Host names that sent readers, most first, at most 10. */
  referrers: { host: string; count: number }[];
};

/** What the Collections tab shows of one collection. */
export type CollectionReadership = {
  opens: number;
  lastOpenedAt: string | null;
  pdfDownloads: number;
  /** E-mail the owner at the first opening counted while this is on (once). */
  emailFirstOpen: boolean;
  /** Whether that e-mail was sent. */
  emailed: boolean;
};

export const collectionNoticeSchema = z.strictObject({ emailFirstOpen: z.boolean() });

const times = (n: number) => `${n} ${n === 1 ? "time" : "times"}`;

/** 'Opened 3 times, last 2 hours ago', or 'Not opened yet'. */
export function openedText(
  readership: Pick<CollectionReadership, "opens" | "lastOpenedAt">,
  now: Date,
): string {
  if (readership.opens === 0 || !readership.lastOpenedAt) return "Not opened yet";
  const when = whenText(readership.lastOpenedAt, now);
  return `Opened ${times(readership.opens)}, last ${/ago$|now$/.test(when) ? when : `on ${when}`}`;
}

/** 'PDF downloaded 2 times', or 'PDF not downloaded yet'. */
export const downloadedText = (downloads: number) =>
  downloads === 0 ? "PDF not downloaded yet" : `PDF downloaded ${times(downloads)}`;

/** The UTC day of an instant, as the daily counts are keyed: '2026-11-26'. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The `count` UTC days up to and including `today`'s, oldest first. */
export function lastDays(today: Date, count: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: count }, (_, i) => utcDay(new Date(end - (count - 1 - i) * 86_400_000)));
}
