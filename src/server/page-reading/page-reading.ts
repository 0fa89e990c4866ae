import { ARTICLE_LIMITS } from "../../domain/article-limits";
import type { Article } from "../../domain/content";
import { parseArticleDate } from "../../domain/dates";
import { isHttpUrl } from "../../domain/safe-url";
import { originalGoneText } from "../../domain/link-health";
import { siteHost } from "../../domain/site-host";
import { ApiProblem } from "../kernel/http/api-error";
import { SafeFetchError, type SafeResponse } from "../kernel/fetch/safe-fetch";
import { inParseWorker } from "../kernel/parse/parse-pool";
import { UnreadablePageError } from "../kernel/parse/unreadable-page";
import type { ExtractedArticle } from "../kernel/extract/extract-article";
import type { PageSignals } from "../kernel/extract/page-signals";
import type * as ArticlePage from "../kernel/extract/read-article-page";
import { allowsFraming } from "../kernel/extract/framing";
import { createInFlight, createTtlCache } from "../kernel/ttl-cache";
import type { KeptText, KeptTexts } from "./kept-texts";
import { errorReason } from "../../domain/error-reason";
import { pausedWhile } from "../kernel/disk/pause-gate";

/** `POST /api/articles/fetch-details`: article fields filled from a page, for the owner to review. */
export type ArticleDetails = {
  title: string;
  outlet: string;
  /** YYYY-MM-DD, or "" when the page states no date. */
  date: string;
  image: string;
  description: string;
  content: string;
  /** The byline the page names, or "". */
  author: string;
};

/** Fetch details of a page already fetched, with what the page says of its authors, language and links. */
export type PageDetails = ArticleDetails & { signals: PageSignals };

/** A page read and extracted, held by its reader until it is kept (or dropped). */
export type FoundPage = { page: SafeResponse; extracted: ExtractedArticle; details: PageDetails };

export type PageReadErrorCode =
  | "not_found"
  | "no_source"
  | "invalid_url"
  | "fetch_refused"
  | "fetch_failed"
  | "no_content"
  | "extraction_failed"
  | "unreadable"
  | "busy"
  | "no_text"
  | "gone";

/**
 * A failure to read a page, with its HTTP status; `message` is the text the visitor sees
 * (docs/product.md, Article viewer).
 */
export class PageReadError extends ApiProblem {
  override readonly name = "PageReadError";

  constructor(
    override readonly status: 400 | 404 | 502,
    override readonly code: PageReadErrorCode,
    message: string,
  ) {
    super(status, code, message);
  }
}

/** A capture of a page, as the web archive recorded it. */
export type KeptCapture = { id: string; capturedAt: string };

export type PageReadingDeps = {
  /** Issue 41: why background writing should wait (the disk is low), or undefined. */
  lowSpace?: () => string | undefined;
  articles: { get(id: string): Article | undefined; list(): readonly Article[] };
  keptTexts: KeptTexts;
  /** A publisher's page through the kernel's fetcher (the outlet gate), HTML only. */
  fetchPage: (url: string) => Promise<SafeResponse>;
  /** Keeps the page (asked for at `requestedUrl`) and its lead image as a capture of the article. */
  capture: (
    articleId: string,
    page: SafeResponse,
    requestedUrl: string,
    leadImage: string,
  ) => Promise<KeptCapture>;
  /** The article's newest capture, if any (no network). */
  newestCapture: (articleId: string) => KeptCapture | undefined;
  /** A capture's page as it was received, read back from its WARC (no network). */
  storedPage: (captureId: string) => Promise<SafeResponse>;
  /** Our canonical origin: framing rules are checked against it. */
  publicUrl: string;
  logger: { info(details: object, message: string): void; warn(details: object, message: string): void };
  now?: () => number;
};

export type ReextractSummary = {
  articles: number;
  reextracted: number;
  failed: { articleId: string; error: string }[];
};

/** What reading an article's page came to: its extraction, or the failure to remember. */
export type Extraction =
  | { ok: true; article: ExtractedArticle; fetchedAt: string; fresh: boolean }
  | { ok: false; error: PageReadError };

/** A read remembered by address: which article it was kept for, and its capture. */
type CachedRead =
  | { ok: true; article: ExtractedArticle; fetchedAt: string; captureId?: string; keptFor: string }
  | { ok: false; error: PageReadError };

type Kept = { fetchedAt: string; captureId?: string };

