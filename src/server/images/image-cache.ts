import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { createCacheStore, cacheKey, variantName } from "./cache-store";
import type { ImageFormat, StoredEntry, StoredVariant, VariantName } from "./cache-store";
import { ImageError } from "../kernel/image-error";
import { processImage } from "../kernel/process-image";
import type { EncodedImage, ProcessedImage } from "../kernel/process-image";
import { contentEtag } from "../kernel/http/etag";
import type { ImageVersion } from "../../domain/image-src";
import { createTaskSlots } from "../kernel/task-slots";
import { errorReason } from "../../domain/error-reason";

export type CachedImage = { body: Buffer; contentType: string; etag: string; size: number; version: string };

/** Which copy: WebP or the JPEG/PNG one, at the smallest stored width that covers `width`, or fitting 600x400 without it. */
export type ImageRequest = { format: ImageFormat; width?: number };

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
  /** Bytes of variants kept in memory, so a hit needs no disk read; the least recently used go first. */
  maxMemoryBytes?: number;
  /** After this an entry is refreshed from its source; until the refresh lands, it is still served. */
  maxAgeMs?: number;
  /** Downloads and resizes running at once; more wait their turn. */
  maxConcurrentFills?: number;
  now?: () => number;
  logger: WarnLogger;
};

export type ImageCache = {
  get(url: string, request: ImageRequest): Promise<CachedImage>;
  /** The stored version and widths, for pages to link; undefined until the image is stored. */
  describe(url: string): ImageVersion | undefined;
  /** Loads the index of stored images, so `describe` knows them. */
  load(): Promise<void>;
  /** Called when an image is stored or the index loads: what `describe` answers has changed. */
  onStored(listener: () => void): void;
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

type Filled = { entry: StoredEntry; bodies: Map<VariantName, Buffer> };

/** Part of every version: changing how images are processed changes every `&v=`. */
const PROCESSING = "responsive-1";

const entryBytes = (entry: StoredEntry) =>
  Object.values(entry.variants).reduce((sum, variant) => sum + (variant?.size ?? 0), 0);

function pickVariant(entry: StoredEntry, { format, width }: ImageRequest) {
  const size =
    width === undefined
      ? "fit"
      : (entry.widths.find((stored) => stored >= width) ?? (entry.widths.at(-1) as number));
  const name = variantName(size, format);
  const variant = entry.variants[name];
  // The store only loads complete entries, and `fill` writes every variant.
  if (!variant) throw new Error(`The cached entry has no ${name} copy`);
  return { name, variant };
}

export function createImageCache({
  dir,
  fetchImage,
  maxBytes = 256 * MB,
  maxMemoryBytes = 32 * MB,
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
  const fillSlots = createTaskSlots(maxConcurrentFills);
  // Keyed by ETag, which names the bytes: a refreshed image can never be answered from an old copy.
  const memory = createByteLru(maxMemoryBytes);
  const listeners: (() => void)[] = [];
  const notify = () => listeners.forEach((listener) => listener());

  function index(): Promise<Map<string, StoredEntry>> {
    loading ??= store.load().then(
      (loaded) => {
        entries = new Map([...loaded].sort(([, a], [, b]) => a.storedAt - b.storedAt));
        bytes = 0;
        for (const entry of entries.values()) bytes += entryBytes(entry);
        notify();
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
      const reason = errorReason(error);
      throw new ImageError("load_failed", reason, { cause: error });
    }
    let processed: ProcessedImage;
    try {
      processed = await processImage(source.body);
    } catch (error) {
      const failure =
        error instanceof ImageError
          ? error
          : new ImageError("invalid_image", String(error), { cause: error });
      logger.warn(
        { url, contentType: source.contentType, err: error },
        `Failed to cache image: ${failure.message}`,
      );
      throw failure;
    }
    const bodies = new Map<VariantName, Buffer>();
    const variants: Partial<StoredEntry["variants"]> = {};
    const add = (name: VariantName, image: EncodedImage) => {
      bodies.set(name, image.body);
      variants[name] = variantOf(image);
    };
    add("fit.base", processed.base);
    add("fit.webp", processed.webp);
    for (const { width, base, webp } of processed.responsive) {
      add(variantName(width, "base"), base);
      add(variantName(width, "webp"), webp);
    }
    const entry: StoredEntry = {
      storedAt: now(),
      version: createHash("sha256").update(source.body).update(PROCESSING).digest("base64url").slice(0, 16),
      widths: processed.responsive.map((variant) => variant.width),
      variants: variants as StoredEntry["variants"],
    };
    try {
      await store.write(key, entry, bodies);
      remember(key, entry);
      notify();
      await evict(key);
    } catch (error) {
      // The visitor still gets the image; only the disk copy is missing.
      logger.warn({ url, err: error }, `Failed to cache image: ${errorReason(error)}`);
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

  async function read(key: string, name: VariantName, variant: StoredVariant): Promise<Buffer> {
    const kept = memory.get(variant.etag);
    if (kept) return kept;
    const body = await store.read(key, name, variant);
    memory.set(variant.etag, body);
    return body;
  }

  async function get(url: string, request: ImageRequest): Promise<CachedImage> {
    await index();
    const key = cacheKey(url);
    const stored = entries.get(key);
    if (stored) {
      try {
        const { name, variant } = pickVariant(stored, request);
        const body = await read(key, name, variant);
        if (entries.get(key) === stored) remember(key, stored);
        if (isExpired(stored)) {
          // Stale: this visitor gets the old copy at once, and the refresh happens behind them.
          counters.staleHits++;
          fillOnce(url, key).catch(() => undefined);
        } else {
          counters.hits++;
        }
        return { ...variant, body, version: stored.version };
      } catch {
        // Deleted behind our back: fetch it again.
        forget(key);
      }
    }
    counters.misses++;
    const { entry, bodies } = await fillOnce(url, key);
    const { name, variant } = pickVariant(entry, request);
    return { ...variant, body: bodies.get(name) as Buffer, version: entry.version };
  }

  function describe(url: string): ImageVersion | undefined {
    const entry = entries.get(cacheKey(url));
    return entry && { v: entry.version, widths: entry.widths };
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
      const results = await Promise.allSettled(batch.map((url) => get(url, { format: "webp", width: 640 })));
      results.forEach((result, position) => {
        const url = batch[position] as string;
        if (result.status === "fulfilled") report.cached.push(url);
        else
          report.failed.push({
            url,
            reason: errorReason(result.reason),
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

  return {
    get,
    describe,
    async load() {
      await index();
    },
    onStored(listener) {
      listeners.push(listener);
    },
    has,
    warm,
    settled,
    stats,
  };
}

/** A map from key to bytes that drops the least recently used once the total passes `maxBytes`. */
function createByteLru(maxBytes: number) {
  const items = new Map<string, Buffer>();
  let total = 0;
  return {
    get(key: string): Buffer | undefined {
      const body = items.get(key);
      if (body) {
        items.delete(key);
        items.set(key, body);
      }
      return body;
    },
    set(key: string, body: Buffer): void {
      if (body.length > maxBytes || items.has(key)) return;
      items.set(key, body);
      total += body.length;
      for (const [oldest, old] of items) {
        if (total <= maxBytes) break;
        items.delete(oldest);
        total -= old.length;
      }
    },
  };
}

function variantOf(image: EncodedImage) {
  return { contentType: image.contentType, etag: contentEtag(image.body), size: image.body.length };
}
