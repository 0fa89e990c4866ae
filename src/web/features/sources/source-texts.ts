import {
  FAILURES_BEFORE_PAUSE,
  type SourceKind,
  type SourceSuggestion,
  type WatchedSource,
} from "../../../domain/clip-watch";
import { formatDayMonthYear, MONTH_NAMES } from "../../../domain/dates";

/** The words the Sources tab shows for a watched source: its kind, its state, when things happened. */

const KIND_LABELS: Record<SourceKind, string> = {
  "author-page": "Author page",
  feed: "RSS/Atom/JSON Feed",
  sitemap: "Sitemap",
  "news-sitemap": "News sitemap",
};

export function sourceKindLabel(source: Pick<WatchedSource, "kind" | "gzipped">): string {
  const label = KIND_LABELS[source.kind];
  return source.gzipped ? `${label} (gzipped)` : label;
}

export function suggestionKindLabel(suggestion: SourceSuggestion): string {
  return suggestion.kind === "feed" ? "Feed" : "Author page";
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** '3 December' in the year of `now`, '3 December 2025' in any other (UTC days, like every date in Byline). */
export function dayText(iso: string, now: Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.getUTCFullYear() === now.getUTCFullYear()
    ? `${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]}`
    : formatDayMonthYear(date);
}

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** 'just now', '5 minutes ago', '3 hours ago' within a day; the day after that ('3 December'). */
export function whenText(iso: string, now: Date): string {
  const elapsed = now.getTime() - new Date(iso).getTime();
  if (Number.isNaN(elapsed)) return "";
  if (elapsed < MINUTE_MS) return "just now";
  if (elapsed < HOUR_MS) return `${count(Math.floor(elapsed / MINUTE_MS), "minute")} ago`;
  if (elapsed < DAY_MS) return `${count(Math.floor(elapsed / HOUR_MS), "hour")} ago`;
  return dayText(iso, now);
}

export function lastCheckedText(source: WatchedSource, now: Date): string {
  return source.lastCheckedAt ? `Last checked ${whenText(source.lastCheckedAt, now)}` : "Not checked yet";
}

export function lastNewClipText(source: WatchedSource, now: Date): string {
  return source.lastNewClipAt ? `Last new clip ${whenText(source.lastNewClipAt, now)}` : "No new clip yet";
}

/** Why the source fails and since when: '404 since 3 December'. */
function failureText(source: WatchedSource, now: Date): string {
  const reason = source.lastError.trim() || "Failing";
  return source.failingSince ? `${reason} since ${dayText(source.failingSince, now)}` : reason;
}

/** 'OK', '404 since 3 December', or 'Paused after 5 failed checks (404 since 3 December)'. */
export function sourceStateText(source: WatchedSource, now: Date): string {
  switch (source.state) {
    case "ok":
      return "OK";
    case "failing":
      return failureText(source, now);
    case "paused":
      return `Paused after ${Math.max(source.failures, FAILURES_BEFORE_PAUSE)} failed checks (${failureText(source, now)})`;
  }
}