const HOUR_MS = 60 * 60 * 1000;
/** Extracted article content is cached in memory for 1 hour (docs/product.md, Limits and timings). */
const CONTENT_TTL_MS = HOUR_MS;
const FRAMING_TTL_MS = HOUR_MS;
/** A failing publisher is asked again after a minute, not on every visitor's click. */
const FAILURE_TTL_MS = 60 * 1000;
/**
 * A page refused as unreadable (too deeply nested, too slow to parse…) is not asked for again for
 * as long as a page that was read: repeating the request costs nothing.
 */
const UNREADABLE_TTL_MS = HOUR_MS;
/** The parse workers were busy: says nothing about the page, so asked again soon. */
const BUSY_TTL_MS = 5 * 1000;
const MAX_CACHED_PAGES = 200;

/** Decoding, the markup limits and extraction, in the parse pool: never on the main thread. */
const readArticlePage = inParseWorker<typeof ArticlePage, "readArticlePage">(
  new URL("../kernel/extract/read-article-page.ts", import.meta.url),
  "readArticlePage",
);

function failureTtl(error: PageReadError): number {
  if (error.code === "busy") return BUSY_TTL_MS;
  return error.code === "unreadable" ? UNREADABLE_TTL_MS : FAILURE_TTL_MS;
}

/** The kept text of an article: what the page said when it was read, and whom it named as author. */
function keptText(
  article: Article,
  extracted: ExtractedArticle,
  fetchedAt: string,
  captureId: string | undefined,
): KeptText {
  const { title, author, publishDate, image, excerpt, content } = extracted;
  return {
    ...(captureId === undefined ? {} : { captureId }),
    articleId: article.id,
    url: article.url,
    title,
    author,
    publishDate,
    image,
    excerpt,
    content,
    fetchedAt,
    authors: extracted.signals.authors,
  };
}

/**
 * Reads pages someone else published (docs/decisions/039): fetch (through the outlet gate),
 * guard and parse (the parse pool), extract, and — once the caller has judged the page one of the
 * owner's articles — keep: one web-archive capture linked to the article, and the kept text
 * traced to it. Nothing is kept of a page that is no article. Visitors can only make it read the
 * addresses of stored articles: never an open proxy.
 */
