import { encodedResponse } from "./compression";
import { splicedGzip } from "./spliced-gzip";

/**
 * Rendered public pages, kept until the next committed write. Each entry remembers the CSP nonce
 * it was rendered with, and every hit gets that nonce replaced by the request's fresh one, so no
 * two responses ever share a nonce.
 */
export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
  storedAt: number;
  /** The body gzipped around its nonce, made on the first hit that accepts gzip. */
  gzipped?: (nonce: string) => Buffer;
};

/** `maxAgeMs` bounds what a write cannot invalidate: today's date in the top bar, the footer's year. */
export function createPageCache(options: { maxEntries: number; maxAgeMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedPage>();
  // A render that started before a write must not be stored after it: it may hold stale content.
  let generation = 0;

  return {
    /** The page with `nonce` in place of the one it was rendered with; gzipped when `gzip` is true. */
    get(key: string, nonce: string, gzip = false): Response | undefined {
      const page = entries.get(key);
      if (!page) return undefined;
      entries.delete(key);
      if (now() - page.storedAt > options.maxAgeMs) return undefined;
      entries.set(key, page);
      const headers = new Headers(page.headers);
      headers.set("X-Page-Cache", "hit");
      if (!gzip)
        return new Response(page.body.replaceAll(page.nonce, nonce), { status: page.status, headers });
      page.gzipped ??= splicedGzip(page.body.split(page.nonce));
      return encodedResponse(page.gzipped(nonce), "gzip", page.status, headers);
    },
    generation: () => generation,
    async store(key: string, startedAt: number, nonce: string, response: Response): Promise<Response> {
      const body = await response.text();
      const headers = [...response.headers.entries()];
      if (startedAt === generation && !response.headers.has("set-cookie")) {
        entries.set(key, { status: response.status, headers, body, nonce, storedAt: now() });
        if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
      }
      return new Response(body, { status: response.status, headers });
    },
    invalidate() {
      generation += 1;
      entries.clear();
    },
    size: () => entries.size,
  };
}
export type PageCache = ReturnType<typeof createPageCache>;
