import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlePage, startFakePublisher, type FakePublisher } from "../e2e/support/fake-publisher";
import type { Capture } from "../../src/server/web-archive/capture-repository";
import { serveOnSocket } from "./support/socket-server";
import { createTestApp, type TestApp } from "./support/test-app";
import { checkWacz, sha256, verifiedWarc } from "./support/wacz-check";

const BLOCKS = [
  "Harbour pilots have warned that night-time arrivals are being handled by a single crew, leaving no cover if something goes wrong.",
  "The warning came in a letter to the port authority signed by eleven of the fourteen pilots who work the estuary.",
  "The port authority said safety was its first priority and that staffing would be reviewed in the new year.",
];
/** A tiny PNG's bytes: the lead image only has to come back byte for byte. */
const PICTURE = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000100052a0a4d0000000049454e44ae426082",
  "hex",
);

type Proof = { capturedAt: string; url: string; sha256: string; wacz: string };

let app: TestApp;
let owner: Awaited<ReturnType<TestApp["signIn"]>>["owner"];
let publisher: FakePublisher;
const pages: Record<string, string> = {};

const capturesOf = (url: string): Capture[] =>
  app.services.webArchive.captures.all().filter((capture) => capture.url === url);
const warcOf = (capture: Capture) => fs.readFileSync(path.join(app.dataDir, "archive", "warc", capture.file));

