import { ARTICLE_LIMITS } from "../../domain/article-limits";
import type { Article } from "../../domain/content";
import { ApiProblem } from "../kernel/http/api-error";
import { parseArticleDate } from "../../domain/dates";
import { isPlaceholderImage, usableImage } from "../../domain/placeholder-images";
import {
  capContent,
  cutExcerpt,
  toReaderParagraphs,
  type ReaderParagraph,
} from "../../domain/reader-paragraphs";
import {
  storedReaderContent,
  withCopies,
  type ReaderContent,
  type ReaderSource,
} from "../../domain/reader-content";
import { isHttpUrl } from "../../domain/safe-url";
import { originalGoneText } from "../../domain/link-health";
import { SafeFetchError } from "../kernel/fetch/safe-fetch";
import type { SafeResponse } from "../kernel/fetch/safe-fetch";
import { inParseWorker } from "../kernel/parse/parse-pool";
import { UnreadablePageError } from "../kernel/parse/unreadable-page";
import type { ArchivedArticle, ArticleArchive } from "./article-archive";
import type { ExtractedArticle } from "../kernel/extract/extract-article";
import type { PageSignals } from "../kernel/extract/page-signals";
import type * as ArticlePage from "../kernel/extract/read-article-page";
import { allowsFraming } from "../kernel/extract/framing";
import { createInFlight, createTtlCache } from "../kernel/ttl-cache";
import { siteHost } from "../../domain/site-host";

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

export type ReaderErrorCode =
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
 * A reader failure with its HTTP status; `message` is the text the visitor sees (docs/product.md,
 * Article viewer).
 */
export class ReaderError extends ApiProblem {
  override readonly name = "ReaderError";

  constructor(
    override readonly status: 400 | 404 | 502,
    override readonly code: ReaderErrorCode,
    message: string,
  ) {
    super(status, code, message);
  }
}

export type ReaderServiceOptions = {
  articles: { get(id: string): Article | undefined };
  archive: ArticleArchive;
  /** The safe fetcher, bound to FETCH_ALLOW_PRIVATE and HTML content types. */
  fetchPage: (url: string) => Promise<SafeResponse>;
  /** Our canonical origin: framing rules are checked against it. */
  publicUrl: string;
  logger: { info(details: object, message: string): void; warn(details: object, message: string): void };
  now?: () => number;
  /**
   * Told of every page the reader reads (reader mode, Archive now, Fetch details): the clip
   * watch suggests the author pages and feeds the portfolio's pages link.
   */
  onPageRead?: (page: { url: string; title: string }, signals: PageSignals) => void;
  /** Copies of an article the clip watch found at other addresses. */
  alsoPublishedAt?: (articleId: string) => string[];
  /**
   * Keeps every page read (and its lead image) in the web archive; resolves to the capture's id,
   * which the archived text then records.
   */
  capture?: (page: SafeResponse, requestedUrl: string, leadImage: string) => Promise<string>;
};

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
const MAX_CACHED_PAGES = 200;

type Extraction =
  | { ok: true; article: ExtractedArticle; fetchedAt: string; captureId?: string }
  | { ok: false; error: ReaderError };

/** Decoding, the markup limits and extraction, in the parse pool: never on the main thread. */
const readArticlePage = inParseWorker<typeof ArticlePage, "readArticlePage">(
  new URL("../kernel/extract/read-article-page.ts", import.meta.url),
  "readArticlePage",
);

/** The parse workers were busy: says nothing about the page, so asked again soon. */
const BUSY_TTL_MS = 5 * 1000;

function failureTtl(error: ReaderError): number {
  if (error.code === "busy") return BUSY_TTL_MS;
  return error.code === "unreadable" ? UNREADABLE_TTL_MS : FAILURE_TTL_MS;
}

/** An archived copy's paragraphs are kept split per copy: one article's copy at one reading. */
const splitKey = (articleId: string, fetchedAt: string) => `${articleId} ${fetchedAt}`;

/** What an archived copy is made of: a page with no article text on it is not one. */
function withText(extracted: ExtractedArticle): ExtractedArticle {
  if (extracted.content === "") throw new ReaderError(502, "no_text", "No article text found on the page");
  return extracted;
}

/** The archived copy of an article: what the page said when it was read. */
function archivedCopy(
  article: Article,
  extracted: ExtractedArticle,
  fetchedAt: string,
  captureId: string | undefined,
): ArchivedArticle {
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
  };
}

/**
 * Reader mode and the original-site check for stored articles, and "fetch details" for the
 * owner. Visitors can only make the server fetch the URLs of stored articles: never an open proxy.
 */
