import { randomUUID } from "node:crypto";
import { articleUrlKey } from "../../domain/article-url";
import {
  FAILURES_BEFORE_PAUSE,
  UNDO_ADD_MINUTES,
  type CheckSummary,
  type OfferedClip,
  type SourceKind,
  type SourceSuggestion,
  type WatchedSource,
  type WatchOverview,
} from "../../domain/clip-watch";
import type { Article, ArticleInput, Site } from "../../domain/content";
import { foundArticleInput } from "../../domain/found-article";
import { imageUrl } from "../../domain/url-schemas";
import type { Store } from "../kernel/db/open-database";
import type * as DiscoverLinks from "../kernel/discover/discover-links";
import type { FetchedPage } from "../kernel/discover/discover";
import type { PageSignals } from "../kernel/extract/page-signals";
import { decodeBody } from "../kernel/fetch/decode-body";
import type { GatedRequest } from "../kernel/fetch/outlet-gate";
import { SafeFetchError, type SafeFetchErrorCode, type SafeResponse } from "../kernel/fetch/safe-fetch";
import { ApiProblem } from "../kernel/http/api-error";
import { inParseWorker } from "../kernel/parse/parse-pool";
import { UnreadablePageError } from "../kernel/parse/unreadable-page";
import { siteHost } from "../../domain/site-host";
import { outletOf } from "../kernel/discover/read-limiter";
import type { FoundPage, PageDetails } from "../page-reading/page-reading";
import { bylineMatch, judgePage, type MatchRules } from "./clip-match";
import { createWatchRepository, toClip, toSource, type ClipRow, type SourceRow } from "./watch-repository";
import { nextSlot } from "./watch-schedule";
import { pausedWhile } from "../kernel/disk/pause-gate";

/** Pages one check of a source reads at most; the rest wait for the next check. */
const READS_PER_CHECK = 50;
/** A document read for the first time: only its newest links are read, the rest are the back catalogue. */
const NEWEST_ON_FIRST_READ = 10;
/** Links taken from one document (a sitemap holds at most 50,000). */
const LINKS_PER_DOCUMENT = 50_000;
/** Sitemaps of a sitemap index read in one check. */
const SITEMAPS_PER_INDEX = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Clips added without asking stay listed (with their undo) this long. */
const UNDO_DAYS = 30;
const SUGGESTIONS_SHOWN = 20;
const PAGE_TYPES = ["text/html", "application/xhtml+xml"];
/** A gzipped sitemap may unpack to what the safe fetcher takes of any document. */
const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
const NOT_A_DOCUMENT = /^(?:image|audio|video|font)\/|^application\/(?:pdf|zip|msword|vnd\.)/i;
/**
 * Links looked up, noted or marked seen in one go: a few milliseconds of SQLite, then other
 * requests get their turn (a sitemap index lists up to 250,000).
 */
const SEEN_BATCH = 1000;

/** Lets the event loop answer whatever waits before the next batch. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Decoding, the markup limits and parsing, in the parse pool: never on the main thread. */
const readFetchedLinks = inParseWorker<typeof DiscoverLinks, "readFetchedLinks">(
  new URL("../kernel/discover/discover-links.ts", import.meta.url),
  "readFetchedLinks",
);

export class WatchError extends ApiProblem {
  override readonly name = "WatchError";
}

class WatchStoppedError extends Error {
  override readonly name = "WatchStoppedError";
}

export type ClipWatchDeps = {
  /** Issue 41: why background writing should wait (the disk is low), or undefined. */
  lowSpace?: () => string | undefined;
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
};

type Run = {
  /** Pages being read in this run, by key: a link two sources list is read once. */
  reading: Map<string, Promise<boolean>>;
  found: OfferedClip[];
};

type Document = { page: FetchedPage; gzipped: boolean; etag: string; lastModified: string };

/** What one check learnt of a source's listing: `complete` once every document it reads was read whole. */
type Listing = { complete: boolean };

