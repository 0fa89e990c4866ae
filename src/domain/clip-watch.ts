import { z } from "./zod";
import { httpUrl } from "./url-schemas";

/**
 * Clip watch: the owner's outlets, watched for new articles that name the owner as author. The
 * server (src/server/clip-watch), the API and the Clips tab share these shapes.
 */

/**
 * A watched source's document kind (./document-kind.ts) when it was first read, as the Clips tab
 * names it: a page is the author page it is, and a news sitemap is told from other sitemaps.
 */
export const SOURCE_KINDS = ["author-page", "feed", "sitemap", "news-sitemap"] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** 'paused' after FAILURES_BEFORE_PAUSE failed checks in a row, until the owner resumes it. */
export type SourceState = "ok" | "failing" | "paused";
export const FAILURES_BEFORE_PAUSE = 5;

export type WatchedSource = {
  id: string;
  url: string;
  kind: SourceKind;
  /** A gzipped sitemap (`.xml.gz`). */
  gzipped: boolean;
  addedAt: string;
  lastCheckedAt: string | null;
  lastNewClipAt: string | null;
  state: SourceState;
  /** Failed checks in a row; 0 once a check succeeds. */
  failures: number;
  /** When the current run of failures began, and why the last check failed ('404', a reason). */
  failingSince: string | null;
  lastError: string;
  /** Clips it finds join the portfolio at once (listed with an undo) instead of waiting. */
  autoAdd: boolean;
};

/** 'waiting' for the owner; 'added' (by the owner or by a source that adds without asking); 'dismissed' never returns. */
export type ClipStatus = "waiting" | "added" | "dismissed";

export type OfferedClip = {
  id: string;
  url: string;
  sourceId: string | null;
  title: string;
  outlet: string;
  /** YYYY-MM-DD, or "". */
  date: string;
  image: string;
  excerpt: string;
  /** Why it matched, for the owner: 'byline "Jane Doe" in the page's JSON-LD'. */
  reason: string;
  foundAt: string;
  status: ClipStatus;
  /** The article it became, once added. */
  articleId: string | null;
  /** Added by a source set to add without asking (the Clips tab lists these with an undo). */
  autoAdded: boolean;
};

/** An address the portfolio itself points at, one click from being watched. */
export type SourceSuggestion = {
  url: string;
  kind: "author-page" | "feed";
  /** The headline of the article whose page named it. */
  seenOn: string;
};

/** What the last run of checks did (Check now, Watch, or the schedule): 'Checked 1 source: 2 new clips'. */
export type CheckSummary = {
  /** Counts the runs since the server started: a run the owner asked for is the next one. */
  run: number;
  sources: number;
  newClips: number;
  /** Sources whose check failed. */
  failing: number;
};

/** `GET /api/watch`. */
export type WatchOverview = {
  sources: WatchedSource[];
  /** Waiting clips, then those added without asking in the last 30 days (for the undo). */
  clips: OfferedClip[];
  suggestions: SourceSuggestion[];
  /** How many clips wait: the dashboard's tab reads 'Sources, 3 new'. */
  waiting: number;
  /** True while a check of every source runs (Check now, or the schedule). */
  checking: boolean;
  /** The last run of checks since the server started, or null. */
  lastCheck: CheckSummary | null;
};

export const watchSourceSchema = z.object({ url: httpUrl });
export const sourcePatchSchema = z
  .object({ autoAdd: z.boolean().optional(), resume: z.literal(true).optional() })
  .refine((patch) => patch.autoAdd !== undefined || patch.resume !== undefined, "Nothing to change");

/** The owner's Add, Dismiss, or Undo of either, for several clips at once (`POST /api/watch/clips`). */
export const CLIP_ACTIONS = ["add", "dismiss", "restore"] as const;
export type ClipAction = (typeof CLIP_ACTIONS)[number];
export const MAX_CLIPS_PER_ACTION = 200;
export const clipActionSchema = z.object({
  action: z.enum(CLIP_ACTIONS),
  ids: z.array(z.string().min(1).max(100)).min(1).max(MAX_CLIPS_PER_ACTION),
});

/**
 * What happened to each clip: 'added' to the portfolio (with the article it made), 'already' in
 * it (nothing made), 'dismissed', 'restored' (waiting again), or the error that stopped it.
 */
export type ClipOutcome =
  | { id: string; outcome: "added" | "already"; articleId: string }
  | { id: string; outcome: "dismissed" | "restored" }
  | { id: string; outcome: "failed"; error: { code: string; message: string } };

/** How long the owner's Add can be taken back with Undo (a Dismiss can be, always). */
export const UNDO_ADD_MINUTES = 15;

/** The dashboard tab's name: 'Clips', or 'Clips, 3 new'. */
export function clipsTabLabel(waiting: number): string {
  return waiting > 0 ? `Clips, ${waiting} new` : "Clips";
}
