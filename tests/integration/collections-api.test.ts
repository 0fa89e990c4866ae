import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ClipCollection } from "../../src/domain/collections";
import { catchAllPaths } from "../../src/server/pages";
import { siteRouteTable } from "./support/route-table";
import { readChanges } from "./support/sse-reader";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let renders = 0;
beforeEach(async () => {
  renders = 0;
  t = await createTestApp(
    {},
    {
      pages: {
        // Stands in for the collection page's loader: the collection's title and its articles'
        // titles for a token that finds one, 404 otherwise.
        render: async (_c, page, context) => {
          renders += 1;
          const token = /^\/c\/([^/]+)$/.exec(new URL(page.url).pathname)?.[1];
          const found = token ? context.content.collectionByToken(token) : undefined;
          if (!found) return new Response("Not found", { status: 404 });
          const body = `<h1>${found.collection.title}</h1>${found.articles.map((a) => `<p>${a.title}</p>`).join("")}`;
          return new Response(body, { headers: new Headers({ "Content-Type": "text/html; charset=utf-8" }) });
        },
        isUnknownPath: catchAllPaths(siteRouteTable(), path.resolve("public")),
      },
    },
  );
});
afterEach(() => t.close());

const article = (n: number) => ({
  title: `Story ${n}`,
  outlet: "The Paper",
  url: `https://paper.example/story-${n}`,
});

async function ownerWithArticles(count: number) {
  const signedIn = await t.signIn();
  const ids: string[] = [];
  for (let n = 1; n <= count; n++) {
    const created = await signedIn.owner("/api/articles", { method: "POST", json: article(n) });
    ids.push(((await created.json()) as { id: string }).id);
  }
  return { ...signedIn, ids };
}

type Owner = Awaited<ReturnType<typeof ownerWithArticles>>["owner"];
const create = async (owner: Owner, json: object) => {
  const response = await owner("/api/collections", { method: "POST", json });
  expect(response.status).toBe(201);
  return (await response.json()) as ClipCollection;
};

