import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { initials } from "../../src/server/icons/site-icons";
import { startHangingServer } from "./support/hanging-server";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

async function pngSize(body: Buffer) {
  const { width, height, format } = await sharp(body).metadata();
  return { width, height, format };
}

describe("site icons", () => {
  it("takes the first letters of the first and last word of the owner's name", () => {
    expect(initials("Morgan Hale")).toBe("MH");
    expect(initials("Ana María de la Cruz")).toBe("AC");
    expect(initials("Zoë")).toBe("Z");
    expect(initials("<script>")).toBe("S");
  });

  it("answers /favicon.ico with an ICO holding a 32 px PNG, not the landing page", async () => {
    const response = await t.request("/favicon.ico");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/x-icon");
    const body = Buffer.from(await response.arrayBuffer());
    expect([...body.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    expect(await pngSize(body.subarray(body.readUInt32LE(18)))).toEqual({
      width: 32,
      height: 32,
      format: "png",
    });
  });

  it.each([
    ["/apple-touch-icon.png", 180],
    ["/icon-192.png", 192],
    ["/icon-512.png", 512],
  ])("serves %s as a %i px PNG", async (path, size) => {
    const response = await t.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(await pngSize(Buffer.from(await response.arrayBuffer()))).toEqual({
      width: size,
      height: size,
      format: "png",
    });
  });

  it("serves an SVG favicon with the initials and a web manifest naming the owner", async () => {
    const { owner } = await t.signIn();
    expect((await owner("/api/site", { method: "PUT", json: { name: "Morgan Hale" } })).status).toBe(200);
    const svg = await (await t.request("/favicon.svg")).text();
    expect(svg).toContain(">MH</text>");
    const response = await t.request("/site.webmanifest");
    expect(response.headers.get("content-type")).toBe("application/manifest+json");
    const manifest = (await response.json()) as { name: string; icons: { sizes: string }[] };
    expect(manifest.name).toBe("Morgan Hale");
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(["192x192", "512x512"]);
  });

  it("answers 304 to a matching ETag, and makes new icons when the owner's name changes", async () => {
    const first = await t.request("/favicon.svg");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    expect((await t.request("/favicon.svg", { headers: { "If-None-Match": etag } })).status).toBe(304);

    const { owner } = await t.signIn();
    expect((await owner("/api/site", { method: "PUT", json: { name: "Rosa Parks" } })).status).toBe(200);
    const renamed = await t.request("/favicon.svg");
    expect(renamed.headers.get("etag")).not.toBe(etag);
    expect(await renamed.text()).toContain(">RP</text>");
    expect((await (await t.request("/site.webmanifest")).json()) as { name: string }).toMatchObject({
      name: "Rosa Parks",
    });
  });

  it("uses the owner's uploaded Site icon instead of the initials, and goes back when it is cleared", async () => {
    const { owner } = await t.signIn();
    // A blue square photo, uploaded as the dashboard does.
    const blue = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#1d4ed8" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(blue)], { type: "image/jpeg" }), "icon.jpg");
    const sent = await owner("/api/uploads", { method: "POST", body: form });
    expect(sent.status).toBe(201);
    const { url } = (await sent.json()) as { url: string };

    const centre = async (path: string) => {
      const body = Buffer.from(await (await t.request(path)).arrayBuffer());
      const { data, info } = await sharp(body).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
      return { size: [info.width, info.height], rgb: [...data.subarray(at, at + 3)] };
    };
    const initialsEtag = (await t.request("/icon-192.png")).headers.get("etag");
    expect((await owner("/api/site", { method: "PUT", json: { siteIcon: url } })).status).toBe(200);

    const icon = await t.request("/icon-192.png");
    expect(icon.headers.get("etag")).not.toBe(initialsEtag);
    const { size, rgb } = await centre("/icon-192.png");
    expect(size).toEqual([192, 192]);
    // #1d4ed8 after JPEG and resizing: blue, not the initials' red and paper white.
    expect(rgb[2]).toBeGreaterThan(180);
    expect(rgb[0]).toBeLessThan(60);
    expect((await centre("/apple-touch-icon.png")).size).toEqual([180, 180]);
    expect(await (await t.request("/favicon.svg")).text()).toContain("data:image/png;base64,");

    // The Media list counts the icon as a use, so the upload cannot be deleted while it is the icon.
    const media = (await (await owner("/api/uploads")).json()) as { url: string; usedBy: unknown[] }[];
    expect(media.find((item) => item.url === url)?.usedBy).toEqual([
      { kind: "settings", field: "Site icon" },
    ]);

    expect((await owner("/api/site", { method: "PUT", json: { siteIcon: "" } })).status).toBe(200);
    expect(await (await t.request("/favicon.svg")).text()).toMatch(/<text[^>]*>[A-Z]{1,2}<\/text>/);
  });

  it.each([
    "/favicon.ico",
    "/favicon.svg?v=2",
    "/Icon-512.png",
    "/site.webmanifest",
    "/social-card.png",
    "/api/images?url=%2Ffavicon.ico",
    "http://localhost:3000/apple-touch-icon.png",
  ])(
    "keeps the initials when the Site icon is %s, one of the site's own generated answers",
    async (siteIcon) => {
      const initialsEtag = (await t.request("/icon-192.png")).headers.get("etag");
      const { owner } = await t.signIn();
      expect((await owner("/api/site", { method: "PUT", json: { siteIcon } })).status).toBe(200);
      // Refused, not failed: the initials are the icon, not a stand-in to be tried again.
      for (const path of ["/favicon.ico", "/icon-192.png", "/favicon.svg", "/site.webmanifest"]) {
        const answer = await t.request(path);
        expect([answer.status, answer.headers.get("cache-control")], path).toEqual([
          200,
          "public, max-age=3600",
        ]);
      }
      expect((await t.request("/icon-192.png")).headers.get("etag")).toBe(initialsEtag);
      expect(await (await t.request("/favicon.svg")).text()).toMatch(/<text[^>]*>[A-Z]{1,2}<\/text>/);
    },
  );
});

describe("site icons from a picture that never arrives", () => {
  it("answers with the initials within the time limit, while the picture's server still hangs", async () => {
    const source = await startHangingServer();
    const app = await createTestApp(
      { FETCH_ALLOW_PRIVATE: "true" },
      { generatedImages: { pictureTimeoutMs: 200 } },
    );
    try {
      const initialsEtag = (await app.request("/icon-192.png")).headers.get("etag");
      const { owner } = await app.signIn();
      expect((await owner("/api/site", { method: "PUT", json: { siteIcon: source.url } })).status).toBe(200);
      const icon = await app.request("/icon-192.png");
      expect(icon.status).toBe(200);
      // It gave up on the picture itself: the image cache's own, longer, wait has not ended.
      expect(source.closedConnections()).toBe(0);
      expect(icon.headers.get("etag")).toBe(initialsEtag);
      expect(icon.headers.get("cache-control")).toBe("no-cache");
    } finally {
      await source.close();
      await app.services.images.idle();
      await app.services.images.cache.settled();
      app.close();
    }
  });
});
