import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, sendFrom } from "../support/loopback";
import { watchCardRenders } from "./support/card-renders";
import { startHangingServer } from "./support/hanging-server";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let renders: ReturnType<typeof watchCardRenders>;
const stops: (() => Promise<void>)[] = [];

async function start(env: Record<string, string> = {}, pictureTimeoutMs?: number) {
  renders = watchCardRenders();
  t = await createTestApp(
    { PUBLIC_URL: "https://clips.example", ...env },
    { generatedImages: { renderCard: renders.renderCard, pictureTimeoutMs } },
  );
  return t;
}
afterEach(async () => {
  renders.release();
  while (stops.length > 0) await stops.pop()!();
  await t.services.images.idle();
  await t.services.images.cache.settled();
  t.close();
});

const png = async (response: Response) => {
  const bytes = Buffer.from(await response.arrayBuffer());
  const { width, height, format } = await sharp(bytes).metadata();
  return { bytes, size: { width, height, format } };
};

type Owner = Awaited<ReturnType<TestApp["signIn"]>>["owner"];
const story = (n: number, fields: { title?: string; image?: string } = {}) => ({
  title: `Story number ${n}`,
  outlet: "The Ledger",
  url: `https://ledger.example/${n}`,
  ...fields,
});

async function addArticles(owner: Owner, count: number) {
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    const created = await owner("/api/articles", { method: "POST", json: story(n) });
    ids.push(((await created.json()) as { id: string }).id);
  }
  return ids;
}

