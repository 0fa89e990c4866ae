import { articleUrlKey } from "../../domain/article-url";
import type { SourceKind } from "../../domain/clip-watch";
import type * as DiscoverLinks from "../kernel/discover/discover-links";
import type { FetchedPage } from "../kernel/discover/discover";
import { decodeBody } from "../kernel/fetch/decode-body";
import type { SafeResponse } from "../kernel/fetch/safe-fetch";
import { inParseWorker } from "../kernel/parse/parse-pool";
import type { WatchContext } from "./watch-context";
import type { SourceRow } from "./watch-repository";

/** A gzipped sitemap may unpack to what the safe fetcher takes of any document. */
const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
const NOT_A_DOCUMENT = /^(?:image|audio|video|font)\/|^application\/(?:pdf|zip|msword|vnd\.)/i;

/** Decoding, the markup limits and parsing, in the parse pool: never on the main thread. */
export const readFetchedLinks = inParseWorker<typeof DiscoverLinks, "readFetchedLinks">(
  new URL("../kernel/discover/discover-links.ts", import.meta.url),
  "readFetchedLinks",
);

export type Document = { page: FetchedPage; gzipped: boolean; etag: string; lastModified: string };

/** A check of a source that failed, with the reason the owner sees ('404 Not Found'). */
export class SourceFailure extends Error {}

export const isOk = (status: number) => status >= 200 && status < 300;

/** A fetched source document as bytes to parse: gunzipped when it is a gzipped file. */
async function asDocument(answer: SafeResponse): Promise<Document> {
  const gzipped = answer.body[0] === 0x1f && answer.body[1] === 0x8b;
  if (!gzipped && NOT_A_DOCUMENT.test(answer.contentType)) {
    throw new SourceFailure(`This is not a page, feed or sitemap: it serves ${answer.contentType}`);
  }
  const body = gzipped ? await decodeBody(answer.body, "gzip", DOCUMENT_MAX_BYTES) : answer.body;
  return {
    page: { url: answer.url, body, contentType: gzipped ? "application/xml" : answer.contentType },
    // A `.gz` file some servers send with Content-Encoding: gzip, which the fetcher undoes.
    gzipped: gzipped || new URL(answer.url).pathname.endsWith(".gz"),
    etag: answer.headers.etag ?? "",
    lastModified: answer.headers["last-modified"] ?? "",
  };
}

function kindOf(links: { kind: "feed" | "sitemap" | "page" }, body: Uint8Array): SourceKind {
  if (links.kind === "feed") return "feed";
  if (links.kind === "page") return "author-page";
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength).includes("/schemas/sitemap-news/")
    ? "news-sitemap"
    : "sitemap";
}

/** Reads an address the owner wants watched, before the owner's other requests: what kind of source it is. */
export async function readNewSource(
  ctx: WatchContext,
  url: string,
): Promise<{ document: Document; kind: SourceKind }> {
  const answer = await ctx.get(url, { urgent: true });
  if (!isOk(answer.status)) throw new SourceFailure(`${answer.status} ${answer.statusText}`.trim());
  const document = await asDocument(answer);
  const links = await readFetchedLinks(document.page, { skip: [], read: [], wanted: 0, pages: 0 });
  return { document, kind: kindOf(links, document.page.body) };
}

/** Fetches a document of a source, conditionally when it was read before; undefined for a 304. */
export async function fetchDocument(
  ctx: WatchContext,
  source: SourceRow,
  url: string,
): Promise<Document | undefined> {
  const known = ctx.repo.validators(source.id, articleUrlKey(url));
  const headers: Record<string, string> = {};
  if (known?.etag) headers["if-none-match"] = known.etag;
  if (known?.lastModified) headers["if-modified-since"] = known.lastModified;
  const answer = await ctx.get(url, { headers });
  if (answer.status === 304) return undefined;
  if (!isOk(answer.status)) throw new SourceFailure(`${answer.status} ${answer.statusText}`.trim());
  return asDocument(answer);
}
