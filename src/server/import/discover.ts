import { articleUrlKey } from "../../domain/article-url";
import { IMPORT_MAX_CANDIDATES } from "../../domain/back-catalogue";
import { inParseWorker } from "../parse/parse-pool";
import type * as DiscoverLinks from "./discover-links";

/** Author pages are followed through at most this many "next page" links in all (issue 17). */
export const MAX_LISTING_PAGES = 10;
/** A sitemap index may name many sitemaps; this many are read. */
const MAX_SITEMAPS = 20;

export type Discovery = { kind: "feed" | "sitemap" | "page"; urls: string[]; pagesRead: number };

/** A page, feed or sitemap as fetched: its final address, bytes and Content-Type. */
export type FetchedPage = { url: string; body: Uint8Array; contentType: string };

/** Decoding, the markup limits and parsing, in the parse pool: never on the main thread. */
const readFetchedLinks = inParseWorker<typeof DiscoverLinks, "readFetchedLinks">(
  new URL("./discover-links.ts", import.meta.url),
  "readFetchedLinks",
);

export type DiscoverDeps = {
  /** The page (HTML or XML); throws with the reason when it cannot be read. */
  fetchText(url: string): Promise<FetchedPage>;
  /** True for links already in the portfolio. */
  isKnown(url: string): boolean;
  signal?: AbortSignal;
};

/**
 * The article links at `url`: a feed's entries and a sitemap's URLs as they are, an author page's
 * same-site article links through its "next page" links. Known links and repeats are dropped.
 */
export async function discoverArticles(url: string, deps: DiscoverDeps): Promise<Discovery> {
  const found = new Map<string, string>();
  const add = (links: string[]) => {
    for (const link of links) {
      const key = articleUrlKey(link);
      if (found.size >= IMPORT_MAX_CANDIDATES) return;
      if (!found.has(key) && !deps.isKnown(link)) found.set(key, link);
    }
  };
  const first = await deps.fetchText(url);
  const links = await readFetchedLinks(first);
  let pagesRead = 1;
  if (links.kind === "feed") {
    add(links.articles);
  } else if (links.kind === "sitemap") {
    add(links.articles);
    const queue = [...links.sitemaps];
    const seen = new Set([articleUrlKey(first.url)]);
    let articleLinks = links.articles.length;
    let loops = 0;
    while (queue.length > 0 && seen.size <= MAX_SITEMAPS && found.size < IMPORT_MAX_CANDIDATES) {
      const next = queue.shift() as string;
      if (seen.has(articleUrlKey(next))) {
        loops += 1;
        continue;
      }
      seen.add(articleUrlKey(next));
      deps.signal?.throwIfAborted();
      const page = await deps.fetchText(next);
      pagesRead += 1;
      const child = await readFetchedLinks(page);
      if (child.kind !== "sitemap") continue;
      articleLinks += child.articles.length;
      add(child.articles);
      queue.push(...child.sitemaps);
    }
    // Stopped at once, but "Found 0 articles" would not tell the owner why.
    if (articleLinks === 0 && loops > 0) throw new Error("The sitemap index lists itself and no articles");
  } else {
    add(links.articles);
    const seen = new Set([articleUrlKey(url), articleUrlKey(first.url)]);
    let next = links.next.find((link) => !seen.has(articleUrlKey(link)));
    while (next && pagesRead < MAX_LISTING_PAGES && found.size < IMPORT_MAX_CANDIDATES) {
      seen.add(articleUrlKey(next));
      deps.signal?.throwIfAborted();
      const page = await deps.fetchText(next);
      pagesRead += 1;
      const listing = await readFetchedLinks(page);
      if (listing.kind !== "page") break;
      add(listing.articles);
      next = listing.next.find((link) => !seen.has(articleUrlKey(link)));
    }
  }
  const self = articleUrlKey(first.url);
  found.delete(self);
  return { kind: links.kind, urls: [...found.values()], pagesRead };
}
