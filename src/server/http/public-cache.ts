import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { isCompressible, preferredEncoding } from "./compression";
import { matchesEtag } from "./etag";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = "br" | "gzip" | "identity";

/** One encoding of a cached answer, with its headers prebuilt for both ways of sending it. */
type Variant = {
  body: Buffer;
  etag: string;
  /** Flat [name, value, …] for `res.writeHead` on a hit, Content-Length included. */
  raw: string[];
  /** The same without Content-Length, which the Hono adapter sets itself. */
  pairs: [string, string][];
  notModified: string[];
};

type Entry = {
  status: number;
  storedAt: number;
  bytes: number;
  variants: Record<Encoding, Variant>;
};

export type PublicCacheOptions = {
  /** The Cache-Control a route sets on an answer any visitor may share (config.publicCacheControl). */
  sharedCacheControl: string;
  /** A request carrying this cookie is the owner's: never answered from here. */
  sessionCookie: string;
  maxEntries: number;
  maxBytes: number;
  /** Bounds what a write cannot invalidate: the top bar's day, the footer's year. */
  maxAgeMs: number;
  now?: () => number;
};

const tagOf = (body: Buffer) => createHash("sha256").update(body).digest("base64url").slice(0, 27);

/** The route's headers, less those each stored variant sets for itself. */
function routeHeaders(headers: Headers): [string, string][] {
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (!/^(content-length|content-encoding|etag|vary|x-page-cache)$/i.test(name)) kept.push([name, value]);
  });
  return kept;
}

/** One stored encoding, with its headers ready for a hit, a 304 and the Hono path. */
function variant(common: [string, string][], body: Buffer, etag: string, encoding?: "br" | "gzip"): Variant {
  const pairs: [string, string][] = [...common, ["etag", etag]];
  if (encoding) pairs.push(["content-encoding", encoding]);
  return {
    body,
    etag,
    pairs,
    raw: [...pairs, ["content-length", String(body.length)], ["x-page-cache", "hit"]].flat(),
    notModified: pairs
      .filter(([name]) => /^(cache-control|etag|vary|strict-transport-security)$/i.test(name))
      .flat(),
  };
}

/** Encoding choices memoised per Accept-Encoding string: browsers send a handful of distinct ones. */
const encodingFor = (() => {
  const memo = new Map<string, Encoding>();
  return (accept: string | undefined): Encoding => {
    if (!accept) return "identity";
    let encoding = memo.get(accept);
    if (!encoding) {
      encoding = preferredEncoding(accept) ?? "identity";
      if (memo.size < 100) memo.set(accept, encoding);
    }
    return encoding;
  };
})();

/**
 * What every anonymous visitor gets the same of (public pages, the public JSON reads), kept once
 * per version: the bytes in each encoding, a strong ETag, and the headers ready to go. A route
 * opts in by sending `sharedCacheControl`, the same header that lets a CDN keep it, so what a
 * shared cache may hold and what we hold are one rule. Pictures under an address that never
 * changes (`public, immutable`, no `Vary`) are kept as they are. Every committed write empties it.
 *
 * A hit costs a map lookup and one socket write (`serveRaw`, before Hono), so the origin behind a
 * traffic spike runs close to a static file server (decision 026).
 */
