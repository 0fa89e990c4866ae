import { setTimeout as sleep } from "node:timers/promises";
import { createCacheStore, cacheKey } from "./cache-store";
import type { StoredEntry, VariantName } from "./cache-store";
import { ImageCacheError } from "./image-cache-error";
import { processImage } from "./process-image";
import type { EncodedImage, ProcessedImage } from "./process-image";
import { contentEtag } from "../http/etag";

export type CachedImage = { body: Buffer; contentType: string; etag: string; size: number };

export type WarmReport = { cached: string[]; failed: { url: string; reason: string }[] };

export type ImageCacheStats = {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  staleHits: number;
};

/** pino's `logger.warn(obj, msg)`, the only call the cache makes. */
export type WarnLogger = { warn(details: object, message: string): void };

export type ImageCacheOptions = {
  dir: string;
  fetchImage: (url: string) => Promise<{ body: Buffer; contentType: string }>;
  /** Bytes on disk the cache may hold (every variant counted); the least recently used go first. */
  maxBytes?: number;
  /** After this an entry is refreshed from its source; until the refresh lands, it is still served. */
  maxAgeMs?: number;
  /** Downloads and resizes running at once; more wait their turn. */
  maxConcurrentFills?: number;
  now?: () => number;
  logger: WarnLogger;
};

