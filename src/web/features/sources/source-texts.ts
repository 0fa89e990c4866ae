import {
  FAILURES_BEFORE_PAUSE,
  type CheckSummary,
  type ClipOutcome,
  type SourceKind,
  type SourceSuggestion,
  type WatchedSource,
} from "../../../domain/clip-watch";
import { dayText, whenText } from "../../../domain/dates";
import { counted } from "../../../domain/counted";

/** The words the Clips tab shows for a watched source: its kind, its state, when things happened. */

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

/** 'Checked 1 source: 2 new clips', 'Checked 3 sources: no new clips; 1 failed'. */
export function checkSummaryText(summary: CheckSummary): string {
  const found = summary.newClips === 0 ? "no new clips" : counted(summary.newClips, "new clip", "new clips");
  const failed = summary.failing > 0 ? `; ${summary.failing} failed` : "";
  return `Checked ${counted(summary.sources, "source", "sources")}: ${found}${failed}.`;
}

/**
 * What an Add or Dismiss did: 'Added to your portfolio', 'Already in your portfolio', 'Clip
 * dismissed', '3 clips added to your portfolio; 1 was already in it', '4 clips dismissed'.
 */
export function clipActionText(results: readonly ClipOutcome[]): string {
  const tally = (outcome: ClipOutcome["outcome"]) =>
    results.filter((entry) => entry.outcome === outcome).length;
  const [added, already, dismissed] = [tally("added"), tally("already"), tally("dismissed")];
  if (results.length === 1) {
    if (added) return "Added to your portfolio";
    if (already) return "Already in your portfolio";
    return dismissed ? "Clip dismissed" : "";
  }
  const parts = [
    added > 0 ? `${counted(added, "clip", "clips")} added to your portfolio` : "",
    already === 0
      ? ""
      : added > 0
        ? `${counted(already, "was", "were")} already in it`
        : `${counted(already, "clip", "clips")} already in your portfolio`,
    dismissed > 0 ? `${counted(dismissed, "clip", "clips")} dismissed` : "",
  ].filter(Boolean);
  return parts.join("; ");
}

/** After Undo: 'The clip waits again', '3 clips wait again'. */
export function undoneText(restored: number): string {
  return restored === 1 ? "The clip waits again" : `${restored} clips wait again`;
}
