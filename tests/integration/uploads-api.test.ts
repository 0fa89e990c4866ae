import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageCacheSrc } from "../../src/domain/image-src";
import type { UploadInfo, UploadResult } from "../../src/domain/uploads";
import { imageClaiming, photoJpeg, pngClaiming, smallPng } from "../support/sample-images";
import { createTestApp, ORIGIN, type TestApp } from "./support/test-app";

type ErrorBody = { error: { code: string; message: string } };

let app: TestApp;
let session: Awaited<ReturnType<TestApp["signIn"]>>;

beforeAll(async () => {
  app = await createTestApp();
  session = await app.signIn();
});
afterAll(() => app.close());

function form(body: Buffer | string, name: string, type = "application/octet-stream"): FormData {
  const data = new FormData();
  data.append("file", new Blob([typeof body === "string" ? body : new Uint8Array(body)], { type }), name);
  return data;
}

const upload = (body: Buffer | string, name: string, type?: string) =>
  session.owner("/api/uploads", { method: "POST", body: form(body, name, type) });

async function uploaded(body: Buffer, name: string, type?: string): Promise<UploadResult> {
  const response = await upload(body, name, type);
  expect(response.status).toBe(201);
  return (await response.json()) as UploadResult;
}

async function errorOf(response: Response) {
  return ((await response.json()) as ErrorBody).error;
}

const storedFile = (url: string) => path.join(app.dataDir, "uploads", url.replace("/uploads/", ""));

