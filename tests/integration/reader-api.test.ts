import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ARTICLE_LIMITS } from "../../src/domain/article-limits";
import { articlePage, startFakePublisher, type FakePublisher } from "../e2e/support/fake-publisher";
import { createTestApp, type TestApp } from "./support/test-app";

type ReaderBody = {
  title: string;
  author: string;
  publishDate: string;
  image: string;
  excerpt: string;
  paragraphs: { text: string; heading: boolean }[];
  source: "stored" | "archive" | "fetched";
};
type ErrorBody = { error: { code: string; message: string } };

const HARBOUR = articlePage({
  title: "Harbour pilots warn of night-time risks",
  author: "Jane Doe",
  published: "2026-03-05T09:00:00Z",
  siteName: "The Coast Gazette",
  description: "Pilots say cuts leave the harbour exposed.",
  image: "https://images.coast.example/pilots.jpg",
  blocks: [
    "Harbour pilots have warned that night-time arrivals are being handled by a single crew, leaving no cover if something goes wrong.",
    "The warning came in a letter to the port authority signed by eleven of the fourteen pilots who work the estuary.",
    { heading: "What The Pilots Say" },
    "The letter describes three near misses in the past year, each during a night shift with one pilot on duty.",
    "The port authority said safety was its first priority and that staffing would be reviewed in the new year.",
  ],
});

const NOT_AN_ARTICLE = "<!doctype html><html><head><title>Hi</title></head><body><p>Hi.</p></body></html>";

let app: TestApp;
let owner: Awaited<ReturnType<TestApp["signIn"]>>["owner"];
let publisher: FakePublisher;

beforeAll(async () => {
  app = await createTestApp({ FETCH_ALLOW_PRIVATE: "true" });
  owner = (await app.signIn()).owner;
  publisher = await startFakePublisher({
    "/harbour": { body: HARBOUR },
    "/internal": { body: HARBOUR },
    "/stored": { body: HARBOUR },
    "/empty": { body: "" },
    "/blank": { body: "   \n  " },
    "/not-an-article": { body: NOT_AN_ARTICLE },
    "/gone": { status: 410, statusText: "Gone" },
    "/pdf": { headers: { "Content-Type": "application/pdf" }, body: "%PDF-1.7" },
    "/deny": { headers: { "X-Frame-Options": "DENY" }, body: HARBOUR },
    "/sameorigin": { headers: { "X-Frame-Options": "SAMEORIGIN" }, body: HARBOUR },
    "/csp-none": {
      headers: { "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'" },
      body: HARBOUR,
    },
    "/csp-us": {
      headers: { "Content-Security-Policy": "frame-ancestors 'self' http://localhost:3000" },
      body: HARBOUR,
    },
    "/csp-others": {
      headers: { "Content-Security-Policy": "frame-ancestors https://partner.example" },
      body: HARBOUR,
    },
    "/csp-overrides-xfo": {
      headers: { "X-Frame-Options": "DENY", "Content-Security-Policy": "frame-ancestors *" },
      body: HARBOUR,
    },
  });
});

afterAll(async () => {
  await publisher.close();
  app.close();
});

afterEach(() => {
  vi.useRealTimers();
});