/** A check of a source that failed, with the reason the owner sees ('404 Not Found'). */
class SourceFailure extends Error {}

const isOk = (status: number) => status >= 200 && status < 300;

/** A link whose fetch failed so is read again at the next check; any other refusal is final. */
const TRY_AGAIN = new Set<SafeFetchErrorCode>(["network", "timeout", "dns", "robots_unreadable"]);

/** The parse workers were busy (the reader's error, or the pool's): nothing was learnt of the page. */
const isBusy = (error: unknown) =>
  (error instanceof ApiProblem && error.code === "busy") ||
  (error instanceof UnreadablePageError && error.reason === "busy");

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The clip watch (issue 28): watched sources are checked in the background, each at its own
 * moment of the interval, politely (conditional requests, robots.txt, one request at a time per
 * outlet); the pages they newly list are read, and those that name the owner as author wait for
 * the owner's yes or no. One run of checks at a time.
 */
export function createClipWatchService(deps: ClipWatchDeps) {
  const { store, articles, logger } = deps;
  const paused = pausedWhile(deps.lowSpace, logger, "The clip watch");
  const now = deps.now ?? (() => new Date());
  const repo = createWatchRepository(store);
  // Drops the requests waiting for their outlet's turn when the watch stops.
  const stopping = new AbortController();
  const get = (url: string, request: GatedRequest = {}) =>
    deps.fetch(url, { ...request, signal: stopping.signal });
  let running: Promise<OfferedClip[]> | undefined;
  let lastCheck: CheckSummary | null = null;
  /** Articles the owner's Add made, by clip, until their Undo is too late (in this process only). */
  const undoableAdds = new Map<string, { articleId: string; until: number }>();
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const announce = () => store.write("watch", () => undefined);
  const iso = () => now().toISOString();

  function matchRules(): MatchRules {
    const site = deps.site();
    const bylines = site.bylines.filter((name) => name.trim() !== "");
    return {
      bylines: bylines.length > 0 ? bylines : [site.name],
      languages: site.writingLanguages.length > 0 ? site.writingLanguages : ["en"],
    };
  }

  /** A fetched source document as bytes to parse: gunzipped when it is a gzipped file. */
  async function asDocument(answer: SafeResponse): Promise<Document> {
    const gzipped = answer.body[0] === 0x1f && answer.body[1] === 0x8b;
    if (!gzipped && NOT_A_DOCUMENT.test(answer.contentType)) {
      throw new SourceFailure(`This is not a page, feed or sitemap: it serves ${answer.contentType}`);
    }
    const body = gzipped ? await decodeBody(answer.body, "gzip", DOCUMENT_MAX_BYTES) : answer.body;
    return {
      page: { url: answer.url, body, contentType: gzipped ? "application/xml" : answer.contentType },
      // A `.gz` file some servers send with Content-Encoding: gzip, which the fetcher undoes.
      gzipped: gzipped || new URL(answer.url).pathname.endsWith(".gz"),
      etag: answer.headers.etag ?? "",
      lastModified: answer.headers["last-modified"] ?? "",
    };
  }

  function kindOf(links: { kind: "feed" | "sitemap" | "page" }, body: Uint8Array): SourceKind {
    if (links.kind === "feed") return "feed";
    if (links.kind === "page") return "author-page";
    return Buffer.from(body.buffer, body.byteOffset, body.byteLength).includes("/schemas/sitemap-news/")
      ? "news-sitemap"
      : "sitemap";
  }

  // ---- Reading one linked page -------------------------------------------------------------

  function portfolio() {
    return articles.list().filter((article) => article.url !== "");
  }

  /** The address key of every article in the portfolio. */
  function portfolioKeys(): Set<string> {
    return new Set(portfolio().map((article) => articleUrlKey(article.url)));
  }

  /**
   * Adds a clip to the portfolio (the owner's Add, or a source that adds without asking); an
   * article already at its address (added by hand meanwhile) is taken as it is.
   */
  function addClip(clip: ClipRow, autoAdded: boolean): { article: Article; created: boolean } {
    const existing = articles.list().find((article) => articleUrlKey(article.url) === clip.urlKey);
    let article = existing;
    if (!article) {
      const input = foundArticleInput(clip);
      if (!input) throw new WatchError(422, "invalid_clip", "This clip's details cannot make an article.");
      article = articles.create(input);
    }
    const articleId = article.id;
    store.write("watch", (tx) =>
      repo.updateClip(tx, clip.id, {
        status: "added",
        articleId,
        autoAdded,
        content: "",
      }),
    );
    if (!existing && !autoAdded) {
      undoableAdds.set(clip.id, { articleId, until: now().getTime() + UNDO_ADD_MINUTES * 60_000 });
    }
    return { article, created: existing === undefined };
  }

  /** Leaves out the waiting clips the portfolio has meanwhile (imported, or added by hand). */
  function notInPortfolio(rows: ClipRow[]): ClipRow[] {
    const inPortfolio = portfolioKeys();
    return rows.filter((row) => row.status !== "waiting" || !inPortfolio.has(row.urlKey));
  }

  /** Notes the author pages and feeds a page links, as suggested sources (shown once it is in the portfolio). */
  function noteSuggestions(page: { url: string; title: string }, signals: PageSignals): void {
    const rules = matchRules();
    const notedAt = iso();
    const authorPages = signals.authorPages.filter(
      ({ name }) => name === "" || bylineMatch({ authors: [{ name, place: "rel-author" }] }, rules.bylines),
    );
    repo.noteSuggestions(
      [
        ...authorPages.map(({ url }) => ({ kind: "author-page" as const, url })),
        ...signals.feeds.map((url) => ({ kind: "feed" as const, url })),
      ].map(({ kind, url }) => ({
        urlKey: articleUrlKey(url),
        url,
        kind,
        pageUrl: page.url,
        pageTitle: page.title,
        notedAt,
      })),
    );
  }

  /**
   * Reads one newly listed page and records what it is: a clip (waiting, or added at once), a
   * copy of an article ('Also published at'), or nothing for the owner. True once handled; false
   * when it should be tried again at the next check (no answer, a 5xx, busy workers).
   */
  async function readLink(source: SourceRow, link: string, run: Run): Promise<boolean> {
    const linkKey = articleUrlKey(link);
    const done = (keys: string[]) => {
      store.write("watch", (tx) => repo.markSeen(tx, source.id, [linkKey, ...keys], iso()));
      return true;
    };
    let answer: SafeResponse;
    try {
      answer = await get(link, { accept: PAGE_TYPES });
    } catch (error) {
      if (error instanceof WatchStoppedError) throw error;
      if (error instanceof SafeFetchError && !TRY_AGAIN.has(error.code)) return done([]);
      return false;
    }
    if (answer.status >= 500 || answer.status === 429) return false;
    const pageKey = articleUrlKey(answer.url);
    if (!isOk(answer.status)) return done([pageKey]);
    let found: FoundPage;
    try {
      found = await deps.readFetched(answer);
    } catch (error) {
      if (isBusy(error)) return false;
      return done([pageKey]);
    }
    const details: PageDetails = found.details;
    const { signals } = details;
    const verdict = judgePage(
      { url: answer.url, title: details.title, date: details.date, signals },
      portfolio(),
      matchRules(),
    );
    const at = iso();
    if (verdict.kind === "copy") {
      store.write(["watch", "articles"], (tx) => {
        repo.addAlsoPublished(tx, {
          articleId: verdict.articleId,
          url: answer.url,
          urlKey: pageKey,
          foundAt: at,
        });
        repo.markSeen(tx, source.id, [linkKey, pageKey], at);
      });
      logger.info(
        { url: answer.url, articleId: verdict.articleId, how: verdict.how },
        "Found a copy of an article",
      );
      return true;
    }
    if (verdict.kind === "other-language") {
      logger.info({ url: answer.url, language: verdict.language }, "Passed over a page in another language");
    }
    if (verdict.kind !== "match" || details.title.trim() === "") return done([pageKey]);
    // Outlets tag feed links for their statistics: the page's own address, when it names one on its site.
    const url =
      signals.canonical && outletOf(signals.canonical) === outletOf(answer.url)
        ? signals.canonical
        : answer.url;
    const clip: ClipRow = {
      id: randomUUID(),
      url,
      urlKey: articleUrlKey(url),
      sourceId: source.id,
      title: details.title,
      outlet: details.outlet || siteHost(url),
      date: details.date,
      image: imageUrl.safeParse(details.image).success ? details.image : "",
      description: details.description,
      content: details.content,
      reason: verdict.reason,
      foundAt: at,
      status: "waiting",
      articleId: null,
      autoAdded: false,
    };
    const isNew = store.write("watch", (tx) => {
      const inserted = repo.insertClip(tx, clip);
      repo.markSeen(tx, source.id, [linkKey, pageKey, clip.urlKey], at);
      if (inserted) repo.updateSource(tx, source.id, { lastNewClipAt: at });
      return inserted;
    });
    noteSuggestions({ url, title: details.title }, signals);
    if (!isNew) return true;
    if (source.autoAdd) {
      try {
        const { article, created } = addClip(clip, true);
        // The page became one of the owner's articles: the read that found it is its capture.
        if (created) await deps.keepFound(article.id, found);
      } catch (error) {
        logger.warn({ url, reason: reasonOf(error) }, "Could not add a clip without asking");
      }
    }
    run.found.push(toClip(repo.clip(clip.id) ?? clip));
    logger.info({ url, sourceId: source.id, autoAdd: source.autoAdd }, "Found a new clip");
    return true;
  }

  /** Reads a link once per run, whichever sources list it. */
  async function readLinkOnce(source: SourceRow, link: string, run: Run): Promise<boolean> {
    const key = articleUrlKey(link);
    const underway = run.reading.get(key);
    if (underway) {
      // The other source's failure is its own (it may have been removed meanwhile).
      const handled = await underway.catch(() => false);
      if (handled) store.write("watch", (tx) => repo.markSeen(tx, source.id, [key], iso()));
      return handled;
    }
    const reading = readLink(source, link, run);
    run.reading.set(key, reading);
    return reading;
  }

  // ---- Checking a source -------------------------------------------------------------------

  /** Fetches a document of a source, conditionally when it was read before; undefined for a 304. */
  async function fetchDocument(source: SourceRow, url: string): Promise<Document | undefined> {
    const known = repo.validators(source.id, articleUrlKey(url));
    const headers: Record<string, string> = {};
    if (known?.etag) headers["if-none-match"] = known.etag;
    if (known?.lastModified) headers["if-modified-since"] = known.lastModified;
    const answer = await get(url, { headers });
    if (answer.status === 304) return undefined;
    if (!isOk(answer.status)) throw new SourceFailure(`${answer.status} ${answer.statusText}`.trim());
    return asDocument(answer);
  }

  /**
   * Reads one document of a source (the source itself, or a sitemap of its index) and the pages
   * it newly lists, within the check's budget. Returns the sitemaps it names.
   */
  /**
   * The links of a document not to be read yet (not seen by any source, offered or in the
   * portfolio), looked up in batches; every key is noted as listed by the source on the way.
   */
  async function unseenLinks(sourceId: string, links: { articles: string[]; articleKeys: string[] }) {
    const inPortfolio = portfolioKeys();
    const unseen: { link: string; key: string }[] = [];
    for (let start = 0; start < links.articleKeys.length; start += SEEN_BATCH) {
      const keys = links.articleKeys.slice(start, start + SEEN_BATCH);
      repo.noteListed(sourceId, keys);
      const known = repo.knownAmong(keys);
      keys.forEach((key, i) => {
        if (!known.has(key) && !inPortfolio.has(key)) unseen.push({ link: links.articles[start + i]!, key });
      });
      await yieldToOthers();
    }
    return unseen;
  }

  async function markSeenInBatches(sourceId: string, keys: readonly string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += SEEN_BATCH) {
      repo.markSeenBatch(sourceId, keys.slice(start, start + SEEN_BATCH), iso());
      await yieldToOthers();
    }
  }

  /** After a complete read: forgets the seen links the source no longer lists, a batch at a time. */
  async function pruneSeen(sourceId: string): Promise<void> {
    for (let after: string | undefined = ""; after !== undefined; await yieldToOthers()) {
      after = repo.pruneSeen(sourceId, after, SEEN_BATCH);
    }
  }

  async function forgetListing(sourceId: string): Promise<void> {
    while (repo.clearListed(sourceId, SEEN_BATCH) > 0) await yieldToOthers();
  }

  async function checkDocument(
    source: SourceRow,
    url: string,
    follow: number,
    budget: { reads: number },
    run: Run,
    listing: Listing,
  ): Promise<string[]> {
    const urlKey = articleUrlKey(url);
    const firstRead = repo.validators(source.id, urlKey) === undefined;
    const document = await fetchDocument(source, url);
    if (!document) {
      // Unchanged: its links are not known this time, so nothing can be pruned.
      listing.complete = false;
      return [];
    }
    const links = await readFetchedLinks(document.page, {
      skip: [],
      read: [urlKey, articleUrlKey(document.page.url)],
      wanted: LINKS_PER_DOCUMENT,
      pages: follow,
    });
    const unseen = await unseenLinks(source.id, links);
    const wanted = firstRead ? NEWEST_ON_FIRST_READ : budget.reads;
    const toRead = unseen.slice(0, Math.max(0, wanted)).map(({ link }) => link);
    budget.reads -= firstRead ? 0 : toRead.length;
    if (firstRead) {
      // The back catalogue is the import's: only what is new from now on is read.
      await markSeenInBatches(
        source.id,
        unseen.slice(toRead.length).map(({ key }) => key),
      );
    }
    const handled = await Promise.all(toRead.map((link) => readLinkOnce(source, link, run)));
    const finished = handled.every(Boolean) && (firstRead || toRead.length === unseen.length);
    // Asked conditionally next time only once everything it listed was handled; otherwise it is read in full again.
    store.write("watch", (tx) =>
      repo.putValidators(tx, {
        sourceId: source.id,
        urlKey,
        etag: finished ? document.etag : "",
        lastModified: finished ? document.lastModified : "",
      }),
    );
    return links.kind === "sitemap" ? links.follow : [];
  }

  function recordOutcome(source: SourceRow, failure: string | undefined): void {
    const at = now();
    const checkedAt = at.toISOString();
    const nextCheckAt = new Date(nextSlot(source.id, at.getTime(), deps.intervalMs)).toISOString();
    store.write("watch", (tx) => {
      const current = repo.source(source.id);
      if (!current) return;
      if (failure === undefined) {
        repo.updateSource(tx, source.id, {
          lastCheckedAt: checkedAt,
          nextCheckAt,
          state: "ok",
          failures: 0,
          failingSince: null,
          lastError: "",
        });
        return;
      }
      const failures = current.failures + 1;
      repo.updateSource(tx, source.id, {
        lastCheckedAt: checkedAt,
        nextCheckAt,
        state: failures >= FAILURES_BEFORE_PAUSE ? "paused" : "failing",
        failures,
        failingSince: current.failingSince ?? checkedAt,
        lastError: failure,
      });
    });
    if (failure !== undefined)
      logger.warn({ sourceId: source.id, url: source.url, reason: failure }, "A watched source failed");
  }

  async function checkSource(source: SourceRow, run: Run): Promise<void> {
    const budget = { reads: READS_PER_CHECK };
    const listing: Listing = { complete: true };
    let failure: string | undefined;
    try {
      const sitemaps = await checkDocument(source, source.url, SITEMAPS_PER_INDEX, budget, run, listing);
      for (const sitemap of sitemaps) {
        try {
          await checkDocument(source, sitemap, 0, budget, run, listing);
        } catch (error) {
          if (error instanceof WatchStoppedError) throw error;
          listing.complete = false;
          logger.info(
            { sourceId: source.id, url: sitemap, reason: reasonOf(error) },
            "A sitemap of a watched index failed",
          );
        }
      }
      if (listing.complete && !stopped) await pruneSeen(source.id);
    } catch (error) {
      // Busy parse workers say nothing about the source: it is due again at the next look.
      if (error instanceof WatchStoppedError || isBusy(error)) return;
      failure = reasonOf(error);
    } finally {
      await forgetListing(source.id);
    }
    if (!stopped) recordOutcome(source, failure);
  }

  /** Queues the 'new clips are waiting' e-mail: clips arrived since the last one, at most one a day, if the owner wants it. */
  function emailIfDue(): void {
    if (!deps.site().clipEmails) return;
    const last = repo.lastEmailAt();
    if (last && now().getTime() - Date.parse(last) < DAY_MS) return;
    const waiting = notInPortfolio(repo.waitingClips());
    if (waiting.length === 0 || (last && !waiting.some((clip) => clip.foundAt > last))) return;
    const count = waiting.length;
    const subject = count === 1 ? "1 new clip is waiting" : `${count} new clips are waiting`;
    const lines = waiting
      .slice(0, 20)
      .map((clip) => `- ${clip.title} (${clip.outlet}${clip.date ? `, ${clip.date}` : ""})\n  ${clip.url}`);
    const text = [
      `Byline found ${count === 1 ? "an article that names" : `${count} articles that name`} you as author.`,
      `Add or dismiss ${count === 1 ? "it" : "them"} on the Clips tab: ${deps.publicUrl}/admin/dashboard/clips`,
      "",
      ...lines,
      ...(count > lines.length ? [`…and ${count - lines.length} more.`] : []),
      "",
      "--",
      "You get at most one of these e-mails a day. Switch them off in Settings (clip e-mails).",
      "",
    ].join("\n");
    if (!deps.notifyOwner({ subject, text })) return;
    store.write("watch", (tx) => repo.recordEmail(tx, iso(), count));
    logger.info({ clips: count }, "Queued the new-clips e-mail");
  }

  /** Checks `list`, unless a run is under way (then resolves with that run's clips). */
  function runChecks(list: readonly SourceRow[]): Promise<OfferedClip[]> {
    if (running) return running;
    if (stopped || list.length === 0) return Promise.resolve([]);
    const run: Run = { reading: new Map(), found: [] };
    const started = (async () => {
      try {
        announce();
        await Promise.all(list.map((source) => checkSource(source, run)));
        lastCheck = {
          run: (lastCheck?.run ?? 0) + 1,
          sources: list.length,
          newClips: run.found.length,
          failing: list.filter((source) => repo.source(source.id)?.state !== "ok").length,
        };
        if (!stopped) emailIfDue();
      } catch (error) {
        // The database stayed locked past its busy timeout, say: the next look tries again.
        logger.warn({ reason: reasonOf(error) }, "A check of the watched sources failed");
      } finally {
        running = undefined;
        if (!stopped) announce();
      }
      return run.found;
    })();
    running = started;
    return started;
  }

  // ---- The owner's view and actions --------------------------------------------------------

  function suggestions(): SourceSuggestion[] {
    const inPortfolio = new Map(articles.list().map((article) => [articleUrlKey(article.url), article]));
    const watched = new Set(repo.sources().map((source) => source.urlKey));
    const shown: SourceSuggestion[] = [];
    for (const row of repo.suggestions()) {
      const article = inPortfolio.get(articleUrlKey(row.pageUrl));
      if (!article || watched.has(row.urlKey)) continue;
      shown.push({ url: row.url, kind: row.kind, seenOn: article.title });
      if (shown.length === SUGGESTIONS_SHOWN) break;
    }
    return shown;
  }

  function sourceRow(id: string): SourceRow {
    const row = repo.source(id);
    if (!row) throw new WatchError(404, "not_found", "That source is not watched.");
    return row;
  }

  function clipRow(id: string): ClipRow {
    const row = repo.clip(id);
    if (!row) throw new WatchError(404, "not_found", "That clip no longer exists.");
    return row;
  }

  function readFailure(url: string, error: unknown): WatchError {
    if (error instanceof SafeFetchError && error.code === "robots_disallowed")
      return new WatchError(400, "robots_disallowed", error.message);
    if (error instanceof SafeFetchError && error.code.startsWith("blocked_")) {
      return new WatchError(400, "fetch_refused", `This address cannot be watched: ${error.message}`);
    }
    if (error instanceof WatchStoppedError) return new WatchError(503, "stopping", "The server is stopping.");
    if (error instanceof UnreadablePageError) return new WatchError(502, "unreadable", error.message);
    return new WatchError(502, "source_unreadable", `Could not read ${url}: ${reasonOf(error)}`);
  }

  return {
    overview(): WatchOverview {
      const since = new Date(now().getTime() - UNDO_DAYS * DAY_MS).toISOString();
      const shown = notInPortfolio(repo.shownClips(since)).map(toClip);
      return {
        sources: repo.sources().map(toSource),
        clips: shown,
        suggestions: suggestions(),
        waiting: shown.filter((clip) => clip.status === "waiting").length,
        checking: running !== undefined,
        lastCheck,
      };
    },

    /**
     * Watches `url` after reading it once (its kind is what that read found); the same address
     * again is the source already watched. Throws WatchError when it cannot be read.
     */
    async addSource(url: string): Promise<{ source: WatchedSource; created: boolean }> {
      const urlKey = articleUrlKey(url);
      const existing = repo.sourceByKey(urlKey);
      if (existing) return { source: toSource(existing), created: false };
      let document: Document;
      let kind: SourceKind;
      try {
        // The owner waits for it: it goes before the requests of a check under way.
        const answer = await get(url, { urgent: true });
        if (!isOk(answer.status)) throw new SourceFailure(`${answer.status} ${answer.statusText}`.trim());
        document = await asDocument(answer);
        const links = await readFetchedLinks(document.page, { skip: [], read: [], wanted: 0, pages: 0 });
        kind = kindOf(links, document.page.body);
      } catch (error) {
        throw readFailure(url, error);
      }
      const addedAt = iso();
      const row: SourceRow = {
        id: randomUUID(),
        url,
        urlKey,
        kind,
        gzipped: document.gzipped,
        addedAt,
        lastCheckedAt: null,
        lastNewClipAt: null,
        state: "ok",
        failures: 0,
        failingSince: null,
        lastError: "",
        autoAdd: false,
        // Its first check is the next look of the schedule.
        nextCheckAt: addedAt,
      };
      const created = store.write("watch", (tx) => repo.insertSource(tx, row));
      const stored = repo.sourceByKey(urlKey) ?? row;
      logger.info(
        { sourceId: stored.id, url, kind },
        created ? "Watching a new source" : "The source was already watched",
      );
      return { source: toSource(stored), created };
    },

    removeSource(id: string): void {
      sourceRow(id);
      store.write("watch", (tx) => repo.removeSource(tx, id));
    },

    /** Add without asking on or off; resume a paused source (checked at the next look). */
    updateSource(id: string, patch: { autoAdd?: boolean; resume?: true }): WatchedSource {
      const current = sourceRow(id);
      store.write("watch", (tx) =>
        repo.updateSource(tx, id, {
          ...(patch.autoAdd !== undefined && { autoAdd: patch.autoAdd }),
          ...(patch.resume &&
            current.state !== "ok" && {
              state: "ok" as const,
              failures: 0,
              failingSince: null,
              lastError: "",
              nextCheckAt: iso(),
            }),
        }),
      );
      return toSource(sourceRow(id));
    },

    /** Checks every source that is not paused now (Check now, `byline watch check`); resolves with the new clips. */
    checkNow: (): Promise<OfferedClip[]> =>
      runChecks(repo.sources().filter((source) => source.state !== "paused")),

    /** The schedule's look: checks the sources whose moment has come (tests call it with their clock). */
    tick,

    /** Resolves once the run under way, if any, has ended. */
    idle: async (): Promise<void> => void (await running),

    /** The owner's Add: the clip joins the portfolio with its details, text and a guessed tag. */
    addClip(id: string): { article: Article; created: boolean } {
      const clip = clipRow(id);
      if (clip.status === "added" && clip.articleId) {
        const article = articles.get(clip.articleId);
        if (article) return { article, created: false };
      }
      if (clip.status === "dismissed") throw new WatchError(409, "dismissed", "This clip was dismissed.");
      const added = addClip(clip, false);
      if (added.created) deps.keepLater([added.article.id]);
      return added;
    },

    /** The owner's Dismiss: never offered again, from any source. */
    dismissClip(id: string): OfferedClip {
      const clip = clipRow(id);
      if (clip.status === "added")
        throw new WatchError(409, "added", "This clip is in the portfolio: remove the article instead.");
      store.write("watch", (tx) => repo.updateClip(tx, id, { status: "dismissed", content: "" }));
      return toClip(clipRow(id));
    },

    /** Undoes an add without asking: the article goes, and the clip is dismissed. */
    undoClip(id: string): OfferedClip {
      const clip = clipRow(id);
      if (clip.status !== "added" || !clip.autoAdded) {
        throw new WatchError(409, "not_auto_added", "Only a clip added without asking can be undone here.");
      }
      if (clip.articleId) articles.remove(clip.articleId);
      store.write("watch", (tx) => repo.updateClip(tx, id, { status: "dismissed", articleId: null }));
      return toClip(clipRow(id));
    },

    /**
     * Takes back the owner's Dismiss, or an Add within UNDO_ADD_MINUTES: the clip waits again, and
     * the article that Add made goes. An Add that found the article in the portfolio made nothing
     * to take back.
     */
    restoreClip(id: string): OfferedClip {
      const clip = clipRow(id);
      if (clip.status === "added") {
        const made = undoableAdds.get(id);
        if (clip.autoAdded || !made || made.articleId !== clip.articleId || made.until < now().getTime()) {
          throw new WatchError(
            409,
            "too_late",
            "This clip can no longer be taken out of the portfolio here.",
          );
        }
        // The clip's text went into the article: it comes back for the next Add.
        const content = articles.get(made.articleId)?.content ?? "";
        articles.remove(made.articleId);
        undoableAdds.delete(id);
        store.write("watch", (tx) =>
          repo.updateClip(tx, id, { status: "waiting", articleId: null, content }),
        );
      } else if (clip.status === "dismissed") {
        store.write("watch", (tx) => repo.updateClip(tx, id, { status: "waiting" }));
      }
      return toClip(clipRow(id));
    },

    /** 'Also published at …' of an article: copies of it the watch found at other addresses. */
    alsoPublishedAt: (articleId: string): string[] => repo.alsoPublishedAt(articleId),

    /** The reader read a page: the author pages and feeds it links become suggestions. */
    notePageRead: noteSuggestions,

    /** Starts the schedule: a look every `tickMs` (a minute) for sources whose moment has come. */
    start(): void {
      if (stopped || timer) return;
      timer = setInterval(() => void tick(), deps.tickMs ?? 60_000);
      timer.unref?.();
    },

    /** Stops the schedule and the run under way (a request in flight finishes; nothing more is read). */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      stopping.abort(new WatchStoppedError("The clip watch is stopping"));
      await running?.catch(() => undefined);
    },
  };

  function tick(): Promise<OfferedClip[]> {
    return running || paused() ? Promise.resolve([]) : runChecks(repo.dueSources(iso()));
  }
}

export type ClipWatchService = ReturnType<typeof createClipWatchService>;
