import type { DocumentKind } from "../../../domain/document-kind";

/**
 * What a fetched document is, told by its first characters: stock web servers send `.rss` as
 * `application/x-rss+xml`, `.xml.gz` as `application/gzip` and files they do not know as
 * `text/plain` or `application/octet-stream`, so the announced type cannot decide. A JSON Feed
 * is told apart here already: it is read by other rules than the XML ones.
 */
export type Sniffed = { kind: DocumentKind; format?: "json-feed" };

const PAGE: Sniffed = { kind: "page" };

export const NOT_A_DOCUMENT = "The address is not a web page, feed or sitemap";

/** How much of a document's start tells what it is (after an XML declaration, comments, a doctype). */
export const SNIFF_LENGTH = 8192;

/** The XML declaration, processing instructions, comments and a doctype (with its internal subset). */
const PROLOG = /\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!doctype\b[^[>]*(?:\[[\s\S]*?\])?\s*>)/iy;
const FIRST_ELEMENT = /\s*<([A-Za-z][\w.:-]*)/y;
const FEED_ROOT = /^(?:[\w.-]+:)?(?:rss|feed|RDF)$/;
const SITEMAP_ROOT = /^(?:[\w.-]+:)?(?:urlset|sitemapindex)$/;
const JSON_FEED = /"version"\s*:\s*"https?:\/\/jsonfeed\.org\/version\//;
/** Elements an HTML document starts with (the WHATWG sniffing list, and what pages open with today). */
const HTML_START = new Set(
  (
    "html head body title meta link base script style noscript iframe div p a b br font table h1 h2 " +
    "h3 header nav main article section ul"
  ).split(" "),
);

/** What a document's start says it is, or undefined when it names no page, feed or sitemap. */
export function sniffDocument(head: string): Sniffed | undefined {
  const text = head.replace(/^\uFEFF/, "");
  if (/^\s*\{/.test(text)) return JSON_FEED.test(text) ? { kind: "feed", format: "json-feed" } : undefined;
  let at = 0;
  for (;;) {
    PROLOG.lastIndex = at;
    const skipped = PROLOG.exec(text);
    if (!skipped) break;
    if (/^\s*<!doctype\s+html\b/i.test(skipped[0])) return PAGE;
    at = PROLOG.lastIndex;
  }
  FIRST_ELEMENT.lastIndex = at;
  const root = FIRST_ELEMENT.exec(text)?.[1];
  if (root === undefined) return undefined;
  if (FEED_ROOT.test(root)) return { kind: "feed" };
  if (SITEMAP_ROOT.test(root)) return { kind: "sitemap" };
  return HTML_START.has(root.toLowerCase()) ? PAGE : undefined;
}

/** Whether text holds a control character no text document does (WHATWG "binary data bytes"). */
function hasBinaryCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const c = text.charCodeAt(index);
    if (c <= 0x08 || c === 0x0b || (c >= 0x0e && c <= 0x1a) || (c >= 0x1c && c <= 0x1f)) return true;
  }
  return false;
}

/**
 * What a document is, from its start and the type its server announced: the content decides,
 * and a page announced as HTML that starts with no tag is still read as one, unless it holds
 * bytes no text does. Undefined: not a web page, feed or sitemap (an image, a PDF, an archive).
 */
export function documentKind(head: string, contentType: string): Sniffed | undefined {
  const sniffed = sniffDocument(head);
  if (sniffed) return sniffed;
  const mediaType = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  const declaresHtml = mediaType === "text/html" || mediaType === "application/xhtml+xml";
  return declaresHtml && !hasBinaryCharacters(head) ? PAGE : undefined;
}