describe("share cards", () => {
  it("renders the site's card as a 1200x630 PNG, revalidated by ETag", async () => {
    await start();
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

  it("after an edit, sends the previous card at once while the new one is drawn, under its own ETag", async () => {
    await start();
    const { owner } = await t.signIn();
    const before = await t.request("/social-card.png");
    const oldEtag = before.headers.get("etag")!;
    const oldBytes = (await png(before)).bytes;
    const oldVersion = renders.started[0]!.version;

    renders.hold();
    await owner("/api/site", { method: "PUT", json: { name: "Renamed Reporter" } });
    // Answered while the new card cannot be drawn: the previous one, to be revalidated at each use.
    const stale = await t.request("/social-card.png");
    expect(stale.status).toBe(200);
    expect(stale.headers.get("etag")).toBe(oldEtag);
    expect(stale.headers.get("cache-control")).toBe("no-cache");
    expect((await png(stale)).bytes.equals(oldBytes)).toBe(true);
    const revalidated = await t.request("/social-card.png", { headers: { "If-None-Match": oldEtag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("cache-control")).toBe("no-cache");
    // The page's old link still names the old card exactly.
    expect((await t.request(`/social-card.png?v=${oldVersion}`)).headers.get("etag")).toBe(oldEtag);

    // The page's new link waits for the new card: never the old bytes under the new address.
    await renders.untilStarted(2);
    const newVersion = renders.started[1]!.version;
    expect(newVersion).not.toBe(oldVersion);
    const pinned = t.request(`/social-card.png?v=${newVersion}`);
    renders.release();
    const fresh = await pinned;
    expect(fresh.headers.get("etag")).toBe(`"card-${newVersion}"`);
    expect(fresh.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await png(fresh)).bytes.equals(oldBytes)).toBe(false);
    const after = await t.request("/social-card.png");
    expect(after.headers.get("etag")).toBe(`"card-${newVersion}"`);
    expect(after.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(renders.started).toHaveLength(2);
  });

  it("renders an article's card, and answers 404 for an article that does not exist", async () => {
    await start();
    const { owner } = await t.signIn();
    const [id] = await addArticles(owner, 1);
    const card = await t.request(`/social-card/article/${id}.png`);
    expect(card.status).toBe(200);
    expect((await png(card)).size).toEqual({ width: 1200, height: 630, format: "png" });
    expect((await t.request("/social-card/article/nope.png")).status).toBe(404);
    expect((await t.request("/social-card/article/..%2Fsecret.png")).status).toBe(404);
  });

  it("draws no more than 2 cards at once when a crawler asks for every article's card after an edit", async () => {
    await start();
    const { owner } = await t.signIn();
    const ids = await addArticles(owner, 6);
    const all = () => Promise.all(ids.map((id) => t.request(`/social-card/article/${id}.png`)));
    const first = await all();
    expect(first.map((response) => response.status)).toEqual(ids.map(() => 200));
    // The site's name is on every article's card: renaming it changes them all.
    await owner("/api/site", { method: "PUT", json: { name: "Renamed Reporter" } });
    const second = await all();
    expect(second.map((response) => response.headers.get("etag"))).toEqual(
      first.map((response) => response.headers.get("etag")),
    );
    await renders.untilEnded(2 * ids.length);
    expect(renders.peak()).toBeLessThanOrEqual(2);
    // An edit to one article draws that article's card again, and no other.
    const edited = await owner(`/api/articles/${ids[0]}`, {
      method: "PUT",
      json: story(0, { title: "A new headline" }),
    });
    expect(edited.status).toBe(200);
    await all();
    await renders.untilEnded(2 * ids.length + 1);
    await all();
    expect(renders.started).toHaveLength(2 * ids.length + 1);
  });

  it.each([
    "/social-card.png",
    "/social-card.png?v=x",
    "/social%2Dcard.png",
    "/./social-card.png",
    "/api/images?url=%2Fsocial-card.png",
    "https://clips.example/social-card.png",
    "/favicon.ico",
  ])("draws the site's card without a photo when the hero image is %s", async (heroImage) => {
    await start();
    const { owner } = await t.signIn();
    expect((await owner("/api/site", { method: "PUT", json: { heroImage } })).status).toBe(200);
    const card = await t.request("/social-card.png");
    expect(card.status).toBe(200);
    expect((await png(card)).size).toEqual({ width: 1200, height: 630, format: "png" });
    expect(renders.started.map((drawn) => drawn.photo)).toEqual([null]);
    expect(card.headers.get("etag")).toBe(`"card-${renders.started[0]!.version}"`);
  });

  it("draws an article's card without a photo when its image is that card, or the site's", async () => {
    await start();
    const { owner } = await t.signIn();
    const [id, other] = await addArticles(owner, 2);
    const own = { image: `/social-card/article/${id}.png` };
    expect((await owner(`/api/articles/${id}`, { method: "PUT", json: story(0, own) })).status).toBe(200);
    const site = { image: "/SOCIAL-CARD.PNG?v=1" };
    expect((await owner(`/api/articles/${other}`, { method: "PUT", json: story(1, site) })).status).toBe(200);
    for (const each of [id, other]) {
      expect((await t.request(`/social-card/article/${each}.png`)).status).toBe(200);
    }
    expect(renders.started.map((drawn) => drawn.photo)).toEqual([null, null]);
  });

  it("never asks itself for its own card when the hero image is the card's address on this site", async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    await start({ PUBLIC_URL: origin, FETCH_ALLOW_PRIVATE: "true" });
    const asked: string[] = [];
    const server = http.createServer((req, res) => {
      asked.push(req.url ?? "");
      void getRequestListener(t.app.fetch)(req, res);
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    stops.push(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const { owner } = await t.signIn();
    for (const heroImage of [`${origin}/social-card.png`, `${origin}/social-card.png?size=large`]) {
      expect((await owner("/api/site", { method: "PUT", json: { heroImage } })).status).toBe(200);
      const card = await sendFrom(`${origin}/social-card.png?n=${renders.started.length}`, "127.0.0.1");
      expect(card.status).toBe(200);
      await renders.untilEnded(renders.started.length);
    }
    // Only the two requests above: the image cache never fetched the card from this site.
    expect(asked.filter((path) => /social-card/i.test(path))).toEqual([
      "/social-card.png?n=0",
      "/social-card.png?n=1",
    ]);
    expect(renders.started.map((drawn) => drawn.photo)).toEqual([null, null]);
  });

  it("draws the card without its photo when the photo's server never answers, and says so", async () => {
    const source = await startHangingServer();
    stops.push(source.close);
    await start({ FETCH_ALLOW_PRIVATE: "true" }, 200);
    const { owner } = await t.signIn();
    expect((await owner("/api/site", { method: "PUT", json: { heroImage: source.url } })).status).toBe(200);
    const card = await t.request("/social-card.png");
    expect(card.status).toBe(200);
    // It gave up on the photo itself: the image cache's own, longer, wait has not ended.
    expect(source.closedConnections()).toBe(0);
    expect(renders.started.map((drawn) => drawn.photo)).toEqual([null]);
    // Not the complete card: revalidated at each use, and drawn again later with the photo.
    expect(card.headers.get("etag")).toBe(`"card-${renders.started[0]!.version}-without-photo"`);
    expect(card.headers.get("cache-control")).toBe("no-cache");
  });
});
