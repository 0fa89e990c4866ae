import { DOMParser } from "linkedom";
import { MARKUP_LIMITS } from "../parse/markup-limits";
import { UnreadablePageError } from "../parse/unreadable-page";
import type { FeedFormat, SitemapFormat } from "../../../domain/document-kind";
import { absoluteLink, headlineText, listedDate, type ListedLink } from "./listed-link";

function xmlDocument(text: string) {
  return new DOMParser().parseFromString(text, "text/xml");
}

/** An element's name without its namespace prefix (`dc:date` is `date`). */
const nameOf = (element: { localName: string }) => element.localName.replace(/^.*:/, "");

/** The name of a document's root element. */
function rootName(document: ReturnType<typeof xmlDocument>): string {
  return document.documentElement ? nameOf(document.documentElement) : "";
}

const childNamed = (element: Element, name: string) =>
  [...element.children].find((child) => nameOf(child) === name);

/** The text of `element`'s first child named one of `names` (in their order) that has any. */
function childText(element: Element, ...names: string[]): string | undefined {
  for (const name of names) {
    for (const child of element.children) {
      const text = nameOf(child) === name ? child.textContent?.trim() : undefined;
      if (text) return text;
    }
  }
  return undefined;
}

function listed(url: string, headline: string | undefined, date: string | undefined): ListedLink {
  return { url, ...(headline !== undefined && { headline }), ...(date !== undefined && { date }) };
}

/**
 * An RSS or RDF feed's `<item>`s (their `<link>`, or a permalink `<guid>`) and an Atom feed's
 * `<entry>`s (`<link rel="alternate">`), with each one's title and date.
 */
export function feedLinks(text: string, base: string): { format: FeedFormat; links: ListedLink[] } {
  const document = xmlDocument(text);
  const root = rootName(document);
  const links: ListedLink[] = [];
  for (const item of document.querySelectorAll("item")) {
    const guid = childNamed(item, "guid");
    const permalink = guid?.getAttribute("isPermaLink") === "false" ? undefined : guid?.textContent;
    const url = absoluteLink(childText(item, "link"), base) ?? absoluteLink(permalink, base);
    if (!url) continue;
    links.push(
      listed(url, headlineText(childText(item, "title")), listedDate(childText(item, "pubDate", "date"))),
    );
  }
  for (const entry of document.querySelectorAll("entry")) {
    const anchors = [...entry.children].filter((child) => nameOf(child) === "link");
    const alternate =
      anchors.find((link) => (link.getAttribute("rel") ?? "alternate") === "alternate") ?? anchors[0];
    const url = absoluteLink(alternate?.getAttribute("href"), base);
    if (!url) continue;
    links.push(
      listed(
        url,
        headlineText(childText(entry, "title")),
        listedDate(childText(entry, "published", "updated")),
      ),
    );
  }
  return { format: root === "feed" ? "atom" : root === "RDF" ? "rdf" : "rss", links };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const stringOf = (value: unknown) => (typeof value === "string" ? value : undefined);

/** A JSON Feed's items (https://jsonfeed.org/version/1.1): `url`, `title`, `date_published`. */
export function jsonFeedLinks(text: string, base: string): ListedLink[] {
  if (text.length > MARKUP_LIMITS.maxLength) throw new UnreadablePageError("too_large");
  let feed: unknown;
  try {
    feed = JSON.parse(text);
  } catch {
    throw new Error("The JSON Feed is not valid JSON");
  }
  const items = isRecord(feed) && Array.isArray(feed.items) ? (feed.items as unknown[]) : [];
  const links: ListedLink[] = [];
  for (const item of items) {
    if (!isRecord(item)) continue;
    const url = absoluteLink(stringOf(item.url), base);
    if (!url) continue;
    const date = stringOf(item.date_published) ?? stringOf(item.date_modified);
    links.push(listed(url, headlineText(stringOf(item.title)), listedDate(date)));
  }
  return links;
}

/**
 * A sitemap's `<url>`s (with a news sitemap's title and publication date) or a sitemap index's
 * `<sitemap>`s. A plain sitemap's `<lastmod>` is when a page last changed, not when it was
 * published, so it is not given as the date.
 */
export function sitemapLinks(
  text: string,
  base: string,
): { format: SitemapFormat; links: ListedLink[]; sitemaps: string[] } {
  const document = xmlDocument(text);
  const loc = (element: Element) => absoluteLink(childText(element, "loc"), base);
  const links: ListedLink[] = [];
  let news = false;
  for (const entry of document.querySelectorAll("url")) {
    const url = loc(entry);
    if (!url) continue;
    const story = childNamed(entry, "news");
    news ||= story !== undefined;
    links.push(
      listed(
        url,
        story && headlineText(childText(story, "title")),
        story && listedDate(childText(story, "publication_date")),
      ),
    );
  }
  const sitemaps: string[] = [];
  for (const entry of document.querySelectorAll("sitemap")) {
    const url = loc(entry);
    if (url) sitemaps.push(url);
  }
  const index = rootName(document) === "sitemapindex";
  return { format: index ? "sitemap-index" : news ? "news-sitemap" : "sitemap", links, sitemaps };
}
