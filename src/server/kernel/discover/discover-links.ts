import { articleUrlKey } from "../../../domain/article-url";
import { checkMarkup } from "../parse/markup-limits";
import { decodeHtml } from "../extract/decode-html";
import type { DocumentFormat, FeedFormat, SitemapFormat } from "../../../domain/document-kind";
import { documentKind, NOT_A_DOCUMENT, SNIFF_LENGTH, sniffDocument, type Sniffed } from "./document-kind";
import { feedLinks, jsonFeedLinks, sitemapLinks } from "./feed-links";
import { detailsOf, type LinkDetails } from "./listed-link";
import { pageLinks } from "./page-links";

export type { LinkDetails } from "./listed-link";

/**
 * What a fetched page turned out to be, and the links it gives; `details` has the headline and
 * date the page shows for its article links, where it shows them (keyed by link).
 */
export type PageLinks =
  | { kind: "feed"; format?: FeedFormat; articles: string[]; details?: Record<string, LinkDetails> }
  | {
      kind: "sitemap";
      format?: SitemapFormat;
      articles: string[];
      sitemaps: string[];
      details?: Record<string, LinkDetails>;
    }
  | {
      kind: "page";
      articles: string[];
      next: string[];
      details?: Record<string, LinkDetails>;
      /** Pages named by `rel=author` links: author pages, not articles. */
      authorPages?: string[];
    };

/**
 * Reads a document as a feed (RSS, RDF, Atom, JSON Feed), a sitemap (or sitemap index) or an
 * HTML page, by its content; throws UnreadablePageError for one beyond the markup limits.
 */
export function readPageLinks(text: string, pageUrl: string): PageLinks {
  return readAs(sniffDocument(text.slice(0, SNIFF_LENGTH)) ?? { kind: "page" }, text, pageUrl);
}

function readAs({ kind, format }: Sniffed, text: string, pageUrl: string): PageLinks {
  if (format === "json-feed") {
    const links = jsonFeedLinks(text, pageUrl);
    return withDetails({ kind: "feed", format: "json-feed", articles: links.map(({ url }) => url) }, links);
  }
  if (kind === "feed") {
    checkMarkup(text, "xml");
    const { format, links } = feedLinks(text, pageUrl);
    return withDetails({ kind: "feed", format, articles: links.map(({ url }) => url) }, links);
  }
  if (kind === "sitemap") {
    checkMarkup(text, "xml");
    const { format, links, sitemaps } = sitemapLinks(text, pageUrl);
    return withDetails({ kind: "sitemap", format, articles: links.map(({ url }) => url), sitemaps }, links);
  }
  checkMarkup(text, "html");
  const { links, next, authorPages } = pageLinks(text, pageUrl);
  const page = withDetails({ kind: "page", articles: links.map(({ url }) => url), next }, links);
  return authorPages.length > 0 ? { ...page, authorPages } : page;
}

function withDetails<T extends PageLinks>(links: T, listed: Parameters<typeof detailsOf>[0]): T {
  const details = detailsOf(listed);
  return details ? { ...links, details } : links;
}

/** What discover.ts already has when it reads one more page: only new links are worth sending back. */
export type LinkFilter = {
  /** Keys (articleUrlKey) of the links not to return: the portfolio's, and those found so far. */
  skip: readonly string[];
  /** Pages already read (their keys): links back to them are counted, not returned. */
  read: readonly string[];
  /** Article links still wanted. */
  wanted: number;
  /** Pages (sitemaps or next pages) still to be read at most. */
  pages: number;
};

/** What a page gives discover.ts: only new links, and few enough that taking them costs nothing. */
export type NewLinks = {
  kind: PageLinks["kind"];
  /** RSS, RDF, Atom or JSON Feed; a sitemap, a sitemap index or a news sitemap. */
  format?: DocumentFormat;
  /** New article links, each once, at most `wanted`. */
  articles: string[];
  /** Their keys (articleUrlKey), in the same order: what the main thread looks them up by. */
  articleKeys: string[];
  /** The headline and date the page shows for those of `articles` it shows them for. */
  details?: Record<string, LinkDetails>;
  /** How many article links the page listed, new or not. */
  listed: number;
  /** The sitemaps of a sitemap index, or a listing's next pages: not yet read, each once, at most `pages`. */
  follow: string[];
  /** Links to follow that led back to a page already read. */
  repeats: number;
  /** An HTML page's `rel=author` links: author pages, each once. */
  authorPages?: string[];
};

/**
 * A fetched page's new links, from its bytes: what a parse worker runs for discover.ts. The
 * weeding happens here, not on the main thread: a sitemap may list 125,000 addresses that are all
 * the same or already in the portfolio, and each costs two URL parses. What the bytes are is told
 * by their content, not by the type the server announced; throws when they are no web page, feed
 * or sitemap.
 */
export function readFetchedLinks(
  page: { url: string; body: Uint8Array; contentType: string },
  filter: LinkFilter,
): NewLinks {
  const text = decodeHtml(page);
  const sniffed = documentKind(text.slice(0, SNIFF_LENGTH), page.contentType);
  if (!sniffed) throw new Error(NOT_A_DOCUMENT);
  const links = readAs(sniffed, text, page.url);
  const skip = new Set(filter.skip);
  const read = new Set(filter.read);
  const articleKeys: string[] = [];
  const articles = distinctLinks(links.articles, skip, filter.wanted, articleKeys);
  const toFollow = links.kind === "sitemap" ? links.sitemaps : links.kind === "page" ? links.next : [];
  const repeats = toFollow.filter((link) => read.has(articleUrlKey(link))).length;
  const follow = distinctLinks(toFollow, read, filter.pages);
  const found: NewLinks = {
    kind: links.kind,
    articles,
    articleKeys,
    listed: links.articles.length,
    follow,
    repeats,
  };
  if (links.kind !== "page" && links.format) found.format = links.format;
  const shown = articles.filter((link) => links.details?.[link]);
  if (shown.length > 0)
    found.details = Object.fromEntries(shown.map((link) => [link, links.details![link]!]));
  if (links.kind === "page" && links.authorPages) found.authorPages = links.authorPages;
  return found;
}

/** The first `max` links whose keys are not in `skip`, each key once (`skip` gains them, and `keys` if given). */
function distinctLinks(links: string[], skip: Set<string>, max: number, keys?: string[]): string[] {
  const kept: string[] = [];
  for (const link of links) {
    if (kept.length >= max) break;
    const key = articleUrlKey(link);
    if (skip.has(key)) continue;
    skip.add(key);
    kept.push(link);
    keys?.push(key);
  }
  return kept;
}