async function createArticle(fields: Record<string, unknown>): Promise<string> {
  const response = await owner("/api/articles", {
    method: "POST",
    json: { title: "A clip", outlet: "The Coast Gazette", url: "https://coast.example/x", ...fields },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const reader = (id: string) => app.request(`/api/articles/${id}/reader`);
const framing = async (id: string) => {
  const response = await app.request(`/api/articles/${id}/framing`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { frameable: boolean }).frameable;
};
const archiveRow = (id: string) =>
  app.services.store.sqlite.prepare("select * from article_archives where article_id = ?").get(id) as
    | { url: string; title: string; author: string; content: string; fetched_at: string }
    | undefined;
const dropArchive = (id: string) =>
  app.services.store.sqlite.prepare("delete from article_archives where article_id = ?").run(id);

describe("GET /api/articles/:id/reader", () => {
  it("serves the article's own stored text without contacting the publisher", async () => {
    const id = await createArticle({
      url: publisher.url("/stored"),
      title: "Stored clip",
      date: "2026-02-01",
      description: "The owner's own summary.",
      image: "/demo/harbour-dawn.jpg",
      content:
        "WHAT WE FOUND\n\nThe owner pasted the full text of the article here, so no fetch is needed.\n\nshort",
    });
    const response = await reader(id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      title: "Stored clip",
      author: "",
      publishDate: "2026-02-01",
      image: "/demo/harbour-dawn.jpg",
      excerpt: "The owner's own summary.",
      paragraphs: [
        { text: "WHAT WE FOUND", heading: true },
        {
          text: "The owner pasted the full text of the article here, so no fetch is needed.",
          heading: false,
        },
      ],
      source: "stored",
    });
    expect(publisher.hits("/stored")).toBe(0);
  });

  it("fetches, extracts and archives the original, then serves the archive once the original is gone", async () => {
    const own = await startFakePublisher({ "/story": { body: HARBOUR } });
    const id = await createArticle({ url: own.url("/story"), title: "Stored title", image: "" });

    const first = await reader(id);
    expect(first.status).toBe(200);
    const body = (await first.json()) as ReaderBody;
    expect(body).toMatchObject({
      title: "Harbour pilots warn of night-time risks",
      author: "Jane Doe",
      publishDate: "2026-03-05T09:00:00Z",
      image: "https://images.coast.example/pilots.jpg",
      excerpt: "Pilots say cuts leave the harbour exposed.",
      source: "fetched",
    });
    expect(body.paragraphs).toContainEqual({ text: "What The Pilots Say", heading: true });
    expect(body.paragraphs.filter((p) => !p.heading)).toHaveLength(4);
    expect(own.hits("/story")).toBe(1);

    const archived = archiveRow(id);
    expect(archived).toMatchObject({
      url: own.url("/story"),
      title: "Harbour pilots warn of night-time risks",
      author: "Jane Doe",
    });
    expect(archived?.content).toContain("eleven of the fourteen pilots");

    const second = await reader(id);
    expect(((await second.json()) as ReaderBody).source).toBe("archive");
    expect(own.hits("/story")).toBe(1);

    await own.close();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * 60 * 60 * 1000);
    const offline = await reader(id);
    expect(offline.status).toBe(200);
    const offlineBody = (await offline.json()) as ReaderBody;
    expect(offlineBody.source).toBe("archive");
    expect(offlineBody.paragraphs).toEqual(body.paragraphs);
  });

  it("keeps extracted content in memory for one hour", async () => {
    const own = await startFakePublisher({ "/story": { body: HARBOUR } });
    try {
      const id = await createArticle({ url: own.url("/story") });
      expect((await reader(id)).status).toBe(200);
      expect(own.hits("/story")).toBe(1);

      // Without the archive, the memory cache still answers within the hour...
      dropArchive(id);
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 59 * 60 * 1000);
      const cached = await reader(id);
      expect(((await cached.json()) as ReaderBody).source).toBe("fetched");
      expect(own.hits("/story")).toBe(1);
      expect(archiveRow(id)).toBeDefined();

      // ...and after it the page is fetched again.
      dropArchive(id);
      vi.setSystemTime(Date.now() + 2 * 60 * 1000);
      expect((await reader(id)).status).toBe(200);
      expect(own.hits("/story")).toBe(2);
    } finally {
      await own.close();
    }
  });

  it("fetches again when the article's address changes", async () => {
    const own = await startFakePublisher({
      "/old": { body: HARBOUR },
      "/new": { body: HARBOUR.replaceAll("Harbour pilots warn", "Pilots repeat their warning") },
    });
    try {
      const id = await createArticle({ url: own.url("/old") });
      expect(((await (await reader(id)).json()) as ReaderBody).title).toBe(
        "Harbour pilots warn of night-time risks",
      );
      const put = await owner(`/api/articles/${id}`, {
        method: "PUT",
        json: { title: "A clip", outlet: "The Coast Gazette", url: own.url("/new") },
      });
      expect(put.status).toBe(200);
      const moved = (await (await reader(id)).json()) as ReaderBody;
      expect(moved).toMatchObject({
        title: "Pilots repeat their warning of night-time risks",
        source: "fetched",
      });
      expect(archiveRow(id)?.url).toBe(own.url("/new"));
    } finally {
      await own.close();
    }
  });

  it("answers 404 for ids that are not stored articles, without fetching anything", async () => {
    for (const id of [
      "no-such-article",
      "..%2F..%2Fetc%2Fpasswd",
      encodeURIComponent(publisher.url("/harbour")),
    ]) {
      const response = await reader(id);
      expect(response.status).toBe(404);
      expect(((await response.json()) as ErrorBody).error.code).toBe("not_found");
      expect((await app.request(`/api/articles/${id}/framing`)).status).toBe(404);
    }
    expect(publisher.hits("/harbour")).toBe(0);
  });

  it("deletes the archived copy with its article", async () => {
    const id = await createArticle({ url: publisher.url("/harbour") });
    expect((await reader(id)).status).toBe(200);
    expect(archiveRow(id)).toBeDefined();
    expect((await owner(`/api/articles/${id}`, { method: "DELETE" })).status).toBe(204);
    expect(archiveRow(id)).toBeUndefined();
    expect((await reader(id)).status).toBe(404);
  });

  it("archives at most as much text as an article may hold, cut between paragraphs", async () => {
    // 400 paragraphs of 1,000 characters: twice what an article may hold.
    const paragraph = (n: number) =>
      `Paragraph ${n} of a very long report. ${"More of the report. ".repeat(48)}`;
    const long = articlePage({
      title: "A very long report",
      blocks: Array.from({ length: 400 }, (_, n) => paragraph(n)),
    });
    const own = await startFakePublisher({ "/long": { body: long } });
    const id = await createArticle({ url: own.url("/long") });
    const response = await reader(id);
    expect(response.status).toBe(200);
    expect(((await response.json()) as ReaderBody).paragraphs).toHaveLength(50);
    const content = archiveRow(id)?.content ?? "";
    expect(content.length).toBeGreaterThan(ARTICLE_LIMITS.content * 0.9);
    expect(content.length).toBeLessThanOrEqual(ARTICLE_LIMITS.content);
    expect(content.split("\n\n").at(-1)).toBe(paragraph(content.split("\n\n").length - 1).trim());
    await own.close();
  });

  it("reads an archived copy stored before the cap no further than the cap", async () => {
    const id = await createArticle({ url: publisher.url("/harbour") });
    expect((await reader(id)).status).toBe(200);
    const words = "word ".repeat(400_000);
    app.services.store.sqlite
      .prepare("update article_archives set content = ? where article_id = ?")
      .run(words, id);
    const response = await reader(id);
    expect(response.status).toBe(200);
    const body = (await response.json()) as ReaderBody;
    expect(body.source).toBe("archive");
    expect(body.paragraphs).toHaveLength(1);
    expect(body.paragraphs[0]?.text.length).toBeLessThanOrEqual(ARTICLE_LIMITS.content);
    expect(body.paragraphs[0]?.text.startsWith("word word")).toBe(true);
  });

  it("splits an archived copy into paragraphs once, not on every request", async () => {
    const id = await createArticle({ url: publisher.url("/harbour") });
    expect((await reader(id)).status).toBe(200);
    const first = (await (await reader(id)).json()) as ReaderBody;
    expect(first.source).toBe("archive");
    // The same copy (same fetch time) with other text: an answer split again would show it.
    app.services.store.sqlite
      .prepare("update article_archives set content = ? where article_id = ?")
      .run("Text that was never split for the reader, long enough to be a paragraph.", id);
    const second = (await (await reader(id)).json()) as ReaderBody;
    expect(second.paragraphs).toEqual(first.paragraphs);
  });

  it.each([
    ["/gone", "fetch_failed", "Failed to fetch content: 410 Gone"],
    ["/missing", "fetch_failed", "Failed to fetch content: 404 Not Found"],
    ["/empty", "no_content", "No content received from source"],
    ["/blank", "no_content", "No content received from source"],
  ])("reports %s with the spec's message", async (pathname, code, message) => {
    const id = await createArticle({ url: publisher.url(pathname) });
    const response = await reader(id);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: { code, message } });
    expect(archiveRow(id)).toBeUndefined();
  });

  it("answers a page with no article text with the page's details and no paragraphs, and archives nothing", async () => {
    const id = await createArticle({
      url: publisher.url("/not-an-article"),
      title: "A video report",
      date: "2026-01-02",
      description: "The owner's description of the video.",
      image: "",
    });
    const response = await reader(id);
    expect(response.status).toBe(200);
    // The page's own title wins, as for any page; the viewer shows the article's description.
    expect(await response.json()).toEqual({
      title: "Hi",
      author: "",
      publishDate: "2026-01-02",
      image: "",
      excerpt: "The owner's description of the video.",
      paragraphs: [],
      source: "fetched",
    });
    expect(archiveRow(id)).toBeUndefined();
  });

  it("reports a page that is not HTML as an extraction failure", async () => {
    const id = await createArticle({ url: publisher.url("/pdf") });
    const response = await reader(id);
    expect(response.status).toBe(502);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.code).toBe("extraction_failed");
    expect(error.message).toMatch(/^Content extraction failed: .*application\/pdf/);
  });

  it("reports an unreachable publisher as a fetch failure", async () => {
    const own = await startFakePublisher();
    const url = own.url("/story");
    await own.close();
    const id = await createArticle({ url });
    const response = await reader(id);
    expect(response.status).toBe(502);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.code).toBe("fetch_failed");
    expect(error.message).toMatch(/^Failed to fetch content: /);
  });

  it("answers 404 for an article with neither text nor address", async () => {
    const response = await owner("/api/articles", { method: "POST" });
    const { id } = (await response.json()) as { id: string };
    const read = await reader(id);
    expect(read.status).toBe(404);
    expect(((await read.json()) as ErrorBody).error.code).toBe("no_source");
    expect(await framing(id)).toBe(false);
  });
});

