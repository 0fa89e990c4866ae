import { articleUrlKey } from "../../domain/article-url";
import { ownerBylines } from "../../domain/byline-evidence";
import type { Article, ArticleInput, Site } from "../../domain/content";
import type { Store } from "../kernel/db/open-database";
import type { GatedRequest } from "../kernel/fetch/outlet-gate";
import type { SafeResponse } from "../kernel/fetch/safe-fetch";
import { ApiProblem } from "../kernel/http/api-error";
import { UnreadablePageError } from "../kernel/parse/unreadable-page";
import type { FoundPage } from "../page-reading/page-reading";
import type { MatchRules } from "./clip-match";
import { createWatchRepository, type ClipRow, type WatchRepository } from "./watch-repository";

export type ClipWatchDeps = {
  store: Store;
  articles: {
    list(): readonly Article[];
    get(id: string): Article | undefined;
    create(input: ArticleInput): Article;
    remove(id: string): boolean;
  };
  site: () => Site;
  /** The outlet gate (robots.txt, the pauses) with the clip watch's User-Agent. */
  fetch: (url: string, request: GatedRequest) => Promise<SafeResponse>;
  /** Page reading's Fetch details of a page the watch fetched, with its signals; nothing kept. */
  readFetched: (page: SafeResponse) => Promise<FoundPage>;
  /** Keeps a page the watch read as the capture of the article it became. */
  keepFound: (articleId: string, found: FoundPage) => Promise<void>;
  /** Reads the pages of articles the owner added from clips again, and keeps them, in the background. */
  keepLater: (articleIds: readonly string[]) => void;
  /** Queues an e-mail to the owner through the contact delivery queue; false without a mail server. */
  notifyOwner: (notice: { subject: string; text: string }) => boolean;
  publicUrl: string;
  /** WATCH_INTERVAL_MINUTES, in milliseconds. */
  intervalMs: number;
  logger: { info(details: object, message: string): void; warn(details: object, message: string): void };
  now?: () => Date;
  /** How often the background timer looks for sources due a check. */
  tickMs?: number;
  /** A reason to hold the checks for now (the worker's pauseWhen). */
  pauseWhen?: () => string | undefined;
};

export class WatchStoppedError extends Error {
  override readonly name = "WatchStoppedError";
}

/** The parse workers were busy (the reader's error, or the pool's): nothing was learnt of the page. */
export const isBusy = (error: unknown) =>
  (error instanceof ApiProblem && error.code === "busy") ||
  (error instanceof UnreadablePageError && error.reason === "busy");

/** What every part of the clip watch shares: its deps, its tables, its clock, the portfolio and the owner's bylines. */
export function createWatchContext(deps: ClipWatchDeps) {
  const now = deps.now ?? (() => new Date());
  const repo: WatchRepository = createWatchRepository(deps.store);
  // Drops the requests waiting for their outlet's turn when the watch stops.
  const stopping = new AbortController();
  const portfolio = () => deps.articles.list().filter((article) => article.url !== "");
  /** The address key of every article in the portfolio. */
  const portfolioKeys = () => new Set(portfolio().map((article) => articleUrlKey(article.url)));

  return {
    deps,
    repo,
    logger: deps.logger,
    now,
    iso: () => now().toISOString(),
    /** A request through the outlet gate, dropped while it waits once the watch stops. */
    get: (url: string, request: GatedRequest = {}) =>
      deps.fetch(url, { ...request, signal: stopping.signal }),
    isStopped: () => stopping.signal.aborted,
    stop: () => stopping.abort(new WatchStoppedError("The clip watch is stopping")),
    portfolio,
    portfolioKeys,
    /** Leaves out the waiting clips the portfolio has meanwhile (imported, or added by hand). */
    notInPortfolio(rows: ClipRow[]): ClipRow[] {
      const inPortfolio = portfolioKeys();
      return rows.filter((row) => row.status !== "waiting" || !inPortfolio.has(row.urlKey));
    },
    matchRules(): MatchRules {
      const site = deps.site();
      return {
        bylines: ownerBylines(site),
        languages: site.writingLanguages.length > 0 ? site.writingLanguages : ["en"],
      };
    },
  };
}

export type WatchContext = ReturnType<typeof createWatchContext>;
