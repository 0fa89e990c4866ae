import { DOMParser, parseHTML } from "linkedom";
import { articleUrlKey } from "../../../domain/article-url";
import { checkMarkup } from "../parse/markup-limits";
import { decodeHtml } from "../extract/decode-html";
import { siteHost } from "../site-host";

/** What a fetched page turned out to be, and the links it gives. */
export type PageLinks =
  | { kind: "feed"; articles: string[] }
  | { kind: "sitemap"; articles: string[]; sitemaps: string[] }
  | { kind: "page"; articles: string[]; next: string[] };

/** Path segments of pages that list articles rather than being one. */
const LISTING_SEGMENTS = new Set([
  "about",
  "account",
  "archive",
  "archives",
  "author",
  "authors",
  "categories",
  "category",
  "contact",
  "contributor",
  "contributors",
  "feed",
  "feeds",
  "login",
  "newsletter",
  "newsletters",
  "page",
  "people",
  "privacy",
  "profile",
  "profiles",
  "rss",
  "search",
  "section",
  "sections",
  "signin",
  "staff",
  "subscribe",
  "tag",
  "tags",
  "terms",
  "topic",
  "topics",
]);
const FILE_EXTENSION = /\.(?!s?html?$|php$|aspx?$)[a-z0-9]{2,5}$/i;
const DATE_IN_PATH = /(?:^|\/)(?:19|20)\d{2}[/-](?:0?[1-9]|1[0-2])(?:[/-]|$)/;
const LONG_ID = /\d{5,}/;
const NEXT_TEXT = /^(?:next|older|more)(?:\s+(?:page|posts|articles|stories|entries))?\s*[›»→>]*$|^[›»→]$/i;
const PAGE_QUERY = /^(?:page|p|pg)$/i;

/**
 * Reads a document as a feed, a sitemap (or sitemap index) or an HTML page; throws
 * UnreadablePageError for one beyond the markup limits.
 */
export function readPageLinks(text: string, pageUrl: string): PageLinks {
  const head = text.slice(0, 2000).replace(/<\?xml[^>]*>|<!--[\s\S]*?-->/g, "");
  if (/<(?:[\w-]+:)?(?:rss|feed|RDF)[\s>]/.test(head)) {
    checkMarkup(text, "xml");
    return { kind: "feed", articles: feedLinks(text, pageUrl) };
  }
  if (/<(?:urlset|sitemapindex)[\s>]/.test(head)) {
    checkMarkup(text, "xml");
    return sitemapLinks(text, pageUrl);
  }
  checkMarkup(text, "html");
  return pageLinks(text, pageUrl);
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
  /** New article links, each once, at most `wanted`. */
  articles: string[];
  /** How many article links the page listed, new or not. */
  listed: number;
  /** The sitemaps of a sitemap index, or a listing's next pages: not yet read, each once, at most `pages`. */
  follow: string[];
  /** Links to follow that led back to a page already read. */
  repeats: number;
};

/**
 * A fetched page's new links, from its bytes: what a parse worker runs for discover.ts. The
 * weeding happens here, not on the main thread: a sitemap may list 125,000 addresses that are all
 * the same or already in the portfolio, and each costs two URL parses.
 */
export function readFetchedLinks(
  page: { url: string; body: Uint8Array; contentType: string },
  filter: LinkFilter,
): NewLinks {
  const links = readPageLinks(decodeHtml(page), page.url);
  const skip = new Set(filter.skip);
  const read = new Set(filter.read);
  const articles = distinctLinks(links.articles, skip, filter.wanted);
  const toFollow = links.kind === "sitemap" ? links.sitemaps : links.kind === "page" ? links.next : [];
  const repeats = toFollow.filter((link) => read.has(articleUrlKey(link))).length;
  const follow = distinctLinks(toFollow, read, filter.pages);
  return { kind: links.kind, articles, listed: links.articles.length, follow, repeats };
}

/** The first `max` links whose keys are not in `skip`, each key once (`skip` gains them). */
function distinctLinks(links: string[], skip: Set<string>, max: number): string[] {
  const kept: string[] = [];
  for (const link of links) {
    if (kept.length >= max) break;
    const key = articleUrlKey(link);
    if (skip.has(key)) continue;
    skip.add(key);
    kept.push(link);
  }
  return kept;
}

function xmlDocument(text: string) {
  return new DOMParser().parseFromString(text, "text/xml");
}

