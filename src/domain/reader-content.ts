import type { Article } from "./content";
import { usableImage } from "./placeholder-images";
import { cutExcerpt, toReaderParagraphs, type ReaderParagraph } from "./reader-paragraphs";
import { isHttpUrl } from "./safe-url";
import { siteHost } from "./site-host";

/** Where reader mode's text came from: the owner's own copy, our archive, or the publisher just now. */
export type ReaderSource = "stored" | "archive" | "fetched";

/** `GET /api/articles/:id/reader`. Every field is plain text (or a URL); no markup ever. */
export type ReaderContent = {
  title: string;
  author: string;
  publishDate: string;
  /** Absolute http(s) URL or a path on this site, or "". */
  image: string;
  excerpt: string;
  paragraphs: ReaderParagraph[];
  source: ReaderSource;
  /** Copies of the article at other addresses ('Also published at …'), when the clip watch found any. */
  alsoPublishedAt?: string[];
};

/**
 * Reader mode from the owner's own copy of the article (its `content`), or null when there is
 * none. The reader API answers this for such articles, and the landing page renders it on the
 * server for a shared '?article=' link, so both always show the same text.
 */
export function storedReaderContent(
  article: Pick<Article, "title" | "date" | "image" | "description" | "content">,
): ReaderContent | null {
  if (article.content.trim() === "") return null;
  return {
    title: article.title,
    author: "",
    publishDate: article.date,
    image: usableImage(article) ?? "",
    excerpt: cutExcerpt(article.description),
    paragraphs: toReaderParagraphs(article.content),
    source: "stored",
  };
}

/** Reader content with the article's copies at other addresses ('Also published at …'), when it has any. */
export function withCopies(content: ReaderContent, copies: readonly string[]): ReaderContent {
  return copies.length > 0 ? { ...content, alsoPublishedAt: [...copies] } : content;
}

/**
 * The links of 'Also published at …': one per outlet, to the first copy found there (a partner's
 * second address for the same story says nothing more), named by its host; http(s) addresses only.
 */
export function copyLinks(urls: readonly string[] = []): { url: string; host: string }[] {
  const links = new Map<string, string>();
  for (const url of urls) {
    const host = isHttpUrl(url) ? siteHost(url) : "";
    if (host !== "" && !links.has(host)) links.set(host, url);
  }
  return [...links].map(([host, url]) => ({ url, host }));
}
