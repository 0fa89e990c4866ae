import { parseHTML } from "linkedom";
import { capContent, cutExcerpt, toReaderParagraphs } from "../../../domain/reader-paragraphs";
import type { ReaderParagraph } from "../../../domain/reader-paragraphs";
import { extractBody } from "./article-body";
import { isBylineOf } from "./boilerplate-blocks";
import { readJsonLd } from "./json-ld";
import { indexPage } from "./page-index";
import { cleanAuthor, readPageMetadata } from "./page-metadata";
import { readPageSignals, withVisibleByline, type PageSignals } from "./page-signals";

export type ExtractedArticle = {
  title: string;
  author: string;
  /** ISO 8601 as the page states it, or "". */
  publishDate: string;
  /** Absolute http(s) URL, or "". */
  image: string;
  excerpt: string;
  /** The full body as plain text, paragraphs separated by a blank line. */
  content: string;
  /** What reader mode shows (the reader-mode paragraph rules applied to `content`). */
  paragraphs: ReaderParagraph[];
  /** The outlet as the page names itself, or "". */
  siteName: string;
  /** Who the page names as author and where, its language, canonical address, author pages and feeds. */
  signals: PageSignals;
};

const NO_ARTICLE_TEXT = "No article text found on the page";

/**
 * Thrown for a page with no usable article text (a video page, a gallery, a landing page). It
 * carries what the page's metadata did say, so reader mode can still show the article's details.
 */
export class NoArticleTextError extends Error {
  override readonly name = "NoArticleTextError";

  constructor(readonly metadata: Omit<ExtractedArticle, "content" | "paragraphs">) {
    super(NO_ARTICLE_TEXT);
  }
}
/** Below this much body text the page is parsed a second time, without furniture removal. */
const SECOND_LOOK_CHARS = 200;

function textLength(paragraphs: string[]): number {
  return paragraphs.reduce((sum, paragraph) => sum + paragraph.length, 0);
}

/**
 * HTML lets a page leave out <html> and <body>, but linkedom only builds the tree as written, and
 * everything downstream looks in document.body; such pages are wrapped in one.
 */
function withBody(html: string): string {
  if (/<body[\s>]/i.test(html.replace(/<!--[\s\S]*?-->/g, ""))) return html;
  const inner = html.replace(/<!doctype[^>]*>|<\/?html[^>]*>/gi, "");
  return `<!doctype html><html><head></head><body>${inner}</body></html>`;
}

/**
 * Extracts an article from a page's HTML: metadata from JSON-LD and meta tags, the body from
 * Readability over a document cleared of page furniture, cross-checked with JSON-LD articleBody.
 * Throws NoArticleTextError when the page has no usable article text.
 */
export function extractArticle(html: string, pageUrl?: string): ExtractedArticle {
  const source = withBody(html);
  const { document } = parseHTML(source);
  const index = indexPage(document);
  const jsonLd = readJsonLd(index.jsonLd);
  const metadata = readPageMetadata(index, jsonLd, pageUrl);
  // Read before the body's extraction takes page furniture (bylines among it) out of the document.
  const signals = readPageSignals(index, jsonLd, pageUrl);
  const siteUrl = [pageUrl, index.links.get("canonical"), index.meta.get("og:url")].find(
    (url) => url && URL.canParse(url),
  );
  const options = { embeddedParagraphs: jsonLd?.bodyParagraphs ?? [], siteUrl };
  let body = extractBody(document, { ...options, removeFurniture: true });
  if (textLength(body.paragraphs) < SECOND_LOOK_CHARS) {
    // Furniture rules can misjudge an unusual layout: let Readability see the untouched page too.
    const plain = extractBody(parseHTML(source).document, { ...options, removeFurniture: false });
    if (textLength(plain.paragraphs) > textLength(body.paragraphs)) body = plain;
  }
  const author = metadata.author || cleanAuthor(body.byline);
  // Capped here, in the parse worker: the reader caches, archives and re-reads this text.
  const content = capContent(body.paragraphs.filter((text) => !isBylineOf(text, author)).join("\n\n"));
  const paragraphs = toReaderParagraphs(content);
  const firstParagraph = paragraphs.find((p) => !p.heading)?.text ?? "";
  const details = {
    title: metadata.title || body.title,
    author,
    publishDate: metadata.publishDate,
    image: metadata.image,
    excerpt: cutExcerpt(metadata.description || firstParagraph),
    siteName: metadata.siteName,
    signals: withVisibleByline(signals, body.byline),
  };
  if (paragraphs.length === 0) throw new NoArticleTextError(details);
  return { ...details, content, paragraphs };
}
