import type { OfferedClip, WatchOverview } from "../../domain/clip-watch";
import { createCheckRuns } from "./check-runs";
import { createLinkIntake } from "./link-intake";
import { createOwnerActions } from "./owner-actions";
import { createSourceChecks } from "./source-checks";
import { createWatchContext, type ClipWatchDeps } from "./watch-context";
import { toClip, toSource } from "./watch-repository";

export type { ClipWatchDeps } from "./watch-context";
export { WatchError } from "./watch-error";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Clips added without asking stay listed (with their undo) this long. */
const UNDO_DAYS = 30;

/**
 * The clip watch (issue 28): watched sources are checked in the background, each at its own
 * moment of the interval, politely (conditional requests, robots.txt, one request at a time per
 * outlet); the pages they newly list are read, and those that name the owner as author wait for
 * the owner's yes or no. One run of checks at a time.
 *
 * Its parts, by job: checking sources (check-runs, source-checks, source-documents), taking in
 * the links they list (link-intake), the owner's actions (owner-actions), the e-mail (clip-digest).
 */
export function createClipWatchService(deps: ClipWatchDeps) {
  const ctx = createWatchContext(deps);
  const { repo } = ctx;
  const actions = createOwnerActions(ctx);
  const intake = createLinkIntake(ctx, actions.addToPortfolio);
  const runs = createCheckRuns(ctx, createSourceChecks(ctx, intake));

  return {
    /**
     * By article address key, the watched author pages and feeds (not sitemaps: they list a whole
     * outlet) that list the article, and when a check last saw it there.
     */
    listings(): Map<string, { source: string; lastSeenAt: string }[]> {
      const byKey = new Map<string, { source: string; lastSeenAt: string }[]>();
      for (const { urlKey, sourceUrl, kind, lastSeenAt } of repo.listings()) {
        if (kind === "sitemap" || kind === "news-sitemap") continue;
        byKey.set(urlKey, [...(byKey.get(urlKey) ?? []), { source: sourceUrl, lastSeenAt }]);
      }
      return byKey;
    },
    overview(): WatchOverview {
      const since = new Date(ctx.now().getTime() - UNDO_DAYS * DAY_MS).toISOString();
      const shown = ctx.notInPortfolio(repo.shownClips(since)).map(toClip);
      return {
        sources: repo.sources().map(toSource),
        clips: shown,
        suggestions: actions.suggestions(),
        waiting: shown.filter((clip) => clip.status === "waiting").length,
        checking: runs.checking(),
        lastCheck: runs.lastCheck(),
      };
    },

    addSource: actions.addSource,
    removeSource: actions.removeSource,
    updateSource: actions.updateSource,

    /** Checks every source that is not paused now (Check now, `byline watch check`); resolves with the new clips. */
    checkNow: (): Promise<OfferedClip[]> =>
      runs.checkNow(repo.sources().filter((source) => source.state !== "paused")),

    /** The schedule's look: checks the sources whose moment has come (tests call it with their clock). */
    tick: runs.tick,

    /** Resolves once the run under way, if any, has ended. */
    idle: runs.idle,

    addClip: actions.addClip,
    dismissClip: actions.dismissClip,
    undoClip: actions.undoClip,
    restoreClip: actions.restoreClip,

    /** 'Also published at …' of an article: copies of it the watch found at other addresses. */
    alsoPublishedAt: (articleId: string): string[] => repo.alsoPublishedAt(articleId),

    /** The reader read a page: the author pages and feeds it links become suggestions. */
    notePageRead: intake.noteSuggestions,

    /** Starts the schedule: a look every `tickMs` (a minute) for sources whose moment has come. */
    start: runs.start,

    /** Stops the schedule and the run under way (a request in flight finishes; nothing more is read). */
    async stop(): Promise<void> {
      ctx.stop();
      await runs.stop();
    },
  };
}

export type ClipWatchService = ReturnType<typeof createClipWatchService>;
