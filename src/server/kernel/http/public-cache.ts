import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { landingSearch } from "../../../domain/landing-query";
import { isCompressible, preferredEncoding } from "./compression";
import { apiError } from "./api-error";
import { matchesEtag } from "./etag";
import { createRateLimiter } from "./rate-limiter";
import { oddPathStatus, requestTarget, splitTarget } from "./path-guard";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = "br" | "gzip" | "identity";

/**
 * How hard each encoding is compressed. A new entry gets the quick levels (on the 61 KB front page
 * Brotli 5 took 2.4 ms and gzip 6 0.7 ms, Brotli 11 94 ms), so a miss costs about one render; an
 * entry asked for again is recompressed at the best levels in the background.
 */
const LEVELS = {
  quick: { br: 5, gzip: 6 },
  best: { br: 11, gzip: 9 },
} as const;
type Levels = (typeof LEVELS)[keyof typeof LEVELS];

/** One encoding of a cached answer, with its headers prebuilt for both ways of sending it. */
type Variant = {
  body: Buffer;
  etag: string;
  /** Flat [name, value, …] for `res.writeHead` on a hit, Content-Length included. */
  raw: string[];
  /** The same without Content-Length, which the Hono adapter sets itself. */
  pairs: [string, string][];
};

type Entry = {
  status: number;
  storedAt: number;
  bytes: number;
  variants: Record<Encoding, Variant>;
  /**
   * Every strong ETag that names this version: the route's own for a picture; for text, the plain
   * bytes' hash alone and with each encoding at each level. Each names one byte sequence, so a
   * client holding the quick encoding's ETag still gets a 304 after the upgrade.
   */
  validators: Set<string>;
  /** Flat [name, value, …] that a 304 repeats (Cache-Control, Vary, HSTS); its ETag is added. */
  notModified: string[];
  /** Served from here at least once. Entries nobody asked for again are evicted first. */
  hot: boolean;
  /** When it was last served from here (a count, not a time): the least recent is evicted first. */
  lastServed: number;
  /** The route's headers and the plain bytes' hash while the quick encodings are kept. */
  upgrade?: { common: [string, string][]; tag: string };
};

export type PublicCacheOptions = {
  /** The Cache-Control a route sets on an answer any visitor may share (config.publicCacheControl). */
  sharedCacheControl: string;
  /**
   * Whether a request's Cookie header names a live owner session: the owner's requests are never
   * answered from here. Asked only when the header holds the session cookie's name, so a made-up
   * cookie of that name is served from the cache like any visitor, instead of a render per request.
   */
  isOwner(cookie: string): boolean;
  /** The session cookie's name, for that cheap first look. */
  sessionCookie: string;
  /**
   * The host pages are keyed by when every page names one host (PUBLIC_URL's): then the Host
   * header a client sends changes nothing, and must not make a new entry. Unset, pages name the
   * host they were asked for, and the (lower-cased) Host header is part of the key.
   */
  keyHost?: string;
  /**
   * Entries with a query (`/?article=…`, `/feed.xml?r=…`) are one render each per value, and any
   * visitor can invent values faster than pages render: how many such new entries one address may
   * cause in 10 minutes (cached ones are never limited); past it, 429 with no render. Paths with a
   * limit of their own (the image cache's) are exempt.
   */
  queryMisses?: {
    perAddress: number;
    clientIp(c: Context): string;
    /** Given the key's path and query. */
    exempt?(target: string): boolean;
  };
  maxEntries: number;
  maxBytes: number;
  /** Bounds what a write cannot invalidate: the top bar's day, the footer's year. */
  maxAgeMs: number;
  now?: () => number;
};

/**
 * The Cache-Control of a page every visitor with its link gets the same of, but whose link can be
 * retired (an unlisted collection's, `/c/<token>`): no CDN or proxy may keep it, and a browser
 * asks again each time (a 304 while it is unchanged). This cache keeps it like a shared answer:
 * every write empties it, so a retired link is a 404 at once.
 */
export const LINK_ONLY_CACHE_CONTROL = "private, no-cache";

const QUERY_MISS_WINDOW_MS = 10 * 60 * 1000;
const KEY_MEMO_SIZE = 2000;

const tagOf = (body: Buffer) => createHash("sha256").update(body).digest("base64url").slice(0, 27);
const brTag = (tag: string, quality: number) => `"${tag}-br${quality}"`;
const gzipTag = (tag: string, level: number) => `"${tag}-gz${level}"`;

