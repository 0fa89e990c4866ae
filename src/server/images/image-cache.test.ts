import { mkdtemp, readdir, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cacheKey } from "./cache-store";
import { createImageCache } from "./image-cache";
import type { ImageCacheOptions, WarnLogger } from "./image-cache";
import { ImageError } from "../kernel/image-error";
import { photoJpeg, smallPng, transparentPng } from "../../../tests/support/sample-images";
import { IMAGE_WIDTHS } from "../../domain/image-src";

const DAY = 24 * 60 * 60 * 1000;
const HASH_NAMED = /^[0-9a-f]{64}(\.json|-(fit|\d{1,4})\.(jpg|png|webp))$/;
/** A small image's files: its record, and 600x400 and its own width in both formats. */
const SMALL_FILES = 5;

let photo: Buffer;
let logo: Buffer;
let tiny: Buffer;
let root: string;
let dir: string;

beforeAll(async () => {
  [photo, logo, tiny] = await Promise.all([photoJpeg(2000, 1500), transparentPng(), smallPng()]);
});

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "byline-images-"));
  dir = path.join(root, "image-cache");
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A cache whose source serves `images` by URL and counts fetches. */
function setup(
  images: Record<string, Buffer> | ((url: string) => Buffer),
  options: Partial<ImageCacheOptions> = {},
) {
  const fetched: string[] = [];
  const logger = { warn: vi.fn<WarnLogger["warn"]>() };
  const source = typeof images === "function" ? images : (url: string) => images[url];
  const fetchImage = async (url: string) => {
    fetched.push(url);
    const body = source(url);
    if (!body) throw new Error(`404 for ${url}`);
    return { body, contentType: "image/jpeg" };
  };
  const cache = createImageCache({ dir, fetchImage, logger, ...options });
  return { cache, fetched, logger };
}

async function refusal(promise: Promise<unknown>): Promise<ImageError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImageError);
  return error as ImageError;
}

