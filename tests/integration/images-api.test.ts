import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IMAGE_WIDTHS, imageCacheSrc, responsiveImage } from "../../src/domain/image-src";
import { photoJpeg, transparentPng } from "../support/sample-images";
import { articlePage, startFakePublisher, type FakePublisher } from "../e2e/support/fake-publisher";
import { createTestApp, type TestApp } from "./support/test-app";

type ErrorBody = { error: { code: string; message: string } };

let app: TestApp;
let owner: Awaited<ReturnType<TestApp["signIn"]>>["owner"];
let publisher: FakePublisher;
let photo: Buffer;

const jpeg = (body: Buffer) => ({ headers: { "Content-Type": "image/jpeg" }, body });

beforeAll(async () => {
  app = await createTestApp({ FETCH_ALLOW_PRIVATE: "true" });
  owner = (await app.signIn()).owner;
  photo = await photoJpeg(2000, 1500);
  publisher = await startFakePublisher({
    "/photo.jpg": jpeg(photo),
    "/wide.jpg": jpeg(await photoJpeg(1800, 600)),
    "/logo.png": { headers: { "Content-Type": "image/png" }, body: await transparentPng(800, 800) },
    "/hero.jpg": jpeg(await photoJpeg(1200, 900)),
    "/broken.jpg": jpeg(Buffer.from("this is not a picture at all")),
    "/page.html": { body: "<!doctype html><p>not an image</p>" },
    "/unlisted.jpg": jpeg(photo),
  });
  for (const name of ["photo.jpg", "wide.jpg", "logo.png", "broken.jpg", "missing.jpg", "page.html"]) {
    await addArticle({ image: publisher.url(`/${name}`) });
  }
  const site = await owner("/api/site", { method: "PUT", json: { heroImage: publisher.url("/hero.jpg") } });
  expect(site.status).toBe(200);
});

afterAll(async () => {
  await publisher.close();
  app.close();
});

