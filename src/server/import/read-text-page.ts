import { safeFetch } from "../fetch/safe-fetch";
import { decodeHtml } from "../reader/decode-html";

const PAGE_TYPES = [
  "text/html",
  "application/xhtml+xml",
  "application/rss+xml",
  "application/atom+xml",
  "application/rdf+xml",
  "application/xml",
  "text/xml",
];

/** An author page, feed or sitemap as text, through the safe fetcher; throws with the reason. */
export async function readTextPage(
  url: string,
  allowPrivate: boolean,
): Promise<{ url: string; text: string }> {
  const page = await safeFetch(url, { allowPrivate, accept: PAGE_TYPES });
  if (page.status < 200 || page.status > 299) {
    throw new Error(`Failed to fetch ${page.url}: ${page.status} ${page.statusText}`.trimEnd());
  }
  return { url: page.url, text: decodeHtml(page) };
}
