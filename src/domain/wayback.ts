import { formatDayMonthYear } from "./dates";

/**
 * Where an article stands with Save Page Now (docs/product.md, The Wayback Machine as witness):
 * waiting its turn, sent and being captured, saved, or refused for good.
 */
export type WaybackSaveStatus = "queued" | "pending" | "saved" | "failed";

export type WaybackSave = {
  status: WaybackSaveStatus;
  /** When the Wayback Machine captured the page (its own timestamp). */
  savedAt: string | null;
  /** The capture: `{WAYBACK_URL}/web/{timestamp}/{address}`. */
  snapshotUrl: string | null;
  /** Why the last attempt failed (kept while it is retried), or why it never will be saved. */
  error: string | null;
  attempts: number;
};

export type WaybackReport = {
  /** False without WAYBACK_ACCESS_KEY and WAYBACK_SECRET_KEY: articles wait, nothing is sent. */
  configured: boolean;
  /** By article id; an article without an entry has not been queued (its address is not a web page). */
  articles: Record<string, WaybackSave>;
};

/** A Wayback Machine timestamp: YYYYMMDDhhmmss, in UTC. */
const TIMESTAMP = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/** The moment a Wayback timestamp names, as an ISO string; undefined for anything else. */
export function waybackTimestampToIso(timestamp: string): string | undefined {
  const match = TIMESTAMP.exec(timestamp);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * A snapshot link visitors may be sent to: an http(s) page under `/web/` on the Wayback
 * Machine's own host, given on the configured origin's scheme (the availability API answers
 * with http:// links). Anything else (another host, another scheme, a malformed link) is undefined.
 */
export function waybackSnapshotLink(waybackUrl: string, candidate: string): string | undefined {
  let base: URL;
  let url: URL;
  try {
    base = new URL(waybackUrl);
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.host !== base.host || url.username || url.password) return undefined;
  if (!url.pathname.startsWith("/web/")) return undefined;
  return `${base.origin}${url.pathname}${url.search}`;
}

/** The link to the capture Save Page Now made of `originalUrl` at `timestamp`. */
export function savedSnapshotLink(
  waybackUrl: string,
  timestamp: string,
  originalUrl: string,
): string | undefined {
  if (!TIMESTAMP.test(timestamp) || !/^https?:\/\//i.test(originalUrl)) return undefined;
  return waybackSnapshotLink(waybackUrl, `${waybackUrl.replace(/\/+$/, "")}/web/${timestamp}/${originalUrl}`);
}

/** The dashboard's line for an article (docs/product.md, The Wayback Machine as witness). */
export function waybackStatusText(save: WaybackSave): string {
  switch (save.status) {
    case "saved":
      return save.savedAt
        ? `Saved to the Wayback Machine on ${formatDayMonthYear(new Date(save.savedAt))}`
        : "Saved to the Wayback Machine";
    case "failed":
      return `Not saved to the Wayback Machine: ${save.error ?? "it refused the page"}`;
    case "pending":
      return "Being saved to the Wayback Machine";
    case "queued":
      return save.error
        ? `Waiting to be saved to the Wayback Machine (last try: ${save.error})`
        : "Waiting to be saved to the Wayback Machine";
  }
}
