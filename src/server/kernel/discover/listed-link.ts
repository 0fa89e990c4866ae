import { isoDate, looseDate } from "../extract/publish-date";

/** What a feed, sitemap or author page says about one of its links, where it says it. */
export type LinkDetails = {
  /** The headline, as the listing shows it. */
  headline?: string;
  /** YYYY-MM-DD: the calendar day the listing gives (publication, not modification). */
  date?: string;
};

export type ListedLink = LinkDetails & { url: string };

/** Longer than any headline: a link's text past this is a teaser or a whole card. */
const MAX_HEADLINE = 300;

/** `value` as an absolute http(s) address without its fragment, relative to `base`. */
export function absoluteLink(value: string | null | undefined, base: string): string | undefined {
  if (!value?.trim()) return undefined;
  try {
    const url = new URL(value.trim(), base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    url.hash = "";
    return url.href;
  } catch {
    return undefined;
  }
}

/** A listed date as the calendar day it names, or undefined. */
export function listedDate(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const iso = isoDate(text);
  if (iso) return iso.slice(0, 10);
  // Without its time and zone ("Tue, 03 Dec 2024 23:30:00 +1100"), the day is the one the
  // publisher wrote, whatever this server's time zone.
  return looseDate(text.replace(/\s*\b\d{1,2}:\d{2}\b[\s\S]*$/, "")) || undefined;
}

/** A headline as text: markup (a feed's escaped HTML) and runs of white space removed. */
export function headlineText(value: string | null | undefined): string | undefined {
  const text = (value ?? "")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text === "" || text.length > MAX_HEADLINE ? undefined : text;
}

/** The details of each link (the first headline and date given for it), or undefined when there are none. */
export function detailsOf(links: readonly ListedLink[]): Record<string, LinkDetails> | undefined {
  const details: Record<string, LinkDetails> = {};
  let any = false;
  for (const { url, headline, date } of links) {
    if (headline === undefined && date === undefined) continue;
    const known = (details[url] ??= {});
    if (headline !== undefined) known.headline ??= headline;
    if (date !== undefined) known.date ??= date;
    any = true;
  }
  return any ? details : undefined;
}