export type ImageCache = {
  get(url: string, options: { acceptWebp: boolean }): Promise<CachedImage>;
  /** Whether a copy is stored (fresh or stale), so `get` will not have to wait for a download. */
  has(url: string): Promise<boolean>;
  /** Caches the first images of a list ahead of visitors; never throws. */
  warm(urls: string[]): Promise<WarmReport>;
  /** Resolves when no download or refresh is running (tests, shutdown). */
  settled(): Promise<void>;
  stats(): ImageCacheStats;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;

// The first 10 images are prepared ahead of visitors, 3 at a time with a 100 ms pause between
// batches (docs/product.md, Images).
const WARM_COUNT = 10;
const WARM_BATCH = 3;
const WARM_PAUSE_MS = 100;

type Filled = { entry: StoredEntry; bodies: Record<VariantName, Buffer> };

const entryBytes = (entry: StoredEntry) => entry.variants.base.size + entry.variants.webp.size;

export function createImageCache({
  dir,
  fetchImage,
  maxBytes = 256 * MB,
  maxAgeMs = 7 * DAY_MS,
  maxConcurrentFills = 2,
  now = () => Date.now(),
  logger,
}: ImageCacheOptions): ImageCache {
  const store = createCacheStore(dir);
  let loading: Promise<Map<string, StoredEntry>> | undefined;
  const inFlight = new Map<string, Promise<Filled>>();
  const counters = { hits: 0, misses: 0, staleHits: 0 };
  // In least-recently-used order: a hit moves its entry to the end, eviction takes from the front.
  let entries = new Map<string, StoredEntry>();
  let bytes = 0;
  const fillSlots = createSlots(maxConcurrentFills);

  function index(): Promise<Map<string, StoredEntry>> {
    loading ??= store.load().then(
      (loaded) => {
        entries = new Map([...loaded].sort(([, a], [, b]) => a.storedAt - b.storedAt));
        bytes = 0;
        for (const entry of entries.values()) bytes += entryBytes(entry);
        return entries;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }

  const isExpired = (entry: StoredEntry) => now() - entry.storedAt >= maxAgeMs;

  function forget(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entryBytes(entry);
  }

  function remember(key: string, entry: StoredEntry): void {
    forget(key);
    entries.set(key, entry);
    bytes += entryBytes(entry);
  }

  async function fill(url: string, key: string): Promise<Filled> {
    let source: { body: Buffer; contentType: string };
    try {
      source = await fetchImage(url);
    } catch (error) {
      logger.warn({ url, err: error }, "Failed to load image");
      const reason = error instanceof Error ? error.message : String(error);
      throw new ImageCacheError("load_failed", reason, { cause: error });
    }
    let processed: ProcessedImage;
    try {
      processed = await processImage(source.body);
    } catch (error) {
      const failure =
        error instanceof ImageCacheError
          ? error
          : new ImageCacheError("invalid_image", String(error), { cause: error });
      logger.warn(
        { url, contentType: source.contentType, err: error },
        `Failed to cache image: ${failure.message}`,
      );
      throw failure;
    }
    const bodies = { base: processed.base.body, webp: processed.webp.body };
    const entry: StoredEntry = {
      storedAt: now(),
      variants: { base: variantOf(processed.base), webp: variantOf(processed.webp) },
    };
    try {
      await store.write(key, entry, bodies);
      remember(key, entry);
      await evict(key);
    } catch (error) {
      // The visitor still gets the image; only the disk copy is missing.
      logger.warn(
        { url, err: error },
        `Failed to cache image: ${error instanceof Error ? error.message : error}`,
      );
    }
    return { entry, bodies };
  }

  /** Drops the least recently used entries until the rest fit in `maxBytes`; `keep` stays. */
  async function evict(keep: string): Promise<void> {
    const doomed: string[] = [];
    for (const [key, entry] of entries) {
      if (bytes <= maxBytes) break;
      if (key === keep) continue;
      doomed.push(key);
      bytes -= entryBytes(entry);
    }
    for (const key of doomed) entries.delete(key);
    await Promise.all(doomed.map((key) => store.remove(key)));
  }

  /** One fetch per URL at a time: concurrent requests for it wait for the same result. */
  function fillOnce(url: string, key: string): Promise<Filled> {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = fillSlots.run(() => fill(url, key)).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  async function get(url: string, { acceptWebp }: { acceptWebp: boolean }): Promise<CachedImage> {
    await index();
    const key = cacheKey(url);
    const variant: VariantName = acceptWebp ? "webp" : "base";
    const stored = entries.get(key);
    if (stored) {
      try {
        const body = await store.read(key, stored.variants[variant]);
        if (entries.get(key) === stored) remember(key, stored);
        if (isExpired(stored)) {
          // Stale: this visitor gets the old copy at once, and the refresh happens behind them.
          counters.staleHits++;
          fillOnce(url, key).catch(() => undefined);
        } else {
          counters.hits++;
        }
        return { ...stored.variants[variant], body };
      } catch {
        // Deleted behind our back: fetch it again.
        forget(key);
      }
    }
    counters.misses++;
    const { entry, bodies } = await fillOnce(url, key);
    return { ...entry.variants[variant], body: bodies[variant] };
  }

  async function has(url: string): Promise<boolean> {
    await index();
    return entries.has(cacheKey(url));
  }

  async function warm(urls: string[]): Promise<WarmReport> {
    const report: WarmReport = { cached: [], failed: [] };
    const first = [...new Set(urls.filter((url) => url !== ""))].slice(0, WARM_COUNT);
    for (let start = 0; start < first.length; start += WARM_BATCH) {
      if (start > 0) await sleep(WARM_PAUSE_MS);
      const batch = first.slice(start, start + WARM_BATCH);
      const results = await Promise.allSettled(batch.map((url) => get(url, { acceptWebp: false })));
      results.forEach((result, position) => {
        const url = batch[position] as string;
        if (result.status === "fulfilled") report.cached.push(url);
        else
          report.failed.push({
            url,
            reason: result.reason instanceof Error ? result.reason.message : String(result.reason),
          });
      });
    }
    return report;
  }

  async function settled(): Promise<void> {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()]);
  }

  function stats(): ImageCacheStats {
    return { entries: entries.size, bytes, ...counters };
  }

  return { get, has, warm, settled, stats };
}

/** Runs at most `size` tasks at once; the rest wait in order. */
function createSlots(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
      running++;
      try {
        return await task();
      } finally {
        running--;
        waiting.shift()?.();
      }
    },
  };
}

function variantOf(image: EncodedImage) {
  return { contentType: image.contentType, etag: contentEtag(image.body), size: image.body.length };
}