describe("GET /api/articles/:id/framing", () => {
  it.each([
    ["/harbour", true],
    ["/deny", false],
    ["/sameorigin", false],
    ["/csp-none", false],
    ["/csp-us", true],
    ["/csp-others", false],
    ["/csp-overrides-xfo", true],
    ["/gone", false],
    ["/missing", false],
  ])("decides %s from the publisher's headers: frameable %s", async (pathname, frameable) => {
    const id = await createArticle({ url: publisher.url(pathname) });
    expect(await framing(id)).toBe(frameable);
  });

  it("says not frameable when the publisher cannot be reached, and remembers answers for an hour", async () => {
    const own = await startFakePublisher({
      "/story": { headers: { "X-Frame-Options": "DENY" }, body: HARBOUR },
    });
    const id = await createArticle({ url: own.url("/story") });
    expect(await framing(id)).toBe(false);
    own.route("/story", { body: HARBOUR });
    expect(await framing(id)).toBe(false);
    expect(own.hits("/story")).toBe(1);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61 * 60 * 1000);
    expect(await framing(id)).toBe(true);
    expect(own.hits("/story")).toBe(2);

    await own.close();
    const unreachable = await createArticle({ url: own.url("/elsewhere") });
    expect(await framing(unreachable)).toBe(false);
  });

  it("learns the framing rules from the page fetched for reader mode, without a second request", async () => {
    const own = await startFakePublisher({
      "/story": { headers: { "X-Frame-Options": "SAMEORIGIN" }, body: HARBOUR },
    });
    try {
      const id = await createArticle({ url: own.url("/story") });
      const [read, frameable] = await Promise.all([reader(id), framing(id)]);
      expect(read.status).toBe(200);
      expect(frameable).toBe(false);
      expect(own.hits("/story")).toBe(1);
    } finally {
      await own.close();
    }
  });
});