describe("/api/collections", () => {
  it("creates, lists, edits and deletes, for the owner only", async () => {
    const { owner, ids } = await ownerWithArticles(3);
    const json = {
      title: "For Ana",
      introduction: "Three pieces",
      articleIds: [ids[2], ids[0]],
      visibility: "private",
    };
    expect((await t.request("/api/collections", { method: "POST", json })).status).toBe(401);
    expect((await t.request("/api/collections")).status).toBe(401);
    const made = await create(owner, json);
    expect(made).toMatchObject(json);
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await t.request(`/api/collections/${made.id}`, { method: "DELETE" })).status).toBe(401);

    const edited = await owner(`/api/collections/${made.id}`, {
      method: "PUT",
      json: { ...json, title: "For Ben", articleIds: [ids[1]] },
    });
    expect(await edited.json()).toMatchObject({ title: "For Ben", articleIds: [ids[1]], token: made.token });
    const listed = (await (await owner("/api/collections")).json()) as ClipCollection[];
    expect(listed.map((c) => c.title)).toEqual(["For Ben"]);
    expect((await owner(`/api/collections/${made.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await (await owner("/api/collections")).json()).toEqual([]);
    expect((await owner(`/api/collections/${made.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await owner(`/api/collections/${made.id}/new-link`, { method: "POST" })).status).toBe(404);
  });

  it("refuses invalid input and unknown articles with a message per field, and writes nothing", async () => {
    const { owner, ids } = await ownerWithArticles(1);
    const bad = await owner("/api/collections", {
      method: "POST",
      json: { title: "", introduction: "x".repeat(1001), articleIds: [ids[0], ids[0]], visibility: "secret" },
    });
    expect(bad.status).toBe(400);
    const { error } = (await bad.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error.code).toBe("invalid_input");
    expect(Object.keys(error.fields).sort()).toEqual(["articleIds", "introduction", "title", "visibility"]);
    const tooMany = await owner("/api/collections", {
      method: "POST",
      json: {
        title: "Many",
        articleIds: Array.from({ length: 51 }, (_, n) => `a${n}`),
        visibility: "public",
      },
    });
    expect(tooMany.status).toBe(400);
    const unknown = await owner("/api/collections", {
      method: "POST",
      json: { title: "Ghosts", articleIds: [ids[0], "no-such-article"], visibility: "unlisted" },
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      error: { code: "invalid_input", fields: { articleIds: expect.stringContaining("no-such-article") } },
    });
    expect(await (await owner("/api/collections")).json()).toEqual([]);
  });

  it("shows an unlisted collection by its token only; New link retires the old one; private and public are not reachable by token", async () => {
    const { owner, ids } = await ownerWithArticles(4);
    const unlisted = await create(owner, {
      title: "Pitch",
      articleIds: [ids[2], ids[0], ids[1]],
      visibility: "unlisted",
    });
    const page = await t.request(`/api/collections/by-token/${unlisted.token}`);
    expect(page.status).toBe(200);
    const body = (await page.json()) as { collection: object; articles: { title: string }[] };
    expect(body.articles.map((a) => a.title)).toEqual(["Story 3", "Story 1", "Story 2"]);
    expect(body.collection).not.toHaveProperty("token");
    expect(body.collection).not.toHaveProperty("visibility");

    const renewed = (await (
      await owner(`/api/collections/${unlisted.id}/new-link`, { method: "POST" })
    ).json()) as ClipCollection;
    expect(renewed.token).not.toBe(unlisted.token);
    expect((await t.request(`/api/collections/by-token/${unlisted.token}`)).status).toBe(404);
    expect((await t.request(`/c/${unlisted.token}`)).status).toBe(404);
    expect((await t.request(`/c/${renewed.token}`)).status).toBe(200);

    for (const visibility of ["private", "public"]) {
      const other = await create(owner, { title: visibility, articleIds: [ids[3]], visibility });
      expect((await t.request(`/api/collections/by-token/${other.token}`)).status).toBe(404);
      expect((await t.request(`/c/${other.token}`)).status).toBe(404);
    }
    expect((await t.request("/api/collections/by-token/not-a-token")).status).toBe(404);
    expect((await t.request("/c/AAAAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
  });

  it("keeps /c/<token> in the server's cache only, and drops it on any edit of the collection", async () => {
    const { owner, ids, cookie } = await ownerWithArticles(2);
    const json = { title: "Pitch", articleIds: [ids[0]], visibility: "unlisted" };
    const made = await create(owner, json);
    const first = await t.request(`/c/${made.token}`);
    const second = await t.request(`/c/${made.token}`);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(await second.text()).toBe(await first.text());
    expect(renders).toBe(1);
    // No CDN or proxy keeps it (its link can be retired), and a browser asks again each time.
    for (const response of [first, second])
      expect(response.headers.get("cache-control")).toBe("private, no-cache");
    const revalidated = await t.request(`/c/${made.token}`, {
      headers: { "If-None-Match": second.headers.get("etag")! },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("cache-control")).toBe("private, no-cache");

    await owner(`/api/collections/${made.id}`, {
      method: "PUT",
      json: { ...json, title: "Pitch, again", articleIds: [ids[1]] },
    });
    const after = await t.request(`/c/${made.token}`);
    expect(after.headers.get("x-page-cache")).toBeNull();
    const text = await after.text();
    expect(text).toContain("Pitch, again");
    expect(text).toContain("Story 2");
    expect(text).not.toContain("Story 1");

    await owner(`/api/collections/${made.id}`, { method: "PUT", json: { ...json, visibility: "private" } });
    expect((await t.request(`/c/${made.token}`)).status).toBe(404);
    // Not even for the owner: a private collection has no page.
    expect((await t.request(`/c/${made.token}`, { headers: { Cookie: cookie } })).status).toBe(404);
  });

  it("leaves cached pages and visitors' live streams alone when only a private collection changes", async () => {
    const { owner, ids, cookie } = await ownerWithArticles(1);
    const shown = await create(owner, { title: "Pitch", articleIds: [ids[0]], visibility: "unlisted" });
    const draft = { title: "Draft", articleIds: [ids[0]], visibility: "private" };
    const page = (token: string) => t.request(`/c/${token}`);
    const until = (topic: string) => (events: readonly { data: unknown }[]) =>
      events.some((event) => (event.data as { topic: string }).topic === topic);
    const visitorReading = readChanges(await t.request("/api/events"), until("site"));
    const ownerReading = readChanges(
      await t.request("/api/events", { headers: { Cookie: cookie } }),
      until("site"),
    );
    await page(shown.token);

    const hidden = await create(owner, draft);
    await owner(`/api/collections/${hidden.id}`, {
      method: "PUT",
      json: { ...draft, title: "Draft, again" },
    });
    await owner(`/api/collections/${hidden.id}/new-link`, { method: "POST" });
    await owner(`/api/collections/${hidden.id}`, { method: "DELETE" });
    expect((await page(shown.token)).headers.get("x-page-cache")).toBe("hit");
    expect(renders).toBe(1);

    // Made unlisted, then private again: visitors saw it, so each write drops the cached pages.
    const later = await create(owner, draft);
    await owner(`/api/collections/${later.id}`, {
      method: "PUT",
      json: { ...draft, visibility: "unlisted" },
    });
    expect((await page(shown.token)).headers.get("x-page-cache")).toBeNull();
    expect((await page(later.token)).status).toBe(200);
    expect((await page(later.token)).headers.get("x-page-cache")).toBe("hit");
    await owner(`/api/collections/${later.id}`, { method: "PUT", json: draft });
    expect((await page(later.token)).status).toBe(404);

    await owner("/api/site", { method: "PUT", json: { name: "Still here" } });
    const collections = ({ events }: { events: readonly { data: unknown }[] }) =>
      events.map((event) => (event.data as { topic: string }).topic);
    expect(collections(await visitorReading)).toEqual(["collections", "collections", "site"]);
    expect(collections(await ownerReading)).toEqual([
      ...Array<string>(5).fill("private-collections"),
      "collections",
      "collections",
      "site",
    ]);
  });

  it("answers 404 for a link retired by New link at once, though its page was cached", async () => {
    const { owner, ids } = await ownerWithArticles(1);
    const made = await create(owner, { title: "Pitch", articleIds: [ids[0]], visibility: "unlisted" });
    await t.request(`/c/${made.token}`);
    expect((await t.request(`/c/${made.token}`)).headers.get("x-page-cache")).toBe("hit");
    const renewed = (await (
      await owner(`/api/collections/${made.id}/new-link`, { method: "POST" })
    ).json()) as ClipCollection;
    const retired = await t.request(`/c/${made.token}`);
    expect(retired.status).toBe(404);
    expect(retired.headers.get("cache-control")).toBe("no-store");
    const current = await t.request(`/c/${renewed.token}`);
    expect(current.status).toBe(200);
    expect(current.headers.get("cache-control")).toBe("private, no-cache");
  });
});