export function createPageReading(deps: PageReadingDeps) {
  const { articles, keptTexts, fetchPage, publicUrl, logger } = deps;
  const now = deps.now ?? (() => Date.now());
  const extractions = createTtlCache<CachedRead>({
    ttlMs: CONTENT_TTL_MS,
    maxEntries: MAX_CACHED_PAGES,
    now,
  });
  const framings = createTtlCache<boolean>({ ttlMs: FRAMING_TTL_MS, maxEntries: MAX_CACHED_PAGES, now });
  const pageOnce = createInFlight<SafeResponse>();
  const extractOnce = createInFlight<CachedRead>();
  const framingOnce = createInFlight<boolean>();
  /** Articles waiting to be read and kept in the background (the watch's Add, the import's add). */
  const queue: string[] = [];
  let draining: Promise<void> | undefined;
  let stopped = false;

  function storedArticle(id: string): Article {
    const article = articles.get(id);
    if (!article) throw new PageReadError(404, "not_found", "That article does not exist.");
    return article;
  }

  /** One request per URL at a time; every page fetched also tells us whether it may be framed. */
  function loadPage(url: string): Promise<SafeResponse> {
    return pageOnce(url, async () => {
      const page = await fetchPage(url);
      framings.set(url, isOk(page) && allowsFraming(page.headers, publicUrl, page.url));
      return page;
    });
  }

  /**
   * Keeps a read of the article's page: a capture linked to the article, and the text it holds
   * as the kept text. A page without article text is not kept. A capture that fails costs
   * the text nothing.
   */
  async function keep(
    article: Article,
    page: SafeResponse,
    extracted: ExtractedArticle,
    requestedUrl = page.url,
  ): Promise<Kept> {
    const fetchedAt = new Date(now()).toISOString();
    if (extracted.content === "") return { fetchedAt };
    let captured: KeptCapture | undefined;
    try {
      captured = await deps.capture(article.id, page, requestedUrl, extracted.image);
    } catch (error) {
      logger.warn({ url: page.url, err: error }, "Could not keep the page in the web archive");
    }
    const kept = { fetchedAt: captured?.capturedAt ?? fetchedAt, captureId: captured?.id };
    putArchive(article, extracted, kept);
    return kept;
  }

  function putArchive(article: Article, extracted: ExtractedArticle, kept: Kept): void {
    try {
      keptTexts.put(keptText(article, extracted, kept.fetchedAt, kept.captureId));
    } catch (error) {
      // Deleted while we fetched it, or the disk is full: the reader still gets the text.
      logger.warn({ articleId: article.id, err: error }, "Could not save the article's kept text");
    }
  }

  /**
   * Reads a stored article's page and keeps it, remembering the outcome by address (content and
   * unreadable pages for 1 h, other failures for 1 min): a page read is kept once, not on every
   * miss of the cache, and a page with no text is never kept.
   */
  async function readArticle(id: string): Promise<Extraction> {
    const article = storedArticle(id);
    if (!isHttpUrl(article.url)) {
      throw new PageReadError(404, "no_source", "This article has no original address to read it from.");
    }
    if (article.gone) throw goneError(article);
    const url = article.url;
    const cached = extractions.get(url);
    if (cached) {
      if (!cached.ok) return cached;
      // Read within the hour, and its copy since removed: the text read then, and its capture
      // when it was kept for this article.
      if (cached.article.content !== "" && !keptTexts.currentFor(article)) {
        const captureId = cached.keptFor === id ? cached.captureId : undefined;
        putArchive(article, cached.article, { fetchedAt: cached.fetchedAt, captureId });
      }
      return { ok: true, article: cached.article, fetchedAt: cached.fetchedAt, fresh: false };
    }
    const outcome = await extractOnce(url, async () => {
      let read: CachedRead;
      try {
        const page = await loadPage(url);
        const extracted = await extractPage(page);
        const kept = await keep(article, page, extracted, url);
        read = { ok: true, article: extracted, ...kept, keptFor: id };
      } catch (error) {
        const failure = error instanceof PageReadError ? error : fetchFailure(error, 502);
        logger.info({ url, code: failure.code }, failure.message);
        read = { ok: false, error: failure };
      }
      extractions.set(url, read, read.ok ? CONTENT_TTL_MS : failureTtl(read.error));
      return read;
    });
    return outcome.ok
      ? { ok: true, article: outcome.article, fetchedAt: outcome.fetchedAt, fresh: true }
      : outcome;
  }

  /** Fetch details for the owner: nothing is kept until the page is one of their articles. */
  async function fetchDetails(url: string): Promise<ArticleDetails> {
    if (!isHttpUrl(url)) {
      throw new PageReadError(400, "invalid_url", "Use a full web address starting with http:// or https://");
    }
    let page: SafeResponse;
    try {
      page = await loadPage(url);
    } catch (error) {
      throw fetchFailure(error, 400);
    }
    return detailsOf(await extractPage(page), page.url);
  }

  /** A page someone else fetched (a watched source's link), read but not kept. */
  async function readFetched(page: SafeResponse): Promise<FoundPage> {
    const extracted = await extractPage(page);
    return { page, extracted, details: { ...detailsOf(extracted, page.url), signals: extracted.signals } };
  }

  /** The found page became one of the owner's articles: it is kept as that article's capture. */
  async function keepFound(articleId: string, found: FoundPage): Promise<void> {
    const article = articles.get(articleId);
    if (article) await keep(article, found.page, found.extracted);
  }

  /** Reads the queued articles' pages one after another and keeps them. */
  const paused = pausedWhile(deps.lowSpace, logger, "Background captures");
  function drain(): Promise<void> {
    draining ??= (async () => {
      // While the disk is low the queue waits: the next keepLater drains it.
      while (!stopped && queue.length > 0 && !paused()) {
        const id = queue.shift() as string;
        try {
          const outcome = await readArticle(id);
          if (!outcome.ok)
            logger.info({ articleId: id, code: outcome.error.code }, "Could not keep a new article's page");
        } catch (error) {
          logger.info({ articleId: id, err: error }, "Could not keep a new article's page");
        }
      }
    })().finally(() => {
      draining = undefined;
    });
    return draining;
  }

  /**
   * 'Archive now': the text of the article's live original, kept as its kept text with a
   * capture. A page read in the last hour is not fetched again.
   */
  async function archiveNow(id: string): Promise<{ fetchedAt: string; url: string }> {
    const outcome = await readArticle(id);
    if (!outcome.ok) throw outcome.error;
    if (outcome.article.content === "")
      throw new PageReadError(502, "no_text", "No article text found on the page");
    const article = storedArticle(id);
    return { fetchedAt: keptTexts.currentFor(article)?.fetchedAt ?? outcome.fetchedAt, url: article.url };
  }

  /** Extraction again, from each article's newest capture: no network. */
  async function reextract(): Promise<ReextractSummary> {
    const summary: ReextractSummary = { articles: 0, reextracted: 0, failed: [] };
    for (const article of articles.list()) {
      const found = deps.newestCapture(article.id);
      if (!found) continue;
      summary.articles += 1;
      try {
        const extracted = await extractPage(await deps.storedPage(found.id));
        if (extracted.content === "")
          throw new PageReadError(502, "no_text", "No article text found on the page");
        keptTexts.put(keptText(article, extracted, found.capturedAt, found.id));
        summary.reextracted += 1;
      } catch (error) {
        summary.failed.push({
          articleId: article.id,
          error: errorReason(error),
        });
      }
    }
    return summary;
  }

  /** Whether the original page may be shown in a frame on this site (cached for an hour). */
  async function frameable(url: string): Promise<boolean> {
    const cached = framings.get(url);
    if (cached !== undefined) return cached;
    return framingOnce(url, () =>
      loadPage(url).then(
        () => framings.get(url) ?? false,
        (error: unknown) => {
          logger.info({ url, err: error }, "Could not check whether the original page may be framed");
          framings.set(url, false, FAILURE_TTL_MS);
          return false;
        },
      ),
    );
  }

  return {
    readArticle,
    fetchDetails,
    readFetched,
    keepFound,
    /** Reads and keeps the pages of articles just made from found pages, in the background. */
    keepLater(articleIds: readonly string[]): void {
      if (stopped) return;
      queue.push(...articleIds.filter((id) => !queue.includes(id)));
      void drain();
    },
    archiveNow,
    reextract,
    frameable,
    /** Resolves once the background reads have all been kept (tests, the command line). */
    idle: async (): Promise<void> => {
      while (draining) await draining;
    },
    stop(): Promise<void> {
      stopped = true;
      return draining ?? Promise.resolve();
    },
  };
}