describe("POST /api/articles/fetch-details", () => {
  it("fills the article fields from a page for the owner", async () => {
    const response = await owner("/api/articles/fetch-details", {
      method: "POST",
      json: { url: publisher.url("/harbour") },
    });
    expect(response.status).toBe(200);
    const details = (await response.json()) as Record<string, string>;
    expect(details).toMatchObject({
      title: "Harbour pilots warn of night-time risks",
      outlet: "The Coast Gazette",
      date: "2026-03-05",
      image: "https://images.coast.example/pilots.jpg",
      description: "Pilots say cuts leave the harbour exposed.",
    });
    expect(details.content?.split("\n\n")).toContain("What The Pilots Say");
    expect(details.content).toContain("eleven of the fourteen pilots");
  });

  it("names the outlet by host when the page has no site name", async () => {
    publisher.route("/plain", { body: HARBOUR.replace(/<meta property="og:site_name"[^>]*>/, "") });
    const response = await owner("/api/articles/fetch-details", {
      method: "POST",
      json: { url: publisher.url("/plain") },
    });
    expect(((await response.json()) as { outlet: string }).outlet).toBe("127.0.0.1");
  });

  it("is for the signed-in owner only", async () => {
    const response = await app.request("/api/articles/fetch-details", {
      method: "POST",
      json: { url: publisher.url("/harbour") },
      headers: { Origin: "http://localhost:3000" },
    });
    expect(response.status).toBe(401);
  });

  it("refuses what is not a web address and reports publisher errors with the spec's messages", async () => {
    const bad = await owner("/api/articles/fetch-details", {
      method: "POST",
      json: { url: "javascript:alert(1)" },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.code).toBe("invalid_url");
    const gone = await owner("/api/articles/fetch-details", {
      method: "POST",
      json: { url: publisher.url("/gone") },
    });
    expect(gone.status).toBe(502);
    expect(((await gone.json()) as ErrorBody).error.message).toBe("Failed to fetch content: 410 Gone");
  });
});

describe("with FETCH_ALLOW_PRIVATE=false", () => {
  it("refuses to fetch loopback addresses for the reader, framing and fetch details", async () => {
    const guarded = await createTestApp({ FETCH_ALLOW_PRIVATE: "false" });
    try {
      const { owner: guardedOwner } = await guarded.signIn();
      const created = await guardedOwner("/api/articles", {
        method: "POST",
        json: { title: "Internal", outlet: "Intranet", url: publisher.url("/internal") },
      });
      const { id } = (await created.json()) as { id: string };

      const read = await guarded.request(`/api/articles/${id}/reader`);
      expect(read.status).toBe(502);
      const { error } = (await read.json()) as ErrorBody;
      expect(error.code).toBe("fetch_refused");
      expect(error.message).toMatch(/^This address cannot be fetched: Only ports 80 and 443/);

      const frame = await guarded.request(`/api/articles/${id}/framing`);
      expect(await frame.json()).toEqual({ frameable: false });

      const details = await guardedOwner("/api/articles/fetch-details", {
        method: "POST",
        json: { url: "http://169.254.169.254/latest/meta-data/" },
      });
      expect(details.status).toBe(400);
      expect(((await details.json()) as ErrorBody).error.message).toMatch(/not a public address/);
      expect(publisher.hits("/internal")).toBe(0);
    } finally {
      guarded.close();
    }
  });
});