export function createReaderService(options: ReaderServiceOptions) {
  const { articles, archive, fetchPage, publicUrl, logger } = options;
  const now = options.now ?? (() => Date.now());
  const extractions = createTtlCache<Extraction>({
    ttlMs: CONTENT_TTL_MS,
    maxEntries: MAX_CACHED_PAGES,
    now,
  });
  const framings = createTtlCache<boolean>({ ttlMs: FRAMING_TTL_MS, maxEntries: MAX_CACHED_PAGES, now });
  const splitArchives = createTtlCache<ReaderParagraph[]>({
    ttlMs: CONTENT_TTL_MS,
    maxEntries: MAX_CACHED_PAGES,
    now,
  });
  const pageOnce = createInFlight<SafeResponse>();
  const extractOnce = createInFlight<Extraction>();
  const framingOnce = createInFlight<boolean>();

  function storedArticle(id: string): Article {
    const article = articles.get(id);
    if (!article) throw new ReaderError(404, "not_found", "That article does not exist.");
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
   * Fetches and extracts a page, remembering the outcome (content and unreadable pages for 1 h,
   * other failures for 1 min).
   */
  function extractUrl(url: string): Promise<Extraction> {
    const cached = extractions.get(url);
    if (cached) return Promise.resolve(cached);
    return extractOnce(url, async () => {
      let outcome: Extraction;
      try {
        const page = await loadPage(url);
        const article = await extractPage(page);
        const captureId = await keep(page, url, article);
        outcome = { ok: true, article, fetchedAt: new Date(now()).toISOString(), captureId };
        noteRead(url, article);
      } catch (error) {
        const failure = error instanceof ReaderError ? error : fetchFailure(error, 502);
        logger.info({ url, code: failure.code }, failure.message);
        outcome = { ok: false, error: failure };
      }
      extractions.set(url, outcome, outcome.ok ? CONTENT_TTL_MS : failureTtl(outcome.error));
      return outcome;
    });
  }

  /**
   * What the reader shows of an archived copy, split once per copy: 20,000 short lines take tens
   * of milliseconds to split, and the reader's answer is not cached. Copies stored before
   * extraction capped its text may be longer than the cap.
   */
  function archivedParagraphs(archived: ArchivedArticle): ReaderParagraph[] {
    const key = splitKey(archived.articleId, archived.fetchedAt);
    const cached = splitArchives.get(key);
    if (cached) return cached;
    const paragraphs = toReaderParagraphs(capContent(archived.content));
    splitArchives.set(key, paragraphs);
    return paragraphs;
  }

  /** The page in the web archive; a capture that fails costs the reader nothing. */
  async function keep(
    page: SafeResponse,
    url: string,
    article: ExtractedArticle,
  ): Promise<string | undefined> {
    if (!options.capture) return undefined;
    try {
      return await options.capture(page, url, article.image);
    } catch (error) {
      logger.warn({ url, err: error }, "Could not keep the page in the web archive");
      return undefined;
    }
  }

  function saveArchive(
    article: Article,
    extracted: ExtractedArticle,
    fetchedAt: string,
    captureId: string | undefined,
  ): void {
    // Nothing to keep: the page is asked again once the memory cache forgets it.
    if (extracted.content === "") return;
    try {
      archive.put(archivedCopy(article, extracted, fetchedAt, captureId));
    } catch (error) {
      // Deleted while we fetched it, or the disk is full: the visitor still gets the text.
      logger.warn({ articleId: article.id, err: error }, "Could not save the article's archived copy");
    }
  }

  async function read(id: string): Promise<ReaderContent> {
    return withCopies(await readText(id), options.alsoPublishedAt?.(id) ?? []);
  }

  async function readText(id: string): Promise<ReaderContent> {
    const article = storedArticle(id);
    const stored = storedReaderContent(article);
    if (stored) return stored;
    if (!isHttpUrl(article.url)) {
      throw new ReaderError(
        404,
        "no_source",
        "This article has no text and no original address to read it from.",
      );
    }
    const archived = archive.currentFor(article);
    if (archived) {
      return merge(article, { ...archived, paragraphs: archivedParagraphs(archived) }, "archive");
    }
    // The link check found the original gone and we kept no text: nothing to fetch.
    if (article.gone) throw goneError(article);
    const outcome = await extractUrl(article.url);
    if (!outcome.ok) throw outcome.error;
    saveArchive(article, outcome.article, outcome.fetchedAt, outcome.captureId);
    return merge(article, outcome.article, "fetched");
  }

  async function framing(id: string): Promise<{ frameable: boolean }> {
    const { url, gone } = storedArticle(id);
    if (!isHttpUrl(url) || gone) return { frameable: false };
    const cached = framings.get(url);
    if (cached !== undefined) return { frameable: cached };
    const frameable = await framingOnce(url, () =>
      loadPage(url).then(
        () => framings.get(url) ?? false,
        (error: unknown) => {
          logger.info({ url, err: error }, "Could not check whether the original page may be framed");
          framings.set(url, false, FAILURE_TTL_MS);
          return false;
        },
      ),
    );
    return { frameable };
  }

  function noteRead(url: string, article: ExtractedArticle): void {
    try {
      options.onPageRead?.({ url, title: article.title }, article.signals);
    } catch (error) {
      logger.warn({ url, err: error }, "Could not note the links of a page read");
    }
  }

  async function fetchDetails(url: string): Promise<ArticleDetails> {
    if (!isHttpUrl(url)) {
      throw new ReaderError(400, "invalid_url", "Use a full web address starting with http:// or https://");
    }
    let page: SafeResponse;
    try {
      page = await loadPage(url);
    } catch (error) {
      throw fetchFailure(error, 400);
    }
    const article = await extractPage(page);
    const captureId = await keep(page, url, article);
    extractions.set(url, { ok: true, article, fetchedAt: new Date(now()).toISOString(), captureId });
    noteRead(url, article);
    return detailsOf(article, page.url);
  }

  /** Fetch details of a page someone else fetched (the clip watch asks politely, with its own rules). */
  async function readDetails(page: SafeResponse): Promise<PageDetails> {
    const article = await extractPage(page);
    await keep(page, page.url, article);
    return { ...detailsOf(article, page.url), signals: article.signals };
  }

  /**
   * Extraction again from a page kept in the web archive (no network): the article's archived
   * text becomes what those bytes say, and records the capture it came from.
   */
  async function keepTextFrom(
    id: string,
    page: SafeResponse,
    capture: { id: string; capturedAt: string },
  ): Promise<void> {
    const article = storedArticle(id);
    const extracted = withText(await extractPage(page));
    archive.put(archivedCopy(article, extracted, capture.capturedAt, capture.id));
    splitArchives.delete(splitKey(id, capture.capturedAt));
  }

  /**
   * "Archive now": the text of the article's live original, as the archived copy to store. A
   * page read in the last hour is not fetched again.
   */
  async function extractForArchive(id: string): Promise<ArchivedArticle> {
    const article = storedArticle(id);
    if (!isHttpUrl(article.url)) {
      throw new ReaderError(404, "no_source", "This article has no original address to archive.");
    }
    if (article.gone) throw goneError(article);
    const outcome = await extractUrl(article.url);
    if (!outcome.ok) throw outcome.error;
    return archivedCopy(article, withText(outcome.article), outcome.fetchedAt, outcome.captureId);
  }

  return { read, framing, fetchDetails, readDetails, extractForArchive, keepTextFrom };
}

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

function goneError(article: Article): ReaderError {
  return new ReaderError(404, "gone", originalGoneText(article));
}

export type ReaderService = ReturnType<typeof createReaderService>;

/** The reader's view of an article: the page's text and metadata, with the stored fields filling gaps. */
function merge(
  article: Article,
  page: Pick<ExtractedArticle, "title" | "author" | "publishDate" | "image" | "excerpt" | "paragraphs">,
  source: ReaderSource,
): ReaderContent {
  const pageImage = isHttpUrl(page.image) && !isPlaceholderImage(page.image) ? page.image : "";
  return {
    title: page.title || article.title,
    author: page.author,
    publishDate: page.publishDate || article.date,
    image: usableImage(article) ?? pageImage,
    excerpt: page.excerpt || cutExcerpt(article.description),
    paragraphs: page.paragraphs,
    source,
  };
}

function isOk(page: SafeResponse): boolean {
  return page.status >= 200 && page.status < 300;
}

/** The reader's errors, checked in the order the site it was modelled on checked them. */
async function extractPage(page: SafeResponse): Promise<ExtractedArticle> {
  if (!isOk(page)) {
    throw new ReaderError(
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
      throw new ReaderError(502, error.reason === "busy" ? "busy" : "unreadable", error.message);
    }
    const reason = error instanceof Error && error.message ? error.message : "Unknown error";
    throw new ReaderError(502, "extraction_failed", `Content extraction failed: ${reason}`);
  }
  if (!article) throw new ReaderError(502, "no_content", "No content received from source");
  return article;
}

function fetchFailure(error: unknown, refusedStatus: 400 | 502): ReaderError {
  const reason = error instanceof Error ? error.message : String(error);
  if (error instanceof SafeFetchError) {
    if (
      error.code === "blocked_scheme" ||
      error.code === "blocked_port" ||
      error.code === "blocked_address"
    ) {
      return new ReaderError(
        refusedStatus,
        "fetch_refused",
        `This address cannot be fetched: ${reason}. Only public web addresses can be read.`,
      );
    }
    if (error.code === "bad_content_type") {
      return new ReaderError(502, "extraction_failed", `Content extraction failed: ${reason}`);
    }
  }
  return new ReaderError(502, "fetch_failed", `Failed to fetch content: ${reason}`);
}