describe("POST /api/uploads", () => {
  it("takes the type from the decoded image, not the name or type header: a PNG named .jpg is stored as PNG", async () => {
    const png = await smallPng(120, 80);
    const result = await uploaded(png, "holiday.jpg", "image/jpeg");
    expect(result.url).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    expect(result).toMatchObject({ width: 120, height: 80 });
    const file = storedFile(result.url);
    expect(fs.statSync(file).size).toBe(result.bytes);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect((await sharp(file).metadata()).format).toBe("png");

    const served = await app.request(result.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(fs.readFileSync(file));
  });

  it("accepts WebP, AVIF and GIF, and keeps a GIF's animation", async () => {
    const base = sharp({ create: { width: 64, height: 48, channels: 3, background: "#3060c0" } });
    expect((await uploaded(await base.clone().webp().toBuffer(), "a.webp")).url).toMatch(/\.webp$/);
    expect((await uploaded(await base.clone().avif().toBuffer(), "a.avif")).url).toMatch(/\.avif$/);
    const frame = (background: string) =>
      sharp({ create: { width: 32, height: 32, channels: 3, background } })
        .png()
        .toBuffer();
    const moving = await sharp([await frame("red"), await frame("green"), await frame("blue")], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    const gif = await uploaded(moving, "moving.gif");
    expect(gif).toMatchObject({ width: 32, height: 32 });
    expect((await sharp(storedFile(gif.url)).metadata()).pages).toBe(3);
  });

  it("refuses SVG, text and damaged images with 400 and a clear message, and stores nothing", async () => {
    const before = listNames();
    const svg = await upload(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
      "logo.png",
      "image/png",
    );
    expect(svg.status).toBe(400);
    expect((await errorOf(svg)).message).toBe(
      "SVG images are not accepted. Upload a JPEG, PNG, WebP, AVIF or GIF image.",
    );
    const text = await upload("just some words", "notes.jpg", "image/jpeg");
    expect(text.status).toBe(400);
    expect((await errorOf(text)).message).toMatch(/^This file is not an image we can read\./);
    const tiff = await upload(
      await sharp(await smallPng())
        .tiff()
        .toBuffer(),
      "scan.tif",
    );
    expect(tiff.status).toBe(400);
    expect((await errorOf(tiff)).code).toBe("unsupported_format");
    const missing = await session.owner("/api/uploads", { method: "POST", body: new FormData() });
    expect(missing.status).toBe(400);
    const json = await session.owner("/api/uploads", { method: "POST", json: { file: "x" } });
    expect(json.status).toBe(400);
    expect(listNames()).toEqual(before);
  });

  it("refuses a file over 15 MB with 413", async () => {
    const response = await upload(Buffer.alloc(16 * 1024 * 1024, 7), "huge.jpg", "image/jpeg");
    expect(response.status).toBe(413);
    expect((await errorOf(response)).message).toBe("The file is larger than 15 MB. Upload a smaller image.");
    // Just over the limit still fits the body limit's room for the multipart framing: the file's own size decides.
    const justOver = await upload(Buffer.alloc(15 * 1024 * 1024 + 1, 7), "just-over.jpg", "image/jpeg");
    expect(justOver.status).toBe(413);
  });

  it("keeps the pixel limit", async () => {
    const wide = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#808080" } })
      .png()
      .toBuffer();
    const response = await upload(wide, "wide.png");
    expect(response.status).toBe(413);
    expect((await errorOf(response)).message).toMatch(/8000x6000, over the 40 megapixel limit/);
  });

  it("judges the pixel limit from the header, before decoding: a tiny file claiming a huge size gets 413, not 'not an image'", async () => {
    const before = listNames();
    // The pixel data behind each header is missing or 16x16: decoding any of them would fail, so a
    // 413 with the claimed size can only come from the header.
    const claims: [Buffer, string, string][] = [
      [pngClaiming(20_000, 20_000), "claims.png", "20000x20000"],
      [await imageClaiming("jpeg", 60_000, 60_000), "claims.jpg", "60000x60000"],
      [await imageClaiming("gif", 60_000, 60_000), "claims.gif", "60000x60000"],
      [await imageClaiming("avif", 20_000, 20_000), "claims.avif", "20000x20000"],
      [await imageClaiming("webp", 16_383, 16_383), "claims.webp", "16383x16383"],
    ];
    for (const [file, name, size] of claims) {
      const response = await upload(file, name);
      expect({ name, status: response.status }).toEqual({ name, status: 413 });
      const error = await errorOf(response);
      expect(error.code).toBe("too_many_pixels");
      expect(error.message).toBe(
        `This image is ${size}, over the 40 megapixel limit. Make it smaller and try again.`,
      );
    }
    expect(listNames()).toEqual(before);
  });

  it("strips EXIF, GPS included, after applying the orientation", async () => {
    const phone = await sharp(await photoJpeg(400, 300))
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: "PhoneMaker", Model: "Phone 12" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "51/1 30/1 1234/100",
          GPSLongitudeRef: "W",
          GPSLongitude: "0/1 7/1 3900/100",
        },
      })
      .jpeg()
      .toBuffer();
    const original = await sharp(phone).metadata();
    expect(original.exif?.includes(Buffer.from("PhoneMaker"))).toBe(true);
    expect(original.orientation).toBe(6);

    const result = await uploaded(phone, "IMG_0001.JPG", "image/jpeg");
    expect(result).toMatchObject({ width: 300, height: 400 });
    const served = Buffer.from(await (await app.request(result.url)).arrayBuffer());
    const metadata = await sharp(served).metadata();
    expect(metadata).toMatchObject({ format: "jpeg", width: 300, height: 400 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(served.includes(Buffer.from("PhoneMaker"))).toBe(false);
  });

  it("is for the owner only: 401 without a session, 403 without the CSRF token or from another site", async () => {
    const png = await smallPng(10, 10, 200);
    const before = listNames();
    const anonymous = await app.request("/api/uploads", { method: "POST", body: form(png, "a.png") });
    expect(anonymous.status).toBe(401);
    const noToken = await app.request("/api/uploads", {
      method: "POST",
      body: form(png, "a.png"),
      headers: { Cookie: session.cookie, Origin: ORIGIN },
    });
    expect(noToken.status).toBe(403);
    expect((await errorOf(noToken)).code).toBe("csrf");
    const crossSite = await session.owner("/api/uploads", {
      method: "POST",
      body: form(png, "a.png"),
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect(listNames()).toEqual(before);
    expect((await app.request("/api/uploads")).status).toBe(401);
    const name = (await uploaded(png, "a.png")).url.split("/").pop()!;
    expect((await app.request(`/api/uploads/${name}`, { method: "DELETE" })).status).toBe(401);
  });
});

describe("serving and the image cache", () => {
  it("serves only names of the hash.ext form", async () => {
    fs.writeFileSync(path.join(app.dataDir, "uploads", "notes.txt"), "secret");
    for (const probe of [
      "/uploads/notes.txt",
      "/uploads/..%2fbyline.sqlite",
      "/uploads/%2e%2e/byline.sqlite",
      `/uploads/${"a".repeat(64)}.jpg`,
      `/uploads/${"a".repeat(64)}.svg`,
      "/uploads/a/b",
    ]) {
      const response = await app.request(probe);
      expect(response.status, probe).toBe(404);
      expect(await response.text(), probe).not.toContain("secret");
    }
  });

  it("shows an upload used by an article resized through the image cache; an unused one is not served there", async () => {
    const photo = await uploaded(await photoJpeg(1600, 1200), "photo.jpg");
    const unused = await imageOf(photo.url);
    expect(unused.status).toBe(404);
    const created = await session.owner("/api/articles", {
      method: "POST",
      json: { title: "Pictured", outlet: "Paper", url: "https://paper.example/p", image: photo.url },
    });
    expect(created.status).toBe(201);
    const response = await imageOf(photo.url);
    expect(response.status).toBe(200);
    const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect({ width, height }).toEqual({ width: 533, height: 400 });
  });
});

describe("the Media list", () => {
  it("lists uploads with size, dimensions and where they are used, and deletes only unused ones", async () => {
    const hero = await uploaded(await smallPng(50, 40, 10), "hero.png");
    const clip = await uploaded(await smallPng(60, 40, 20), "clip.png");
    const spare = await uploaded(await smallPng(70, 40, 30), "spare.png");
    expect(
      (await session.owner("/api/site", { method: "PUT", json: { name: "Sam", heroImage: hero.url } }))
        .status,
    ).toBe(200);
    const article = await session.owner("/api/articles", {
      method: "POST",
      json: { title: "Clip story", outlet: "Paper", url: "https://paper.example/c", image: clip.url },
    });
    const { id } = (await article.json()) as { id: string };

    const list = (await (await session.owner("/api/uploads")).json()) as UploadInfo[];
    const row = (url: string) => list.find((entry) => entry.url === url);
    expect(row(hero.url)).toMatchObject({
      width: 50,
      height: 40,
      bytes: hero.bytes,
      usedBy: [{ kind: "settings", field: "Your photo" }],
    });
    expect(row(clip.url)?.usedBy).toEqual([{ kind: "article", id, title: "Clip story" }]);
    expect(row(spare.url)?.usedBy).toEqual([]);

    const nameOf = (url: string) => url.split("/").pop()!;
    const usedBySettings = await session.owner(`/api/uploads/${nameOf(hero.url)}`, { method: "DELETE" });
    expect(usedBySettings.status).toBe(409);
    expect((await errorOf(usedBySettings)).message).toBe(
      "This image is used by the site settings (Your photo). Choose another image there first, then delete it.",
    );
    const usedByArticle = await session.owner(`/api/uploads/${nameOf(clip.url)}`, { method: "DELETE" });
    expect(usedByArticle.status).toBe(409);
    expect((await errorOf(usedByArticle)).message).toContain("the article “Clip story”");
    expect(fs.existsSync(storedFile(clip.url))).toBe(true);

    const removed = await session.owner(`/api/uploads/${nameOf(spare.url)}`, { method: "DELETE" });
    expect(removed.status).toBe(204);
    expect(fs.existsSync(storedFile(spare.url))).toBe(false);
    expect((await app.request(spare.url)).status).toBe(404);
    expect((await session.owner(`/api/uploads/${nameOf(spare.url)}`, { method: "DELETE" })).status).toBe(404);
    expect((await session.owner("/api/uploads/..%2fbyline.sqlite", { method: "DELETE" })).status).toBe(404);
    expect(fs.existsSync(path.join(app.dataDir, "byline.sqlite"))).toBe(true);
  });
});

const imageOf = (url: string) => app.request(imageCacheSrc(url));

function listNames(): string[] {
  return fs.existsSync(path.join(app.dataDir, "uploads"))
    ? fs.readdirSync(path.join(app.dataDir, "uploads"))
    : [];
}
