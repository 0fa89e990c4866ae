import type { Article } from "../../domain/content";
import { ApiProblem } from "../kernel/http/api-error";
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
import type { ExtractedArticle } from "../kernel/extract/extract-article";
import type { PageSignals } from "../kernel/extract/page-signals";
import { createTtlCache } from "../kernel/ttl-cache";
import type { KeptText, KeptTexts } from "../page-reading/kept-texts";
import type { Extraction } from "../page-reading/page-reading";

export type ReaderServiceOptions = {
  articles: { get(id: string): Article | undefined };
  keptTexts: Pick<KeptTexts, "currentFor">;
  /** Reads a stored article's page (and keeps it): page reading. */
  readArticle: (articleId: string) => Promise<Extraction>;
  /** Whether a page may be shown in a frame here: page reading. */
  frameable: (url: string) => Promise<boolean>;
  /** Told of a page reader mode read: the clip watch suggests the author pages and feeds it links. */
  onPageRead?: (page: { url: string; title: string }, signals: PageSignals) => void;
  /** Copies of an article the clip watch found at other addresses. */
  alsoPublishedAt?: (articleId: string) => string[];
  logger: { warn(details: object, message: string): void };
  now?: () => number;
};

const HOUR_MS = 60 * 60 * 1000;
const MAX_CACHED_PAGES = 200;

/** A kept text's paragraphs are kept split per copy: one article's copy at one reading. */
const splitKey = (articleId: string, fetchedAt: string) => `${articleId} ${fetchedAt}`;

/**
 * Reader mode and the original-site check for visitors, for stored articles only: the text kept,
 * else the page read now (page reading fetches it, and keeps it for the article).
 */
export function createReaderService(options: ReaderServiceOptions) {
  const { articles, keptTexts, logger } = options;
  const splitArchives = createTtlCache<ReaderParagraph[]>({
    ttlMs: HOUR_MS,
    maxEntries: MAX_CACHED_PAGES,
    now: options.now,
  });

  function storedArticle(id: string): Article {
    const article = articles.get(id);
    if (!article) throw new ApiProblem(404, "not_found", "That article does not exist.");
    return article;
  }

  /**
   * What the reader shows of a kept text, split once per copy: 20,000 short lines take tens
   * of milliseconds to split, and the reader's answer is not cached. Copies stored before
   * extraction capped its text may be longer than the cap.
   */
  function archivedParagraphs(archived: KeptText): ReaderParagraph[] {
    const key = splitKey(archived.articleId, archived.fetchedAt);
    const cached = splitArchives.get(key);
    if (cached) return cached;
    const paragraphs = toReaderParagraphs(capContent(archived.content));
    splitArchives.set(key, paragraphs);
    return paragraphs;
  }

  async function readText(id: string): Promise<ReaderContent> {
    const article = storedArticle(id);
    const stored = storedReaderContent(article);
    if (stored) return stored;
    if (!isHttpUrl(article.url)) {
      throw new ApiProblem(
        404,
        "no_source",
        "This article has no text and no original address to read it from.",
      );
    }
    const archived = keptTexts.currentFor(article);
    if (archived) {
      return merge(article, { ...archived, paragraphs: archivedParagraphs(archived) }, "archive");
    }
    // The link check found the original gone and we kept no text: nothing to fetch.
    if (article.gone) throw new ApiProblem(404, "gone", originalGoneText(article));
    const outcome = await options.readArticle(id);
    if (!outcome.ok) throw outcome.error;
    if (outcome.fresh) noteRead(article.url, outcome.article);
    return merge(article, outcome.article, "fetched");
  }

  function noteRead(url: string, article: ExtractedArticle): void {
    try {
      options.onPageRead?.({ url, title: article.title }, article.signals);
    } catch (error) {
      logger.warn({ url, err: error }, "Could not note the links of a page read");
    }
  }

  return {
    async read(id: string): Promise<ReaderContent> {
      return withCopies(await readText(id), options.alsoPublishedAt?.(id) ?? []);
    },
    async framing(id: string): Promise<{ frameable: boolean }> {
      const { url, gone } = storedArticle(id);
      if (!isHttpUrl(url) || gone) return { frameable: false };
      return { frameable: await options.frameable(url) };
    },
  };
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
