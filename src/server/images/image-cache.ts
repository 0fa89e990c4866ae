import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { createCacheStore, cacheKey } from "./cache-store";
import type { StoredEntry, VariantName } from "./cache-store";
import { ImageCacheError } from "./image-cache-error";
import { processImage } from "./process-image";
import type { EncodedImage, ProcessedImage } from "./process-image";

export type CachedImage = { body: Buffer; contentType: string; etag: string; size: number };

export type WarmReport = { cached: string[]; failed: { url: string; reason: string }[] };

export type ImageCacheStats = { entries: number; bytes: number; hits: number; misses: number };

/** pino's `logger.warn(obj, msg)`, the only call the cache makes. */
export type WarnLogger = { warn(details: object, message: string): void };

export type ImageCacheOptions = {
  dir: string;
  fetchImage: (url: string) => Promise<{ body: Buffer; contentType: string }>;
  maxEntries?: number;
  maxAgeMs?: number;
  now?: () => number;
  logger: WarnLogger;
};

export type ImageCache = {
  get(url: string, options: { acceptWebp: boolean }): Promise<CachedImage>;
  /** Caches the first images of a list ahead of visitors; never throws. */
  warm(urls: string[]): Promise<WarmReport>;
  stats(): ImageCacheStats;
};

const DAY_MS = 24 * 60 * 60 * 1000;

// Spec §9: the first 10 images are preloaded, 3 at a time with a 100 ms pause between batches.
const WARM_COUNT = 10;
const WARM_BATCH = 3;
const WARM_PAUSE_MS = 100;

type Filled = { entry: StoredEntry; bodies: Record<VariantName, Buffer> };

export function createImageCache({
  dir,
  fetchImage,
  maxEntries = 50,
  maxAgeMs = 7 * DAY_MS,
  now = () => Date.now(),
  logger,
}: ImageCacheOptions): ImageCache {
  const store = createCacheStore(dir);
  let loading: Promise<Map<string, StoredEntry>> | undefined;
  const inFlight = new Map<string, Promise<Filled>>();
  const counters = { hits: 0, misses: 0 };
  let entries = new Map<string, StoredEntry>();

  function index(): Promise<Map<string, StoredEntry>> {
    loading ??= store.load().then(
      (loaded) => (entries = loaded),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }

  const isExpired = (entry: StoredEntry) => now() - entry.storedAt >= maxAgeMs;

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
      entries.delete(key);
      entries.set(key, entry);
      await evict();
    } catch (error) {
      // The visitor still gets the image; only the disk copy is missing.
      logger.warn(
        { url, err: error },
        `Failed to cache image: ${error instanceof Error ? error.message : error}`,
      );
    }
    return { entry, bodies };
  }

  /** Drops expired entries, then the oldest ones until at most `maxEntries` remain. */
  async function evict(): Promise<void> {
    const byAge = [...entries].sort(([, a], [, b]) => a.storedAt - b.storedAt);
    const excess = byAge.length - maxEntries;
    const doomed = byAge
      .filter(([, entry], position) => position < excess || isExpired(entry))
      .map(([key]) => key);
    for (const key of doomed) entries.delete(key);
    await Promise.all(doomed.map((key) => store.remove(key)));
  }

  /** One fetch per URL at a time: concurrent requests for it wait for the same result. */
  function fillOnce(url: string, key: string): Promise<Filled> {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = fill(url, key).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  async function get(url: string, { acceptWebp }: { acceptWebp: boolean }): Promise<CachedImage> {
    await index();
    const key = cacheKey(url);
    const variant: VariantName = acceptWebp ? "webp" : "base";
    const stored = entries.get(key);
    if (stored && !isExpired(stored)) {
      try {
        const body = await store.read(key, stored.variants[variant]);
        counters.hits++;
        return { ...stored.variants[variant], body };
      } catch {
        // Deleted behind our back: fetch it again.
        entries.delete(key);
      }
    }
    counters.misses++;
    const { entry, bodies } = await fillOnce(url, key);
    return { ...entry.variants[variant], body: bodies[variant] };
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

  function stats(): ImageCacheStats {
    let bytes = 0;
    for (const entry of entries.values()) bytes += entry.variants.base.size + entry.variants.webp.size;
    return { entries: entries.size, bytes, ...counters };
  }

  return { get, warm, stats };
}

function variantOf(image: EncodedImage) {
  const etag = `"${createHash("sha256").update(image.body).digest("base64url")}"`;
  return { contentType: image.contentType, etag, size: image.body.length };
}