describe("image cache", () => {
  it("serves a resized JPEG within 600x400 and caches it", async () => {
    const { cache, fetched } = setup({ "https://news.example/photo.jpg": photo });
    const image = await cache.get("https://news.example/photo.jpg", { format: "base" });
    expect(image.contentType).toBe("image/jpeg");
    expect(image.size).toBe(image.body.length);
    const metadata = await sharp(image.body).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.width).toBeLessThanOrEqual(600);
    expect(metadata.height).toBeLessThanOrEqual(400);

    const again = await cache.get("https://news.example/photo.jpg", { format: "base" });
    expect(again.body.equals(image.body)).toBe(true);
    expect(fetched).toHaveLength(1);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1 });
  });

  it("serves a WebP variant to clients that accept it, from the same fetch", async () => {
    const { cache, fetched } = setup({ "https://news.example/photo.jpg": photo });
    const webp = await cache.get("https://news.example/photo.jpg", { format: "webp" });
    const jpeg = await cache.get("https://news.example/photo.jpg", { format: "base" });
    expect(webp.contentType).toBe("image/webp");
    expect((await sharp(webp.body).metadata()).format).toBe("webp");
    expect(webp.etag).not.toBe(jpeg.etag);
    expect(fetched).toHaveLength(1);
    expect(cache.stats().bytes).toBeGreaterThan(webp.size + jpeg.size);
  });

  it("serves the smallest stored width that covers the request, never wider than the original", async () => {
    const { cache, fetched } = setup({
      "https://news.example/photo.jpg": photo,
      "https://news.example/small.jpg": await photoJpeg(700, 500),
    });
    const widthOf = async (url: string, width: number) =>
      (await sharp((await cache.get(url, { format: "webp", width })).body).metadata()).width;
    expect(await widthOf("https://news.example/photo.jpg", 320)).toBe(320);
    expect(await widthOf("https://news.example/photo.jpg", 400)).toBe(480);
    expect(await widthOf("https://news.example/photo.jpg", 500)).toBe(640);
    expect(await widthOf("https://news.example/photo.jpg", 1280)).toBe(1280);
    expect(await widthOf("https://news.example/photo.jpg", 4000)).toBe(1280);
    expect(cache.describe("https://news.example/photo.jpg")?.widths).toEqual([320, 480, 640, 800, 960, 1280]);
    expect(await widthOf("https://news.example/small.jpg", 1280)).toBe(700);
    expect(cache.describe("https://news.example/small.jpg")?.widths).toEqual([320, 480, 700]);
    expect(fetched).toHaveLength(2);
  });

  it("names each stored image by a version that changes with its bytes, and tells listeners", async () => {
    let body = photo;
    let time = 0;
    const { cache } = setup(() => body, { now: () => time, maxAgeMs: DAY });
    const stored = vi.fn();
    cache.onStored(stored);
    expect(cache.describe("https://news.example/photo.jpg")).toBeUndefined();
    const first = await cache.get("https://news.example/photo.jpg", { format: "base", width: 640 });
    expect(cache.describe("https://news.example/photo.jpg")?.v).toBe(first.version);
    expect(stored).toHaveBeenCalled();
    body = await photoJpeg(1000, 800);
    time = 2 * DAY;
    await cache.get("https://news.example/photo.jpg", { format: "base", width: 640 });
    await cache.settled();
    expect(cache.describe("https://news.example/photo.jpg")?.v).not.toBe(first.version);
  });

  it("serves a stored copy from memory once it has been read", async () => {
    const url = "https://news.example/photo.jpg";
    const { cache } = setup({ [url]: photo });
    await cache.get(url, { format: "webp", width: 640 });
    const restarted = setup({ [url]: photo });
    const read = await restarted.cache.get(url, { format: "webp", width: 640 });
    await unlink(path.join(dir, `${cacheKey(url)}-640.webp`));
    const again = await restarted.cache.get(url, { format: "webp", width: 640 });
    expect(again.body.equals(read.body)).toBe(true);
    expect(restarted.fetched).toHaveLength(0);
  });

  it("serves transparent images as PNG", async () => {
    const { cache } = setup({ "https://news.example/logo.png": logo });
    const image = await cache.get("https://news.example/logo.png", { format: "base" });
    expect(image.contentType).toBe("image/png");
    expect(await sharp(image.body).metadata()).toMatchObject({ format: "png", hasAlpha: true, width: 400 });
  });

  it("keeps a stable content-hash ETag across hits, restarts and refetches", async () => {
    let time = 0;
    const url = "https://news.example/photo.jpg";
    const first = setup({ [url]: photo }, { now: () => time });
    const original = await first.cache.get(url, { format: "base" });
    expect(original.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect((await first.cache.get(url, { format: "base" })).etag).toBe(original.etag);

    const restarted = setup({ [url]: photo }, { now: () => time });
    expect((await restarted.cache.get(url, { format: "base" })).etag).toBe(original.etag);
    expect(restarted.fetched).toHaveLength(0);

    time = 8 * DAY;
    expect((await restarted.cache.get(url, { format: "base" })).etag).toBe(original.etag);
    await restarted.cache.settled();
    expect(restarted.fetched).toHaveLength(1);
    expect((await restarted.cache.get(url, { format: "base" })).etag).toBe(original.etag);
  });

  it("changes the ETag when the picture changes", async () => {
    let time = 0;
    let current = tiny;
    const { cache } = setup(() => current, { now: () => time });
    const before = await cache.get("https://news.example/a.png", { format: "base" });
    current = await smallPng(40, 30, 200);
    time = 7 * DAY;
    expect((await cache.get("https://news.example/a.png", { format: "base" })).etag).toBe(before.etag);
    await cache.settled();
    const after = await cache.get("https://news.example/a.png", { format: "base" });
    expect(after.etag).not.toBe(before.etag);
  });

  it("after 7 days serves the stored copy at once and refreshes it behind the visitor", async () => {
    let time = 1_000_000;
    let version = tiny;
    const { cache, fetched } = setup(() => version, { now: () => time });
    const first = await cache.get("https://news.example/a.png", { format: "base" });
    time += 7 * DAY - 1;
    await cache.get("https://news.example/a.png", { format: "base" });
    expect(fetched).toHaveLength(1);

    time += 1;
    version = logo;
    const stale = await cache.get("https://news.example/a.png", { format: "base" });
    expect(stale.etag).toBe(first.etag);
    await cache.settled();
    expect(fetched).toHaveLength(2);
    const fresh = await cache.get("https://news.example/a.png", { format: "base" });
    expect(fresh.etag).not.toBe(first.etag);
    expect(fetched).toHaveLength(2);
    expect(cache.stats()).toMatchObject({ entries: 1, staleHits: 1 });
  });

  it("keeps the stale copy when the refresh fails", async () => {
    let time = 0;
    let available = true;
    const { cache, fetched } = setup(
      () => {
        if (!available) throw new Error("503");
        return tiny;
      },
      { now: () => time, maxAgeMs: 1000 },
    );
    const first = await cache.get("https://news.example/a.png", { format: "base" });
    time = 1000;
    available = false;
    expect((await cache.get("https://news.example/a.png", { format: "base" })).etag).toBe(first.etag);
    await cache.settled();
    expect(fetched).toHaveLength(2);
    expect((await cache.get("https://news.example/a.png", { format: "base" })).etag).toBe(first.etag);
  });

  it("is bounded by bytes, evicting the least recently used entry first", async () => {
    let time = 0;
    const probe = setup(() => tiny, { now: () => time++ });
    await probe.cache.get("https://news.example/probe", { format: "base" });
    const one = probe.cache.stats().bytes;
    await rm(dir, { recursive: true, force: true });

    // Room for three entries of this size, not four.
    const { cache, fetched } = setup(() => tiny, { now: () => time++, maxBytes: one * 3 + one / 2 });
    const url = (name: string) => `https://news.example/${name}.png`;
    for (const name of ["a", "b", "c"]) await cache.get(url(name), { format: "base" });
    await cache.get(url("a"), { format: "base" }); // a is now the most recently used
    await cache.get(url("d"), { format: "base" });
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: one * 3 });
    expect(await readdir(dir)).toHaveLength(3 * SMALL_FILES);
    expect(fetched).toEqual(["a", "b", "c", "d"].map(url));

    await cache.get(url("a"), { format: "base" });
    expect(fetched).toHaveLength(4);
    await cache.get(url("b"), { format: "base" });
    expect(fetched.at(-1)).toBe(url("b"));
  });

  it("keeps its byte bound and order across a restart", async () => {
    let time = 0;
    const probe = setup(() => tiny, { now: () => time++ });
    await probe.cache.get("https://news.example/probe", { format: "base" });
    const one = probe.cache.stats().bytes;
    await rm(dir, { recursive: true, force: true });

    const maxBytes = one * 2;
    const { cache } = setup(() => tiny, { now: () => (time += 10), maxBytes });
    for (const name of ["a", "b", "c"]) await cache.get(`https://news.example/${name}`, { format: "base" });
    expect(cache.stats().entries).toBe(2);

    const restarted = setup(() => tiny, { now: () => (time += 10), maxBytes });
    await restarted.cache.get("https://news.example/c", { format: "base" });
    await restarted.cache.get("https://news.example/b", { format: "base" });
    expect(restarted.fetched).toHaveLength(0);
    await restarted.cache.get("https://news.example/a", { format: "base" });
    expect(restarted.fetched).toEqual(["https://news.example/a"]);
    expect(restarted.cache.stats()).toMatchObject({ entries: 2, bytes: one * 2 });
  });

  it("runs at most two downloads at once", async () => {
    let running = 0;
    let most = 0;
    const cache = createImageCache({
      dir,
      logger: { warn: vi.fn() },
      fetchImage: async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 20));
        running--;
        return { body: tiny, contentType: "image/png" };
      },
    });
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => cache.get(`https://news.example/${i}.png`, { format: "base" })),
    );
    expect(most).toBe(2);
    expect(cache.stats().entries).toBe(8);
  });

  it("shares one fetch between concurrent requests for the same URL", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const cache = createImageCache({
      dir,
      logger: { warn: vi.fn() },
      fetchImage: async () => {
        calls++;
        await gate;
        return { body: photo, contentType: "image/jpeg" };
      },
    });
    const pending = Array.from({ length: 5 }, (_, i) =>
      cache.get("https://news.example/photo.jpg", { format: i % 2 === 0 ? "webp" : "base" }),
    );
    release();
    const images = await Promise.all(pending);
    expect(calls).toBe(1);
    expect(new Set(images.map((image) => image.contentType))).toEqual(new Set(["image/jpeg", "image/webp"]));
  });

  it("refuses broken data, logs why and caches nothing", async () => {
    const { cache, fetched, logger } = setup({
      "https://news.example/broken.jpg": Buffer.from("GIF89a broken"),
    });
    const error = await refusal(cache.get("https://news.example/broken.jpg", { format: "base" }));
    expect(error.code).toBe("invalid_image");
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ url: "https://news.example/broken.jpg" }),
      "Failed to cache image: not an image or a damaged one",
    );
    await refusal(cache.get("https://news.example/broken.jpg", { format: "base" }));
    expect(fetched).toHaveLength(2);
    expect(cache.stats().entries).toBe(0);
    expect(await readdir(dir)).toEqual([]);
  });

  it("refuses oversized images", async () => {
    const huge = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: "#eeeeee" } })
      .png()
      .toBuffer();
    const { cache, logger } = setup({
      "https://news.example/huge.png": huge,
      "https://news.example/heavy.jpg": Buffer.alloc(6 * 1024 * 1024),
    });
    expect((await refusal(cache.get("https://news.example/huge.png", { format: "base" }))).code).toBe(
      "too_large",
    );
    expect((await refusal(cache.get("https://news.example/heavy.jpg", { format: "base" }))).code).toBe(
      "too_large",
    );
    expect(logger.warn).toHaveBeenCalledWith(
      expect.anything(),
      expect.stringMatching(/^Failed to cache image: image is 7000x6000/),
    );
  });

  it("logs 'Failed to load image' when the source fails", async () => {
    const { cache, logger } = setup({});
    const error = await refusal(cache.get("https://news.example/gone.jpg", { format: "base" }));
    expect(error.code).toBe("load_failed");
    expect(error.message).toBe("404 for https://news.example/gone.jpg");
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ url: "https://news.example/gone.jpg" }),
      "Failed to load image",
    );
  });

  it("stores only hash-named files inside its directory, whatever the URL", async () => {
    const urls = [
      "https://news.example/photo.jpg",
      "../../../../etc/passwd",
      "https://news.example/../../x/%2e%2e%2f%2e%2e%2fescape.png",
      "/demo/..\\..\\windows.png",
      "https://news.example/\u0000null.png",
    ];
    const { cache } = setup(() => tiny);
    for (const url of urls) await cache.get(url, { format: "webp" });
    const names = await readdir(dir);
    expect(names).toHaveLength(urls.length * SMALL_FILES);
    for (const name of names) expect(name).toMatch(HASH_NAMED);
    expect(names).toContain(`${cacheKey(urls[1] as string)}.json`);
    expect(await readdir(root)).toEqual(["image-cache"]);
  });

  it("refetches when a cached file disappears, and ignores damaged records", async () => {
    const url = "https://news.example/photo.jpg";
    const first = setup({ [url]: photo });
    await first.cache.get(url, { format: "base" });
    await unlink(path.join(dir, `${cacheKey(url)}-640.jpg`));
    await first.cache.get(url, { format: "base", width: 640 });
    expect(first.fetched).toHaveLength(2);

    await writeFile(path.join(dir, `${cacheKey(url)}.json`), "{ not json");
    await writeFile(path.join(dir, `${cacheKey("other")}.0123456789abcdef.tmp`), "left over");
    const restarted = setup({ [url]: photo });
    expect((await restarted.cache.get(url, { format: "base" })).contentType).toBe("image/jpeg");
    expect(restarted.fetched).toHaveLength(1);
    const names = await readdir(dir);
    // The record, and 600x400 plus every width, each in two formats.
    expect(names).toHaveLength(1 + 2 + IMAGE_WIDTHS.length * 2);
    expect(names).toContain(`${cacheKey(url)}.json`);
    expect(names).toContain(`${cacheKey(url)}-fit.jpg`);
  });
});

