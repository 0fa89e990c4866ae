import { articleUrlKey } from "../../../domain/article-url";
import { IMPORT_MAX_CANDIDATES } from "../../../domain/back-catalogue";
import { inParseWorker } from "../parse/parse-pool";
import type * as DiscoverLinks from "./discover-links";

/** Author pages are followed through at most this many "next page" links in all (issue 17). */
export const MAX_LISTING_PAGES = 10;
/** A sitemap index may name many sitemaps; this many are read. */
const MAX_SITEMAPS = 20;

export type Discovery = { kind: "feed" | "sitemap" | "page"; urls: string[]; pagesRead: number };

/** A page, feed or sitemap as fetched: its final address, bytes and Content-Type. */
export type FetchedPage = {
  url: string;
  body: Uint8Array;
  contentType: string;
  /** It was a gzipped file (`sitemap.xml.gz`); `body` is unpacked. */
  gzipped?: boolean;
};

/** Decoding, the markup limits and parsing, in the parse pool: never on the main thread. */
const readFetchedLinks = inParseWorker<typeof DiscoverLinks, "readFetchedLinks">(
  new URL("./discover-links.ts", import.meta.url),
  "readFetchedLinks",
);

export type DiscoverDeps = {
  /** The page (HTML or XML); throws with the reason when it cannot be read. */
  fetchText(url: string): Promise<FetchedPage>;
  /** The articleUrlKey of every link already in the portfolio. */
  known: ReadonlySet<string>;
  signal?: AbortSignal;
};

/**
 * The article links at `url`: a feed's entries and a sitemap's URLs as they are, an author page's
 * same-site article links through its "next page" links. Known links and repeats are dropped, in
 * the parse worker: the main thread only takes the few links that are new.
 */
export async function discoverArticles(url: string, deps: DiscoverDeps): Promise<Discovery> {
  const first = await deps.fetchText(url);
  const self = articleUrlKey(first.url);
  const read = new Set([articleUrlKey(url), self]);
  const found = new Map<string, string>();
  let pagesRead = 1;
  const readLinks = (page: FetchedPage, pagesLeft: number) =>
    readFetchedLinks(page, {
      skip: [...deps.known, self, ...found.keys()],
      read: [...read],
      wanted: IMPORT_MAX_CANDIDATES - found.size,
      pages: pagesLeft,
    });
  const add = (links: string[]) => {
    for (const link of links) found.set(articleUrlKey(link), link);
  };
  const links = await readLinks(first, MAX_SITEMAPS);
  add(links.articles);
  // A sitemap index's sitemaps, breadth first; an author page's next pages, the newest page's first.
  const maxPages = links.kind === "sitemap" ? 1 + MAX_SITEMAPS : MAX_LISTING_PAGES;
  const queue = [...links.follow];
  let listed = links.listed;
  let repeats = links.repeats;
  while (queue.length > 0 && pagesRead < maxPages && found.size < IMPORT_MAX_CANDIDATES) {
    const next = queue.shift() as string;
    if (read.has(articleUrlKey(next))) {
      repeats += 1;
      continue;
    }
    read.add(articleUrlKey(next));
    deps.signal?.throwIfAborted();
    const page = await readLinks(await deps.fetchText(next), maxPages - pagesRead - 1);
    pagesRead += 1;
    if (page.kind !== links.kind) continue;
    add(page.articles);
    listed += page.listed;
    repeats += page.repeats;
    if (links.kind === "sitemap") queue.push(...page.follow);
    else queue.unshift(...page.follow);
  }
  // Stopped at once, but "Found 0 articles" would not tell the owner why.
  if (links.kind === "sitemap" && listed === 0 && repeats > 0) {
    throw new Error("The sitemap index lists itself and no articles");
  }
  return { kind: links.kind, urls: [...found.values()], pagesRead };
}
