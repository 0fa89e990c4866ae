import { decodeBody } from "../fetch/decode-body";
import { DEFAULT_MAX_BYTES, type SafeResponse } from "../fetch/safe-fetch";
import { decodeHtml } from "../extract/decode-html";
import { documentKind, NOT_A_DOCUMENT, SNIFF_LENGTH } from "./document-kind";
import type { FetchedPage } from "./discover";

/** The outlet gate, or the safe fetcher bound to FETCH_ALLOW_PRIVATE. */
export type TextPageFetch = (url: string, options: { maxBytes: number }) => Promise<SafeResponse>;

/**
 * An author page, feed or sitemap through `fetch`, as bytes: they are decoded where they
 * are parsed, in a parse worker. Whatever type the server announces (stock servers send `.rss`
 * as `application/x-rss+xml` and files they do not know as `text/plain` or
 * `application/octet-stream`): `readableDocument` reads the content. Throws with the reason.
 */
export async function readTextPage(url: string, fetch: TextPageFetch): Promise<FetchedPage> {
  const page = await fetch(url, { maxBytes: DEFAULT_MAX_BYTES });
  if (page.status < 200 || page.status > 299) {
    throw new Error(`Failed to fetch ${page.url}: ${page.status} ${page.statusText}`.trimEnd());
  }
  return readableDocument({ url: page.url, body: page.body, contentType: page.contentType });
}

/**
 * A fetched body as a page, feed or sitemap: a gzipped file (`sitemap.xml.gz`) is unpacked, to
 * the fetcher's size limit (a small gzip bomb stops there), and the start of the content must
 * be HTML, a feed, a sitemap or a JSON Feed. Throws 'The address is not a web page, feed or
 * sitemap' for anything else (an image, a PDF), before a parse worker is asked.
 */
export async function readableDocument(page: FetchedPage): Promise<FetchedPage> {
  const gzipped = page.body[0] === 0x1f && page.body[1] === 0x8b;
  const body = gzipped
    ? await decodeBody(
        Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength),
        "gzip",
        DEFAULT_MAX_BYTES,
      )
    : page.body;
  const head = decodeHtml({ body: body.subarray(0, SNIFF_LENGTH), contentType: page.contentType });
  if (!documentKind(head, page.contentType)) throw new Error(NOT_A_DOCUMENT);
  return gzipped ? { ...page, body, gzipped } : page;
}