export type PageReading = ReturnType<typeof createPageReading>;

function detailsOf(article: ExtractedArticle, pageUrl: string): ArticleDetails {
  const date = parseArticleDate(article.publishDate);
  return {
    title: article.title.slice(0, ARTICLE_LIMITS.title),
    outlet: (article.siteName || siteHost(pageUrl)).slice(0, ARTICLE_LIMITS.outlet),
    date: date ? date.toISOString().slice(0, 10) : "",
    image: article.image,
    description: article.excerpt.slice(0, ARTICLE_LIMITS.description),
    content: article.content.slice(0, ARTICLE_LIMITS.content),
    author: article.author,
  };
}

function goneError(article: Article): PageReadError {
  return new PageReadError(404, "gone", originalGoneText(article));
}

function isOk(page: SafeResponse): boolean {
  return page.status >= 200 && page.status < 300;
}

/** The reader's errors, checked in the order the site it was modelled on checked them. */
async function extractPage(page: SafeResponse): Promise<ExtractedArticle> {
  if (!isOk(page)) {
    throw new PageReadError(
      502,
      "fetch_failed",
      `Failed to fetch content: ${page.status} ${page.statusText}`.trimEnd(),
    );
  }
  let article: ExtractedArticle | null;
  try {
    article = await readArticlePage({ body: page.body, contentType: page.contentType }, page.url);
  } catch (error) {
    if (error instanceof UnreadablePageError) {
      throw new PageReadError(502, error.reason === "busy" ? "busy" : "unreadable", error.message);
    }
    const reason = error instanceof Error && error.message ? error.message : "Unknown error";
    throw new PageReadError(502, "extraction_failed", `Content extraction failed: ${reason}`);
  }
  if (!article) throw new PageReadError(502, "no_content", "No content received from source");
  return article;
}

function fetchFailure(error: unknown, refusedStatus: 400 | 502): PageReadError {
  const reason = errorReason(error);
  if (error instanceof SafeFetchError) {
    if (
      error.code === "blocked_scheme" ||
      error.code === "blocked_port" ||
      error.code === "blocked_address"
    ) {
      return new PageReadError(
        refusedStatus,
        "fetch_refused",
        `This address cannot be fetched: ${reason}. Only public web addresses can be read.`,
      );
    }
    if (error.code === "bad_content_type") {
      return new PageReadError(502, "extraction_failed", `Content extraction failed: ${reason}`);
    }
  }
  return new PageReadError(502, "fetch_failed", `Failed to fetch content: ${reason}`);
}