describe("image cache warm-up", () => {
  it("caches the first 10 images in batches of 3 with 100 ms pauses, two downloads at a time, and reports failures", async () => {
    let running = 0;
    let peak = 0;
    const starts: number[] = [];
    const cache = createImageCache({
      dir,
      logger: { warn: vi.fn() },
      fetchImage: async (url) => {
        starts.push(Date.now());
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running--;
        if (url.endsWith("/3")) throw new Error("404");
        return { body: url.endsWith("/4") ? Buffer.from("broken") : tiny, contentType: "image/png" };
      },
    });
    const urls = Array.from({ length: 12 }, (_, i) => `https://news.example/${i}`);
    const started = Date.now();
    const report = await cache.warm(["", urls[0] as string, ...urls]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(starts).toHaveLength(10);
    expect(peak).toBe(2);
    expect((starts[3] as number) - (starts[2] as number)).toBeGreaterThanOrEqual(95);
    expect(report.cached).toEqual(
      urls.slice(0, 10).filter((url) => !url.endsWith("/3") && !url.endsWith("/4")),
    );
    expect(report.failed).toEqual([
      { url: "https://news.example/3", reason: "404" },
      { url: "https://news.example/4", reason: "not an image or a damaged one" },
    ]);
    expect(cache.stats().entries).toBe(8);
  });

  it("never throws, even when the cache directory cannot be created", async () => {
    await writeFile(path.join(root, "not-a-dir"), "");
    const cache = createImageCache({
      dir: path.join(root, "not-a-dir", "cache"),
      logger: { warn: vi.fn() },
      fetchImage: async () => ({ body: tiny, contentType: "image/png" }),
    });
    const report = await cache.warm(["https://news.example/a"]);
    expect(report.cached).toEqual([]);
    expect(report.failed).toHaveLength(1);
  });
});