async function addArticle(fields: Record<string, unknown>): Promise<string> {
  const response = await owner("/api/articles", {
    method: "POST",
    json: { title: "With a picture", outlet: "Coast Gazette", url: "https://coast.example/story", ...fields },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const image = (url: string, headers: Record<string, string> = {}) =>
  app.request(imageCacheSrc(url), { headers });

describe("GET /api/images", () => {
  it("serves an article image resized to fit 600x400 as JPEG, with a content-hash ETag", async () => {
    const response = await image(publisher.url("/photo.jpg"), { Accept: "image/avif,image/png,*/*" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("etag")).toMatch(/^"[\w-]{43}"$/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(response.headers.get("vary")).toBe("Accept");
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(photo.length);
    const { width, height, format } = await sharp(body).metadata();
    expect({ width, height, format }).toEqual({ width: 533, height: 400, format: "jpeg" });
  });

  it("keeps wide and transparent images within the bounds, transparency as PNG", async () => {
    const wide = await sharp(
      Buffer.from(await (await image(publisher.url("/wide.jpg"))).arrayBuffer()),
    ).metadata();
    expect({ width: wide.width, height: wide.height }).toEqual({ width: 600, height: 200 });
    const logo = await image(publisher.url("/logo.png"));
    expect(logo.headers.get("content-type")).toBe("image/png");
    const meta = await sharp(Buffer.from(await logo.arrayBuffer())).metadata();
    expect({ width: meta.width, height: meta.height, hasAlpha: meta.hasAlpha }).toEqual({
      width: 400,
      height: 400,
      hasAlpha: true,
    });
  });

  it("serves WebP to browsers that accept it, with its own ETag", async () => {
    const url = publisher.url("/photo.jpg");
    const webp = await image(url, { Accept: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8" });
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).format).toBe("webp");
    const plain = await image(url);
    expect(plain.headers.get("content-type")).toBe("image/jpeg");
    expect(webp.headers.get("etag")).not.toBe(plain.headers.get("etag"));
  });

  it("answers 304 to a matching If-None-Match, and caches for a year when the URL carries the hash", async () => {
    const url = publisher.url("/photo.jpg");
    const etag = (await image(url)).headers.get("etag")!;
    const revalidated = await image(url, { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect((await image(url, { "If-None-Match": `W/${etag}, "other"` })).status).toBe(304);
    expect((await image(url, { "If-None-Match": '"something-else"' })).status).toBe(200);

    const versioned = await app.request(`${imageCacheSrc(url)}&v=${etag.slice(1, -1)}`);
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const stale = await app.request(`${imageCacheSrc(url)}&v=not-the-hash`);
    expect(stale.headers.get("cache-control")).toBe("public, max-age=86400");
  });

  it("fetches each image once and serves repeats from the disk cache", async () => {
    const before = publisher.hits("/photo.jpg");
    for (let i = 0; i < 3; i++) expect((await image(publisher.url("/photo.jpg"))).status).toBe(200);
    expect(publisher.hits("/photo.jpg")).toBe(before);
    const files = fs.readdirSync(path.join(app.dataDir, "images"));
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((name) => /^[0-9a-f]{64}(\.json|-(fit|\d+)\.(jpg|png|webp))$/.test(name))).toBe(true);
  });

  it("serves each width in WebP and in JPEG or PNG, the same for every Accept header, never wider than the original", async () => {
    const at = async (name: string, width: number, format: "base" | "webp", accept = "*/*") => {
      const response = await app.request(`${imageCacheSrc(publisher.url(name))}&w=${width}&f=${format}`, {
        headers: { Accept: accept },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("vary")).toBeNull();
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      return `${response.headers.get("content-type")} ${meta.format} ${meta.width}x${meta.height}`;
    };
    expect(await at("/photo.jpg", 320, "webp")).toBe("image/webp webp 320x240");
    expect(await at("/photo.jpg", 640, "webp")).toBe("image/webp webp 640x480");
    expect(await at("/photo.jpg", 960, "base", "image/webp,*/*")).toBe("image/jpeg jpeg 960x720");
    expect(await at("/photo.jpg", 1280, "base")).toBe("image/jpeg jpeg 1280x960");
    expect(await at("/photo.jpg", 1000, "webp", "image/png")).toBe("image/webp webp 1280x960");
    expect(await at("/hero.jpg", 1280, "webp")).toBe("image/webp webp 1200x900");
    expect(await at("/logo.png", 640, "base")).toBe("image/png png 640x640");
  });

  it("answers the &v= links a page makes with a year's immutable caching, a strong ETag and 304", async () => {
    const url = publisher.url("/photo.jpg");
    await image(url);
    const version = app.services.images.describe(url);
    expect(version).toEqual({
      v: expect.stringMatching(/^[\w-]{16}$/),
      widths: [320, 480, 640, 800, 960, 1280],
    });
    const links = responsiveImage(url, version)!;
    const candidates = [
      links.src,
      ...`${links.srcSet}, ${links.webpSrcSet}`.split(", ").map((entry) => entry.split(" ")[0]!),
    ];
    expect(candidates).toHaveLength(1 + IMAGE_WIDTHS.length * 2);
    const etags = new Set<string>();
    for (const link of candidates) {
      expect(link).toContain(`&v=${version!.v}`);
      const response = await app.request(link);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const etag = response.headers.get("etag")!;
      expect(etag).toMatch(/^"[\w-]{43}"$/);
      etags.add(etag);
      const again = await app.request(link, { headers: { "If-None-Match": etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(again.headers.get("etag")).toBe(etag);
    }
    // `src` is the 640 px JPEG, also listed in `srcset`: two different files per width.
    expect(etags.size).toBe(IMAGE_WIDTHS.length * 2);
    const old = await app.request(`${imageCacheSrc(url)}&w=640&f=webp&v=an-older-version`);
    expect(old.headers.get("cache-control")).toBe("public, max-age=86400");
  });

  it.each([
    ["a width that is not a number", "&w=wide"],
    ["a zero width", "&w=0"],
    ["an unknown format", "&f=gif"],
  ])("answers 400 for %s", async (_name, query) => {
    const response = await app.request(`${imageCacheSrc(publisher.url("/photo.jpg"))}${query}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.code).toBe("invalid_variant");
  });

  it("serves the demo pictures that content uses, read from the site's own files", async () => {
    expect((await image("/demo/harbour-dawn.jpg")).status).toBe(404);
    await addArticle({ image: "/demo/harbour-dawn.jpg" });
    const response = await app.request(`${imageCacheSrc("/demo/harbour-dawn.jpg")}&w=480&f=webp`);
    expect(response.status).toBe(200);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(`${meta.format} ${meta.width}x${meta.height}`).toBe("webp 480x320");
  });

  it("serves the site's hero image", async () => {
    const response = await image(publisher.url("/hero.jpg"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
  });

  it("refuses images that no stored content uses, without fetching them", async () => {
    const response = await image(publisher.url("/unlisted.jpg"));
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).error.code).toBe("unknown_image");
    expect(publisher.hits("/unlisted.jpg")).toBe(0);
    // A near miss of a stored address is still unknown.
    expect((await image(`${publisher.url("/photo.jpg")}?size=big`)).status).toBe(404);
  });

  it.each([
    ["no url", "/api/images"],
    ["a site path", "/api/images?url=%2Fassets%2Fportrait.jpg"],
    ["a demo path that climbs", "/api/images?url=%2Fdemo%2F..%2F..%2Fbyline.sqlite"],
    ["javascript:", "/api/images?url=javascript%3Aalert(1)"],
    ["file:", "/api/images?url=file%3A%2F%2F%2Fetc%2Fpasswd"],
    ["a path traversal", "/api/images?url=..%2F..%2Fbyline.sqlite"],
  ])("answers 400 for %s", async (_name, pathname) => {
    const response = await app.request(pathname);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.code).toBe("invalid_url");
  });

  it.each([
    ["/broken.jpg", /^Failed to cache image: not an image or a damaged one$/],
    ["/missing.jpg", /^Failed to cache image: 404 Not Found$/],
    ["/page.html", /^Failed to cache image: Expected image\/ but the server sent text\/html/],
  ])("answers 502 for %s, then answers again without refetching", async (pathname, message) => {
    const response = await image(publisher.url(pathname));
    expect(response.status).toBe(502);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { error } = (await response.json()) as ErrorBody;
    expect(error.code).toBe("image_failed");
    expect(error.message).toMatch(message);
    const hits = publisher.hits(pathname);
    expect((await image(publisher.url(pathname))).status).toBe(502);
    expect(publisher.hits(pathname)).toBe(hits);
  });

  it("serves the image of an article's archived copy once reader mode has fetched it", async () => {
    const pictured = publisher.url("/archived-photo.jpg");
    publisher.route("/archived-photo.jpg", jpeg(await photoJpeg(900, 600)));
    publisher.route("/story", {
      body: articlePage({
        title: "Pilots repeat their warning",
        image: pictured,
        blocks: [
          "Harbour pilots repeated their warning about night-time arrivals in a second letter to the authority.",
          "The authority has promised to answer before the end of the month, the pilots' spokesman said.",
        ],
      }),
    });
    const id = await addArticle({ image: "", url: publisher.url("/story") });
    expect((await image(pictured)).status).toBe(404);
    const read = await app.request(`/api/articles/${id}/reader`);
    expect(((await read.json()) as { image: string }).image).toBe(pictured);
    expect((await image(pictured)).status).toBe(200);
  });
});

describe("warming", () => {
  it("caches the images of the first 10 articles (in list order) ahead of visitors", async () => {
    const warmApp = await createTestApp({ FETCH_ALLOW_PRIVATE: "true" });
    const own = await startFakePublisher();
    try {
      const { owner: warmOwner } = await warmApp.signIn();
      const small = await photoJpeg(300, 200);
      for (let day = 1; day <= 12; day++) {
        own.route(`/img-${day}.jpg`, jpeg(small));
        const created = await warmOwner("/api/articles", {
          method: "POST",
          json: {
            title: `Story ${day}`,
            outlet: "Coast Gazette",
            url: `https://coast.example/${day}`,
            date: `2026-01-${String(day).padStart(2, "0")}`,
            image: own.url(`/img-${day}.jpg`),
          },
        });
        expect(created.status).toBe(201);
      }
      warmApp.services.images.scheduleWarm();
      // Newest first: days 12 down to 3 are the first 10 articles.
      await vi.waitFor(() => expect(warmApp.services.images.cache.stats().entries).toBe(10), {
        timeout: 10_000,
      });
      await warmApp.services.images.idle();
      for (let day = 3; day <= 12; day++) expect(own.hits(`/img-${day}.jpg`)).toBe(1);
      expect(own.hits("/img-1.jpg") + own.hits("/img-2.jpg")).toBe(0);

      // A visitor's request is then answered from the cache.
      expect((await warmApp.request(imageCacheSrc(own.url("/img-12.jpg")))).status).toBe(200);
      expect(own.hits("/img-12.jpg")).toBe(1);
    } finally {
      await own.close();
      warmApp.close();
    }
  });
});

describe("with FETCH_ALLOW_PRIVATE=false", () => {
  it("refuses to fetch an image on a private address even when content names it", async () => {
    const guarded = await createTestApp({ FETCH_ALLOW_PRIVATE: "false" });
    try {
      const { owner: guardedOwner } = await guarded.signIn();
      const url = publisher.url("/unlisted.jpg");
      await guardedOwner("/api/articles", {
        method: "POST",
        json: { title: "Internal", outlet: "Intranet", url: "https://coast.example/x", image: url },
      });
      const response = await guarded.request(imageCacheSrc(url));
      expect(response.status).toBe(502);
      expect(((await response.json()) as ErrorBody).error.message).toMatch(
        /^Failed to cache image: Only ports 80 and 443/,
      );
      expect(publisher.hits("/unlisted.jpg")).toBe(0);
    } finally {
      guarded.close();
    }
  });
});