/** The key every path that shows the landing page of any other path shares (with its query). */
const UNKNOWN_PATHS = "/*";

/**
 * Where the public cache keeps the answer to a request: the Host and the raw request target's path
 * (never the scheme or host of an absolute-form target), with the query as sent, except on `/`,
 * which keeps only the parameters the landing page reads (`?q=<random>` is `/`), and on any other
 * path that shows the landing page (`isUnknownPath`), which are all `/*` with those parameters.
 * Undefined for what is never answered from the cache: a target that is not a path, and a path
 * the path guard refuses (`/%2e%2e` must get the guard's 404, not the page a URL parser resolves
 * it to). `serveRaw` and the middleware both key by this alone.
 */
export function publicCacheKey(
  host: string | undefined,
  target: string,
  isUnknownPath?: (path: string) => boolean,
): string | undefined {
  if (!host) return undefined;
  const parts = splitTarget(target);
  if (!parts) return undefined;
  const { path, query } = parts;
  if (path === "/") return host + path + landingSearch(query);
  if (oddPathStatus(path)) return undefined;
  if (isUnknownPath?.(path)) return host + UNKNOWN_PATHS + landingSearch(query);
  return host + path + query;
}

/** The route's headers, less those each stored variant sets for itself. */
function routeHeaders(headers: Headers): [string, string][] {
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (!/^(content-length|content-encoding|etag|vary|x-page-cache)$/i.test(name)) kept.push([name, value]);
  });
  return kept;
}

/** One stored encoding, with its headers ready for a hit and the Hono path. */
function variant(common: [string, string][], body: Buffer, etag: string, encoding?: "br" | "gzip"): Variant {
  const pairs: [string, string][] = [...common, ["etag", etag]];
  if (encoding) pairs.push(["content-encoding", encoding]);
  return {
    body,
    etag,
    pairs,
    raw: [...pairs, ["content-length", String(body.length)], ["x-page-cache", "hit"]].flat(),
  };
}

/** What a 304 repeats of the route's headers. */
const notModifiedOf = (common: [string, string][]) =>
  common.filter(([name]) => /^(cache-control|vary|strict-transport-security)$/i.test(name)).flat();

/**
 * The ETag the client holds of this version (If-None-Match may list several, or be `*`), which a
 * 304 names: a cache that keeps several encodings then updates the one it holds.
 */
