import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://clips.example" });
});
afterEach(() => t.close());

const png = async (response: Response) => {
  const bytes = Buffer.from(await response.arrayBuffer());
  const { width, height, format } = await sharp(bytes).metadata();
  return { bytes, size: { width, height, format } };
};

describe("share cards", () => {
  it("renders the site's card as a 1200x630 PNG, revalidated by ETag", async () => {
    const { owner } = await t.signIn();
    await owner("/api/site", {
      method: "PUT",
      json: {
        name: "Ada Okafor",
        hero: { tagline: "Courts and the people in them.", professions: ["Reporter", ""] },
      },
    });
    const first = await t.request("/social-card.png");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    expect(first.headers.get("cache-control")).toBe("public, max-age=3600");
    expect((await png(first)).size).toEqual({ width: 1200, height: 630, format: "png" });
    const etag = first.headers.get("etag")!;
    const again = await t.request("/social-card.png", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("is made again when what it shows changes, under a new version", async () => {
    const { owner } = await t.signIn();
    const before = await t.request("/social-card.png");
    const beforePng = await png(before);
    await owner("/api/site", { method: "PUT", json: { name: "Renamed Reporter" } });
    const after = await t.request("/social-card.png");
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect((await png(after)).bytes.equals(beforePng.bytes)).toBe(false);
    // A versioned address is kept for a year; the version is in the ETag.
    const version = /"card-([\w-]+)"/.exec(after.headers.get("etag")!)![1];
    const pinned = await t.request(`/social-card.png?v=${version}`);
    expect(pinned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("renders an article's card, and answers 404 for an article that does not exist", async () => {
    const { owner } = await t.signIn();
    const created = await owner("/api/articles", {
      method: "POST",
      json: {
        title: "The council's missing millions",
        outlet: "The Ledger",
        url: "https://ledger.example/m",
      },
    });
    const { id } = (await created.json()) as { id: string };
    const card = await t.request(`/social-card/article/${id}.png`);
    expect(card.status).toBe(200);
    expect((await png(card)).size).toEqual({ width: 1200, height: 630, format: "png" });
    expect((await t.request("/social-card/article/nope.png")).status).toBe(404);
    expect((await t.request("/social-card/article/..%2Fsecret.png")).status).toBe(404);
  });
});