export function createPublicCache(options: PublicCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // A burst of requests for what is not kept yet (the first visitors after a write) waits for one
  // render and one compression instead of making its own.
  const inflight = new Map<string, Promise<Entry | undefined>>();
  let bytes = 0;
  // A response that began before a write must not be stored after it: it may hold stale content.
  let generation = 0;

  const fresh = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (now() - entry.storedAt <= options.maxAgeMs) return entry;
    drop(key, entry);
    return undefined;
  };
  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const signedIn = (cookie: string | undefined) => cookie?.includes(`${options.sessionCookie}=`) ?? false;

  /** A picture under an address that never changes (`immutable`): kept as it is, in one encoding. */
  function buildAsIs(status: number, headers: Headers, body: Buffer): Entry {
    const kept = variant(routeHeaders(headers), body, headers.get("etag") ?? `"${tagOf(body)}"`);
    return {
      status,
      storedAt: now(),
      bytes: body.length,
      variants: { identity: kept, gzip: kept, br: kept },
    };
  }

  /** What this cache keeps of a response, if anything. */
  function keepable(res: Response): "encode" | "as-is" | null {
    const { headers } = res;
    if (res.status !== 200 || headers.has("set-cookie") || headers.has("content-encoding")) return null;
    const cacheControl = headers.get("cache-control") ?? "";
    if (cacheControl === options.sharedCacheControl) return "encode";
    const picture = !isCompressible(headers.get("content-type") ?? "") && !headers.has("vary");
    return picture && /\bpublic\b/.test(cacheControl) && /\bimmutable\b/.test(cacheControl) ? "as-is" : null;
  }

  async function build(status: number, headers: Headers, body: Buffer): Promise<Entry> {
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: 9 }),
    ]);
    const tag = tagOf(body);
    const common: [string, string][] = [...routeHeaders(headers), ["vary", "Accept-Encoding"]];
    return {
      status,
      storedAt: now(),
      bytes: body.length + br.length + gz.length,
      variants: {
        identity: variant(common, body, `"${tag}"`),
        gzip: variant(common, gz, `"${tag}-gz"`, "gzip"),
        br: variant(common, br, `"${tag}-br"`, "br"),
      },
    };
  }

  function store(key: string, entry: Entry) {
    const old = entries.get(key);
    if (old) drop(key, old);
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const [oldest, value] of entries) {
      if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
      drop(oldest, value);
    }
  }

  /** Whether the client already holds this version, in any encoding. */
  const holds = (entry: Entry, ifNoneMatch: string | undefined) =>
    ifNoneMatch !== undefined &&
    Object.values(entry.variants).some((variant) => matchesEtag(ifNoneMatch, variant.etag));

  function toResponse(
    entry: Entry,
    request: { method: string; accept: string | undefined; ifNoneMatch: string | undefined },
    hit: boolean,
  ) {
    const { method, accept, ifNoneMatch } = request;
    const variant = entry.variants[encodingFor(accept)];
    if (holds(entry, ifNoneMatch)) {
      const pairs: [string, string][] = [];
      for (let i = 0; i < variant.notModified.length; i += 2)
        pairs.push([variant.notModified[i]!, variant.notModified[i + 1]!]);
      return new Response(null, { status: 304, headers: pairs });
    }
    const body =
      method === "HEAD"
        ? null
        : new Uint8Array(variant.body.buffer as ArrayBuffer, variant.body.byteOffset, variant.body.length);
    const headers: [string, string][] = hit ? [...variant.pairs, ["x-page-cache", "hit"]] : variant.pairs;
    return new Response(body, { status: entry.status, headers });
  }

  return {
    /**
     * Answers a hit straight on the socket, before Hono parses anything; false when the request
     * is not one (another method, the owner's cookie, nothing stored): Hono takes it then.
     */
    serveRaw(req: IncomingMessage, res: ServerResponse): boolean {
      const method = req.method;
      if (method !== "GET" && method !== "HEAD") return false;
      const { headers } = req;
      if (signedIn(headers.cookie)) return false;
      const entry = fresh(`${headers.host}${req.url}`);
      if (!entry) return false;
      const variant = entry.variants[encodingFor(headers["accept-encoding"])];
      if (holds(entry, headers["if-none-match"])) {
        res.writeHead(304, variant.notModified);
        res.end();
      } else {
        res.writeHead(entry.status, variant.raw);
        res.end(method === "HEAD" ? undefined : variant.body);
      }
      return true;
    },

    /** The same for requests Hono sees (in-process tests, misses): hits, and stores what routes share. */
    middleware(): MiddlewareHandler {
      return async (c, next) => {
        const method = c.req.method;
        if ((method !== "GET" && method !== "HEAD") || signedIn(c.req.header("cookie"))) return next();
        const url = new URL(c.req.url);
        const key = url.host + url.pathname + url.search;
        const request = {
          method,
          accept: c.req.header("accept-encoding"),
          ifNoneMatch: c.req.header("if-none-match"),
        };
        const hit = fresh(key);
        if (hit) return toResponse(hit, request, true);
        const pending = inflight.get(key);
        if (pending) {
          const entry = await pending;
          return entry ? toResponse(entry, request, true) : next();
        }
        if (method !== "GET") return next();
        let settle: (entry: Entry | undefined) => void = () => {};
        const making = new Promise<Entry | undefined>((resolve) => (settle = resolve));
        inflight.set(key, making);
        const startedAt = generation;
        try {
          await next();
          const res = c.res;
          const keep = keepable(res);
          if (!keep) return;
          const headers = new Headers(res.headers);
          const body = Buffer.from(await res.arrayBuffer());
          const entry =
            keep === "encode" ? await build(res.status, headers, body) : buildAsIs(res.status, headers, body);
          if (startedAt === generation) store(key, entry);
          settle(entry);
          c.res = undefined;
          c.res = toResponse(entry, request, false);
        } finally {
          settle(undefined);
          if (inflight.get(key) === making) inflight.delete(key);
        }
      };
    },

    invalidate() {
      generation += 1;
      entries.clear();
      // Whoever asks from now on must not join a render that began before the write.
      inflight.clear();
      bytes = 0;
    },
    size: () => entries.size,
  };
}
export type PublicCache = ReturnType<typeof createPublicCache>;
