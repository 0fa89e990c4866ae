import type { Article } from "./content";
import { usableImage } from "./placeholder-images";
import { cutExcerpt, toReaderParagraphs, type ReaderParagraph } from "./reader-paragraphs";

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
