import type { ReaderParagraph } from "./reader-paragraphs";

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
};
