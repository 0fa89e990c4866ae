import { safeFetch } from "../fetch/safe-fetch";
import type { FetchedPage } from "./discover";

const PAGE_TYPES = [
  "text/html",
  "application/xhtml+xml",
  "application/rss+xml",
  "application/atom+xml",
  "application/rdf+xml",
  "application/xml",
  "text/xml",
];

/**
 * An author page, feed or sitemap through the safe fetcher, as bytes: they are decoded where they
 * are parsed, in a parse worker. Throws with the reason.
 */
export async function readTextPage(url: string, allowPrivate: boolean): Promise<FetchedPage> {
  const page = await safeFetch(url, { allowPrivate, accept: PAGE_TYPES });
  if (page.status < 200 || page.status > 299) {
    throw new Error(`Failed to fetch ${page.url}: ${page.status} ${page.statusText}`.trimEnd());
  }
  return { url: page.url, body: page.body, contentType: page.contentType };
}
