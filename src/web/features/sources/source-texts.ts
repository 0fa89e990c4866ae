import {
  FAILURES_BEFORE_PAUSE,
  type SourceKind,
  type SourceSuggestion,
  type WatchedSource,
} from "../../../domain/clip-watch";
import { dayText, whenText } from "../../../domain/dates";

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