function absolute(value: string | null | undefined, base: string): string | undefined {
  if (!value?.trim()) return undefined;
  try {
    const url = new URL(value.trim(), base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    url.hash = "";
    return url.href;
  } catch {
    return undefined;
  }
}

function present(values: (string | undefined)[]): string[] {
  return values.filter((value): value is string => value !== undefined);
}

/** RSS `<item><link>` (or a permalink `<guid>`) and Atom `<entry><link rel="alternate">`. */
function feedLinks(text: string, base: string): string[] {
  const document = xmlDocument(text);
  const links: (string | undefined)[] = [];
  for (const item of document.querySelectorAll("item")) {
    const link = [...item.children].find((child) => child.localName === "link")?.textContent;
    const guid = [...item.children].find(
      (child) => child.localName === "guid" && child.getAttribute("isPermaLink") !== "false",
    )?.textContent;
    links.push(absolute(link, base) ?? absolute(guid, base));
  }
  for (const entry of document.querySelectorAll("entry")) {
    const anchors = [...entry.children].filter((child) => child.localName === "link");
    const alternate =
      anchors.find((link) => (link.getAttribute("rel") ?? "alternate") === "alternate") ?? anchors[0];
    links.push(absolute(alternate?.getAttribute("href"), base));
  }
  return present(links);
}

function sitemapLinks(text: string, base: string): PageLinks {
  const document = xmlDocument(text);
  const locs = (parent: string) =>
    present(
      [...document.querySelectorAll(parent)].map((element) =>
        absolute([...element.children].find((child) => child.localName === "loc")?.textContent, base),
      ),
    );
  return { kind: "sitemap", articles: locs("url"), sitemaps: locs("sitemap") };
}

function sameSite(a: string, b: string): boolean {
  return siteHost(a) !== "" && siteHost(a) === siteHost(b);
}

/**
 * Whether a same-site link looks like an article: a date, a long id or a slug of three words or
 * more in its path, and no segment that names a listing (tag, section, author, pagination...).
 */
export function looksLikeArticle(link: string, pageUrl: string): boolean {
  if (!sameSite(link, pageUrl)) return false;
  const url = new URL(link);
  const page = new URL(pageUrl);
  if (url.pathname.replace(/\/+$/, "") === page.pathname.replace(/\/+$/, "")) return false;
  if ([...url.searchParams.keys()].some((key) => PAGE_QUERY.test(key))) return false;
  const segments = url.pathname.split("/").filter(Boolean);
  const last = segments.at(-1);
  if (!last || FILE_EXTENSION.test(last)) return false;
  if (segments.some((segment) => LISTING_SEGMENTS.has(segment.toLowerCase()))) return false;
  const slug = last.replace(/\.[a-z]+$/i, "");
  return DATE_IN_PATH.test(url.pathname) || LONG_ID.test(slug) || slug.split(/[-_]/).length >= 3;
}

function pageLinks(html: string, pageUrl: string): PageLinks {
  const { document } = parseHTML(html);
  const base = absolute(document.querySelector("base[href]")?.getAttribute("href"), pageUrl) ?? pageUrl;
  const articles: string[] = [];
  const next: string[] = [];
  for (const element of document.querySelectorAll("link[rel~=next][href]")) {
    const href = absolute(element.getAttribute("href"), base);
    if (href && sameSite(href, pageUrl)) next.push(href);
  }
  for (const anchor of document.querySelectorAll("a[href]")) {
    const href = absolute(anchor.getAttribute("href"), base);
    if (!href) continue;
    const rel = (anchor.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
    const label = (anchor.textContent ?? anchor.getAttribute("aria-label") ?? "").trim();
    if (rel.includes("next") || NEXT_TEXT.test(label) || isNextPageNumber(href, pageUrl)) {
      if (sameSite(href, pageUrl)) next.push(href);
    } else if (looksLikeArticle(href, pageUrl)) {
      articles.push(href);
    }
  }
  return { kind: "page", articles, next };
}

/** `?page=N+1` or `/page/N+1` on the page we are reading (page 1 when it names none). */
function isNextPageNumber(link: string, pageUrl: string): boolean {
  const pageNumber = (url: string) => {
    const parsed = new URL(url);
    for (const [key, value] of parsed.searchParams) if (PAGE_QUERY.test(key)) return Number(value);
    const match = /\/page\/(\d+)\/?$/.exec(parsed.pathname);
    return match ? Number(match[1]) : undefined;
  };
  const listing = (url: string) => new URL(url).pathname.replace(/\/page\/\d+\/?$/, "").replace(/\/+$/, "");
  const target = pageNumber(link);
  if (target === undefined || !sameSite(link, pageUrl) || listing(link) !== listing(pageUrl)) return false;
  return target === (pageNumber(pageUrl) ?? 1) + 1;
}