function heldTag(entry: Entry, ifNoneMatch: string | undefined, current: Variant): string | undefined {
  if (!ifNoneMatch) return undefined;
  if (matchesEtag(ifNoneMatch, current.etag)) return current.etag;
  for (const tag of entry.validators) if (matchesEtag(ifNoneMatch, tag)) return tag;
  return undefined;
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
 * shared cache may hold and what we hold are one rule; or `LINK_ONLY_CACHE_CONTROL`, for a page
 * only this cache may keep, since only here does a write drop it at once. Pictures under an address that never
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
  // Entries waiting for their best encodings, made one at a time on libuv's threadpool.
  const upgrades = new Set<string>();
  let upgrading: Promise<void> | undefined;
  const queryMisses = options.queryMisses && {
    ...options.queryMisses,
    counted: createRateLimiter({ limit: options.queryMisses.perAddress, windowMs: QUERY_MISS_WINDOW_MS }),
  };
  /** Who a new entry under this key is charged to, if anyone: the budget and the address. */
  const chargedTo = (c: Context, key: string) =>
    queryMisses && key.includes("?") && !queryMisses.exempt?.(key.slice(key.indexOf("/")))
      ? { budget: queryMisses.counted, address: queryMisses.clientIp(c) }
      : undefined;

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
  const signedIn = (cookie: string | undefined) =>
    cookie !== undefined && cookie.includes(`${options.sessionCookie}=`) && options.isOwner(cookie);
  let servedCount = 0;
  // A hit must cost about a map lookup: the key of a target seen before is remembered (it depends
  // only on the target, the host and the site's fixed routes and files). Bounded: a flood of new
  // targets empties it.
  const keyMemo = new Map<string, string | undefined>();
  let isUnknownPath: ((path: string) => boolean) | undefined;
  const keyOf = (host: string | undefined, target: string) => {
    const hostPart = options.keyHost ?? host?.toLowerCase();
    const memoKey = `${hostPart} ${target}`;
    let key = keyMemo.get(memoKey);
    if (key === undefined && !keyMemo.has(memoKey)) {
      key = publicCacheKey(hostPart, target, isUnknownPath);
      if (keyMemo.size >= KEY_MEMO_SIZE) keyMemo.clear();
      keyMemo.set(memoKey, key);
    }
    return key;
  };

  /** A picture under an address that never changes (`immutable`): kept as it is, in one encoding. */
  function buildAsIs(status: number, headers: Headers, body: Buffer): Entry {
    const common = routeHeaders(headers);
    const kept = variant(common, body, headers.get("etag") ?? `"${tagOf(body)}"`);
    return {
      status,
      storedAt: now(),
      bytes: body.length,
      variants: { identity: kept, gzip: kept, br: kept },
      validators: new Set([kept.etag]),
      notModified: notModifiedOf(common),
      hot: false,
      lastServed: 0,
    };
  }

  /** What this cache keeps of a response, if anything. */
  function keepable(res: Response): "encode" | "as-is" | null {
    const { headers } = res;
    if (res.status !== 200 || headers.has("set-cookie") || headers.has("content-encoding")) return null;
    const cacheControl = headers.get("cache-control") ?? "";
    if (cacheControl === options.sharedCacheControl || cacheControl === LINK_ONLY_CACHE_CONTROL)
      return "encode";
    const picture = !isCompressible(headers.get("content-type") ?? "") && !headers.has("vary");
    return picture && /\bpublic\b/.test(cacheControl) && /\bimmutable\b/.test(cacheControl) ? "as-is" : null;
  }

  /** `body` in Brotli and gzip at these levels, on the threadpool. */
  const encode = (body: Buffer, levels: Levels) =>
    Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: levels.br,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: levels.gzip }),
    ]);

  /** The compressed variants, named by the plain bytes' hash, the encoding and its level. */
  function encodedVariants(common: [string, string][], tag: string, br: Buffer, gz: Buffer, levels: Levels) {
    return {
      gzip: variant(common, gz, gzipTag(tag, levels.gzip), "gzip"),
      br: variant(common, br, brTag(tag, levels.br), "br"),
    };
  }

  async function build(status: number, headers: Headers, body: Buffer): Promise<Entry> {
    const [br, gz] = await encode(body, LEVELS.quick);
    const tag = tagOf(body);
    const common: [string, string][] = [...routeHeaders(headers), ["vary", "Accept-Encoding"]];
    const validators = new Set([`"${tag}"`]);
    for (const levels of Object.values(LEVELS)) {
      validators.add(brTag(tag, levels.br));
      validators.add(gzipTag(tag, levels.gzip));
    }
    return {
      status,
      storedAt: now(),
      bytes: body.length + br.length + gz.length,
      variants: {
        identity: variant(common, body, `"${tag}"`),
        ...encodedVariants(common, tag, br, gz, LEVELS.quick),
      },
      validators,
      notModified: notModifiedOf(common),
      hot: false,
      lastServed: 0,
      upgrade: { common, tag },
    };
  }

  /** Recompresses the entries asked for again at the best levels, one after another. */
  function runUpgrades(): Promise<void> {
    upgrading ??= (async () => {
      for (const key of upgrades) {
        upgrades.delete(key);
        const entry = entries.get(key);
        if (!entry?.upgrade) continue;
        const { common, tag } = entry.upgrade;
        entry.upgrade = undefined;
        let encoded: [Buffer, Buffer];
        try {
          encoded = await encode(entry.variants.identity.body, LEVELS.best);
        } catch {
          continue; // The quick encodings stay; they are correct, only larger.
        }
        const [br, gz] = encoded;
        // Dropped, replaced or invalidated meanwhile: the new bytes belong to nothing kept.
        if (entries.get(key) !== entry) continue;
        const before = entry.variants.br.body.length + entry.variants.gzip.body.length;
        Object.assign(entry.variants, encodedVariants(common, tag, br, gz, LEVELS.best));
        entry.bytes += br.length + gz.length - before;
        bytes += br.length + gz.length - before;
      }
    })().finally(() => (upgrading = undefined));
    return upgrading;
  }

  /**
   * Notes that `entry` was served from here: it becomes the most recently served (evicted last),
   * and, asked for again, it is worth its best encodings.
   */
  function served(key: string, entry: Entry) {
    entry.lastServed = ++servedCount;
    // (An entry a request joined while it was made may not have been kept: a write came between.)
    if (entry.hot || entries.get(key) !== entry) return;
    entry.hot = true;
    if (entry.upgrade) {
      upgrades.add(key);
      void runUpgrades();
    }
  }

  function store(key: string, entry: Entry) {
    const old = entries.get(key);
    if (old) drop(key, old);
    entries.set(key, entry);
    bytes += entry.bytes;
    const over = () => entries.size > options.maxEntries || bytes > options.maxBytes;
    if (!over()) return;
    // Never the entry just stored (else a full cache keeps nothing new); expired entries first,
    // then one-off answers (a query nobody repeats), so they cannot push out the pages visitors
    // keep asking for; then the least recently served.
    const expired = (value: Entry) => now() - value.storedAt > options.maxAgeMs;
    for (const rule of [expired, (value: Entry) => !value.hot]) {
      for (const [other, value] of entries) {
        if (!over()) return;
        if (other !== key && rule(value)) drop(other, value);
      }
    }
    while (over() && entries.size > 1) {
      let oldest: [string, Entry] | undefined;
      for (const pair of entries) {
        if (pair[0] !== key && (!oldest || pair[1].lastServed < oldest[1].lastServed)) oldest = pair;
      }
      if (!oldest) return;
      drop(...oldest);
    }
  }

  function toResponse(
    entry: Entry,
    request: { method: string; accept: string | undefined; ifNoneMatch: string | undefined },
    hit: boolean,
  ) {
    const { method, accept, ifNoneMatch } = request;
    const variant = entry.variants[encodingFor(accept)];
    const held = heldTag(entry, ifNoneMatch, variant);
    if (held) {
      const pairs: [string, string][] = [["etag", held]];
      for (let i = 0; i < entry.notModified.length; i += 2)
        pairs.push([entry.notModified[i]!, entry.notModified[i + 1]!]);
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
     * Paths that show the landing page of any other path, all one page: the app says which, from
     * its own routes and the pages' catch-all (app.ts), before it serves anything.
     */
    routeUnknownPaths(test: ((path: string) => boolean) | undefined) {
      isUnknownPath = test;
      keyMemo.clear();
    },
    /**
     * Answers a hit straight on the socket, before Hono parses anything; false when the request
     * is not one (another method, the owner's cookie, nothing stored): Hono takes it then.
     */
    serveRaw(req: IncomingMessage, res: ServerResponse): boolean {
      const method = req.method;
      if (method !== "GET" && method !== "HEAD") return false;
      const { headers } = req;
      if (signedIn(headers.cookie)) return false;
      const key = keyOf(headers.host, req.url ?? "");
      if (key === undefined) return false;
      const entry = fresh(key);
      if (!entry) return false;
      served(key, entry);
      const variant = entry.variants[encodingFor(headers["accept-encoding"])];
      const held = heldTag(entry, headers["if-none-match"], variant);
      if (held) {
        res.writeHead(304, ["etag", held, ...entry.notModified]);
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
        const { host, target } = requestTarget(c);
        const key = keyOf(host, target);
        if (key === undefined) return next();
        const request = {
          method,
          accept: c.req.header("accept-encoding"),
          ifNoneMatch: c.req.header("if-none-match"),
        };
        const hit = fresh(key);
        if (hit) {
          served(key, hit);
          return toResponse(hit, request, true);
        }
        const pending = inflight.get(key);
        if (pending) {
          const entry = await pending;
          if (!entry) return next();
          served(key, entry);
          return toResponse(entry, request, true);
        }
        if (method !== "GET") return next();
        const charge = chargedTo(c, key);
        if (charge?.budget.isLimited(charge.address)) {
          c.header("Retry-After", String(charge.budget.retryAfterSeconds(charge.address)));
          c.header("Cache-Control", "no-store");
          return apiError(
            c,
            429,
            "too_many_pages",
            "Too many new pages from your address. Try again in a few minutes.",
          );
        }
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
          // Only what made an entry counts: a 404 or an answer nobody may share costs no budget.
          charge?.budget.hit(charge.address);
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
      upgrades.clear();
      bytes = 0;
    },
    size: () => entries.size,
    /** Settles once no entry waits for its best encodings (tests, benchmarks). */
    upgraded: () => upgrading ?? Promise.resolve(),
  };
}
export type PublicCache = ReturnType<typeof createPublicCache>;