async function addArticle(pathname: string, title: string): Promise<string> {
  const response = await owner("/api/articles", {
    method: "POST",
    json: { title, outlet: "The Coast Gazette", url: publisher.url(pathname), date: "2026-03-05" },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

beforeAll(async () => {
  app = await createTestApp({ FETCH_ALLOW_PRIVATE: "true" });
  owner = (await app.signIn()).owner;
  publisher = await startFakePublisher();
  publisher.route("/pilots.png", { headers: { "Content-Type": "image/png" }, body: PICTURE });
  for (const name of ["harbour", "ferry", "lighthouse", "doomed", "gull"]) {
    pages[name] = articlePage({
      title: `The ${name} story`,
      author: "Jane Doe",
      published: "2026-03-05T09:00:00Z",
      image: publisher.url("/pilots.png"),
      blocks: BLOCKS.map((block) => `${block} (${name})`),
    });
    publisher.route(`/${name}`, { body: pages[name] });
  }
});

afterAll(async () => {
  // The last test closes the outlet itself (the network off); closing a closed server is refused.
  await publisher.close().catch(() => {});
  app.close();
});

/** Adds an article at `pathname` and reads it once in reader mode: its page is read and kept. */
async function addAndRead(pathname: string, title: string): Promise<string> {
  const id = await addArticle(pathname, title);
  const read = await app.request(`/api/articles/${id}/reader`);
  expect(((await read.json()) as { source: string }).source).toBe("fetched");
  return id;
}

describe("capture", () => {
  it("keeps nothing of a page Fetch details reads: it is no article yet", async () => {
    const before = app.services.webArchive.captures.all().length;
    const response = await owner("/api/articles/fetch-details", {
      method: "POST",
      json: { url: publisher.url("/harbour") },
    });
    expect(response.status).toBe(200);
    expect(app.services.webArchive.captures.all()).toHaveLength(before);
  });

  it("keeps the page of an article read for it as a request and a response record with the exact bytes and their digests", async () => {
    const id = await addAndRead("/harbour", "The harbour story");
    const [capture] = capturesOf(publisher.url("/harbour"));
    expect(capture).toBeDefined();
    expect(capture!.articleId).toBe(id);
    const exact = Buffer.from(pages.harbour!);
    expect(capture!.payloadSha256).toBe(sha256(exact));

    const records = await verifiedWarc(warcOf(capture!));
    expect(records.map((record) => `${record.type} ${record.url}`)).toEqual([
      `response ${publisher.url("/harbour")}`,
      `request ${publisher.url("/harbour")}`,
      `response ${publisher.url("/pilots.png")}`,
      `request ${publisher.url("/pilots.png")}`,
    ]);
    const [page, request, picture] = records;
    expect(page!.payload.equals(exact)).toBe(true);
    expect(page!.payloadDigest).toBe(`sha256:${sha256(exact)}`);
    expect(page!.httpHead).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(page!.httpHead).toContain("Content-Type: text/html; charset=utf-8");
    expect(page!.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(request!.httpHead).toMatch(/^GET \/harbour HTTP\/1\.1\r\n/);
    expect(request!.concurrentTo).toBe(page!.recordId);
    expect(picture!.payload.equals(PICTURE)).toBe(true);
    expect(capture!.imageSha256).toBe(sha256(PICTURE));
  });

  it("keeps a compressed answer as sent: the gzip bytes, their digest, and the Content-Encoding that names them", async () => {
    const gzipped = gzipSync(pages.harbour!);
    publisher.route("/compressed", { headers: { "Content-Encoding": "gzip" }, body: gzipped });
    await addAndRead("/compressed", "The harbour story, compressed");
    const [capture] = capturesOf(publisher.url("/compressed"));
    const [page] = await verifiedWarc(warcOf(capture!));
    expect(page!.payload.equals(gzipped)).toBe(true);
    expect(capture!.payloadSha256).toBe(sha256(gzipped));
    expect(page!.httpHead).toContain("Content-Encoding: gzip");
    expect(page!.httpHead).toContain(`Content-Length: ${gzipped.length}`);
    const stored = await app.services.webArchive.storedPage(capture!);
    expect(stored.body.toString()).toBe(pages.harbour);
  });

  it("keeps the earlier capture when the article's page is kept again", async () => {
    const [article] = app.services.content.articles.list().filter((a) => a.url === publisher.url("/harbour"));
    const before = capturesOf(publisher.url("/harbour"));
    const { pageReading } = app.services;
    const page = await (
      await import("../../src/server/kernel/fetch/safe-fetch")
    ).safeFetch(publisher.url("/harbour"), { allowPrivate: true });
    await pageReading.keepFound(article!.id, await pageReading.readFetched(page));
    const after = capturesOf(publisher.url("/harbour"));
    expect(after).toHaveLength(before.length + 1);
    expect(after.slice(0, before.length)).toEqual(before);
    for (const capture of after)
      expect(fs.existsSync(path.join(app.dataDir, "archive", "warc", capture.file))).toBe(true);
  });

  it("keeps nothing more when the reader's memory of a page without text is forgotten", async () => {
    publisher.route("/empty", {
      body: "<!doctype html><html><head><title>Sign up</title></head><body></body></html>",
    });
    const id = await addArticle("/empty", "A page with no text");
    const before = app.services.webArchive.captures.all().length;
    for (let i = 0; i < 2; i++) await app.request(`/api/articles/${id}/reader`);
    expect(app.services.webArchive.captures.all()).toHaveLength(before);
  });

  it("deletes an article's captures, rows and files, with the article", async () => {
    const id = await addAndRead("/doomed", "The doomed story");
    const [capture] = app.services.webArchive.captures.ofArticle(id);
    expect(fs.existsSync(path.join(app.dataDir, "archive", "warc", capture!.file))).toBe(true);
    expect((await app.request(`/api/articles/${id}/archive.wacz`)).status).toBe(200);
    expect((await owner(`/api/articles/${id}`, { method: "DELETE" })).status).toBe(204);
    expect(app.services.webArchive.captures.ofArticle(id)).toEqual([]);
    // The files follow the rows once the delete's write is done.
    await new Promise((resolve) => setImmediate(resolve));
    expect(fs.existsSync(path.join(app.dataDir, "archive", "warc", capture!.file))).toBe(false);
    const waczDir = path.join(app.dataDir, "archive", "wacz");
    expect(fs.readdirSync(waczDir).filter((name) => name.startsWith(id))).toEqual([]);
  });
});

describe("the proof line", () => {
  it("names the capture the archived text came from, with the digest of its bytes", async () => {
    const id = await addArticle("/ferry", "The ferry story");
    const before = await app.request(`/api/articles/${id}/capture`);
    expect(before.status).toBe(200);
    expect(await before.json()).toBeNull();
    expect((await app.request(`/api/articles/no-such-article/capture`)).status).toBe(404);
    const read = await app.request(`/api/articles/${id}/reader`);
    expect(((await read.json()) as { source: string }).source).toBe("fetched");

    const proof = (await (await app.request(`/api/articles/${id}/capture`)).json()) as Proof;
    const [capture] = capturesOf(publisher.url("/ferry"));
    expect(proof).toEqual({
      capturedAt: expect.any(String),
      url: publisher.url("/ferry"),
      sha256: sha256(Buffer.from(pages.ferry!)),
      wacz: `/api/articles/${id}/archive.wacz`,
    });
    expect(proof.sha256).toBe(capture!.payloadSha256);
  });

  it("offers the clip's WACZ to any visitor, its WARCs stored and every digest true", async () => {
    const id = await addArticle("/lighthouse", "The lighthouse story");
    await owner(`/api/articles/${id}/archive`, { method: "POST" });
    const response = await app.request(`/api/articles/${id}/archive.wacz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(".wacz");
    const wacz = await checkWacz(Buffer.from(await response.arrayBuffer()));
    expect(wacz.datapackage.wacz_version).toBe("1.1.1");
    expect(wacz.pages).toEqual([
      { id, url: publisher.url("/lighthouse"), ts: expect.any(String), title: "The lighthouse story" },
    ]);
    const page = wacz.records.find(
      (record) => record.type === "response" && record.url.endsWith("/lighthouse"),
    );
    expect(page!.payload.equals(Buffer.from(pages.lighthouse!))).toBe(true);
    expect(wacz.index).toEqual([...wacz.index].sort());
    expect(wacz.index.some((line) => line.includes('"url":"' + publisher.url("/lighthouse")))).toBe(true);
  });

  it("is refused past 30 downloads from one address in 10 minutes, other addresses still served", async () => {
    const id = await addAndRead("/gull", "The gull story");
    const server = await serveOnSocket(app.app);
    try {
      const download = (from: string) => server.request(from, `/api/articles/${id}/archive.wacz`);
      for (let i = 0; i < 30; i++) expect((await download("127.0.0.2")).status).toBe(200);
      const refused = await download("127.0.0.2");
      expect(refused.status).toBe(429);
      expect(refused.headers["retry-after"]).toBeDefined();
      expect((await download("127.0.0.3")).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("says no for an article that does not exist", async () => {
    expect((await app.request("/api/articles/nope/archive.wacz")).status).toBe(404);
    expect((await app.request("/api/articles/nope/capture")).status).toBe(404);
  });
});

describe("the portfolio's web archive", () => {
  it("is the owner's only", async () => {
    expect((await app.request("/api/archive/portfolio.wacz")).status).toBe(401);
  });

  it("holds every capture's WARC, stored, with the hashes datapackage.json lists, and a page per article", async () => {
    const response = await owner("/api/archive/portfolio.wacz");
    expect(response.status).toBe(200);
    const wacz = await checkWacz(Buffer.from(await response.arrayBuffer()));
    const warcs = wacz.entries
      .filter((entry) => entry.name.startsWith("archive/"))
      .map((entry) => entry.name);
    expect(warcs.sort()).toEqual(
      app.services.webArchive.captures
        .all()
        .map((c) => `archive/${c.file}`)
        .sort(),
    );
    expect(wacz.entries.map((entry) => entry.name).slice(-4)).toEqual([
      "indexes/index.cdx",
      "pages/pages.jsonl",
      "datapackage.json",
      "datapackage-digest.json",
    ]);
    // A page per article with a capture: the articles whose page was never read have none.
    const captured = app.services.content.articles
      .list()
      .filter((article) => app.services.webArchive.captures.latestOf(article.id));
    expect(captured.length).toBeGreaterThan(0);
    expect(wacz.pages.map((page) => page.title).sort()).toEqual(
      captured.map((article) => article.title).sort(),
    );
    for (const capture of app.services.webArchive.captures.all()) {
      const page = wacz.records.find((record) => record.type === "response" && record.url === capture.url);
      expect(page, capture.url).toBeDefined();
    }
  });
});

describe("backups", () => {
  it("copy every capture's file, once: a capture never changes", async () => {
    const target = path.join(app.dataDir, "backup", "archive", "warc");
    const all = app.services.webArchive.captures.all();
    expect(await app.services.webArchive.copyCapturesTo(target)).toBe(all.length);
    for (const capture of all)
      expect(fs.readFileSync(path.join(target, capture.file)).equals(warcOf(capture))).toBe(true);
    expect(await app.services.webArchive.copyCapturesTo(target)).toBe(0);
  });
});

describe("npx byline archive export", () => {
  it("writes the same checked WACZ to a file", { timeout: 120_000 }, async () => {
    const out = path.join(app.dataDir, "portfolio.wacz");
    const child = spawn(process.execPath, ["bin/byline.js", "archive", "export", out], {
      env: { ...process.env, DATA_DIR: app.dataDir, SEED_DEMO: "false" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.once("close", resolve));
    expect(code, stderr).toBe(0);
    const wacz = await checkWacz(fs.readFileSync(out));
    const captured = app.services.content.articles
      .list()
      .filter((article) => app.services.webArchive.captures.latestOf(article.id));
    expect(wacz.pages).toHaveLength(captured.length);
    expect(wacz.entries.filter((entry) => entry.name.startsWith("archive/"))).toHaveLength(
      app.services.webArchive.captures.all().length,
    );
  });
});

describe("extraction from the archive", () => {
  it("gives the same text with the network off, and the text names the capture it came from", async () => {
    const { content, webArchive } = app.services;
    const archive = () =>
      app.services.store.sqlite.prepare("select article_id, content, fetched_at from article_archives").all();
    const before = archive() as { article_id: string; content: string }[];
    expect(before.length).toBeGreaterThan(0);
    await publisher.close();
    const hits = publisher.hits("/ferry");
    app.services.store.sqlite.prepare("update article_archives set content = 'typed by anyone'").run();

    const summary = await app.services.pageReading.reextract();
    expect(summary.failed).toEqual([]);
    expect(publisher.hits("/ferry")).toBe(hits);
    for (const row of before) {
      const after = app.services.store.sqlite
        .prepare("select content from article_archives where article_id = ?")
        .get(row.article_id) as { content: string };
      expect(after.content).toBe(row.content);
      const article = content.articles.get(row.article_id)!;
      const linked = app.services.store.sqlite
        .prepare("select capture_id from archive_captures where article_id = ?")
        .get(row.article_id) as { capture_id: string };
      expect(linked.capture_id).toBe(webArchive.captures.latestOf(article.id)!.id);
    }
  });
});
