import type { BylinePlace, PageAuthor } from "../../../domain/byline-evidence";
import type { JsonLdArticle } from "./json-ld";
import type { PageIndex } from "./page-index";
import { AUTHOR_KEYS, baseUrl, cleanAuthor, resolveHttpUrl } from "./page-metadata";

/**
 * What a page says about itself beyond the article: who wrote it and where it says so, its
 * language, its canonical address, and the author pages and feeds it links. The clip watch
 * matches pages with these and suggests sources from them.
 */
export type PageSignals = {
  /** Each name the page gives as its author, with where it gives it (strongest place first). */
  authors: PageAuthor[];
  /** The language the page states (`<html lang>`, else `og:locale`, else JSON-LD `inLanguage`), as written; "" when none. */
  language: string;
  /** `<link rel="canonical">` (else `og:url`), absolute; "" when none. */
  canonical: string;
  /** Pages linked as the author's (`rel="author"`), with the link's text ("" for a `<link>`). */
  authorPages: { url: string; name: string }[];
  /** Feeds the page advertises (`<link rel="alternate">` of an RSS, Atom or JSON Feed type). */
  feeds: string[];
};

const FEED_TYPE = /^application\/(?:rss\+xml|atom\+xml|feed\+json|rdf\+xml)$/i;
/** A page lists a few authors; more are a list of staff, not a byline. */
const MAX_NAMES = 20;
const MAX_LINKS = 10;

function distinct<T>(items: T[], key: (item: T) => string, max: number): T[] {
  const seen = new Set<string>();
  return items
    .filter((item) => {
      const value = key(item);
      if (seen.has(value)) return false;
      seen.add(value);
      return true;
    })
    .slice(0, max);
}

const relWords = (element: Element) => (element.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);

const named = (names: string[], place: BylinePlace) =>
  names.map((name) => ({ name: cleanAuthor(name), place })).filter(({ name }) => name !== "");
const authorKey = ({ name, place }: { name: string; place: BylinePlace }) => `${place} ${name.toLowerCase()}`;

/** Reads the signals from a page's index, before extraction changes the document. */
export function readPageSignals(
  index: PageIndex,
  jsonLd: JsonLdArticle | null,
  pageUrl: string | undefined,
): PageSignals {
  const base = baseUrl(index, pageUrl);
  const authors = [
    ...named(jsonLd?.authors ?? [], "json-ld"),
    ...named(
      AUTHOR_KEYS.map((key) => index.meta.get(key) ?? ""),
      "meta",
    ),
    ...named(
      index.authorLinks.map((link) => link.textContent ?? ""),
      "rel-author",
    ),
    ...named(
      index.bylineClassed.map((element) => element.textContent ?? ""),
      "byline",
    ),
  ];
  const linkedAuthorPages = [
    ...index.authorLinks.map((link) => ({
      url: resolveHttpUrl(link.getAttribute("href") ?? "", base),
      name: cleanAuthor(link.textContent ?? ""),
    })),
    ...index.headLinks
      .filter((link) => relWords(link).includes("author"))
      .map((link) => ({ url: resolveHttpUrl(link.getAttribute("href") ?? "", base), name: "" })),
  ].filter(({ url }) => url !== "");
  const feeds = index.headLinks
    .filter((link) => relWords(link).includes("alternate") && FEED_TYPE.test(link.getAttribute("type") ?? ""))
    .map((link) => resolveHttpUrl(link.getAttribute("href") ?? "", base))
    .filter((url) => url !== "");
  return {
    authors: distinct(authors, authorKey, MAX_NAMES),
    language:
      [index.htmlLang, index.meta.get("og:locale") ?? "", jsonLd?.language ?? ""]
        .map((value) => value.trim())
        .find((value) => value !== "") ?? "",
    canonical: resolveHttpUrl(index.links.get("canonical") ?? index.meta.get("og:url") ?? "", base),
    authorPages: distinct(linkedAuthorPages, ({ url }) => url, MAX_LINKS),
    feeds: distinct(feeds, (url) => url, MAX_LINKS),
  };
}

/** The signals with the byline Readability found in the text (it looks where markup says nothing). */
export function withVisibleByline(signals: PageSignals, byline: string): PageSignals {
  const authors = distinct([...signals.authors, ...named([byline], "byline")], authorKey, MAX_NAMES);
  return { ...signals, authors };
}
