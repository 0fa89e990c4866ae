import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterEach, describe, expect, it } from "vitest";
import type { OfferedClip, WatchedSource } from "../../src/domain/clip-watch";
import type { Article } from "../../src/domain/content";
import { exportContent, importContent } from "../../src/server/content/content-backup";
import { loadConfig } from "../../src/server/kernel/config";
import { createLogger } from "../../src/server/kernel/logger";
import { createServices } from "../../src/server/services";
import { createTestApp, type TestApp } from "./support/test-app";
import { checkWacz } from "./support/wacz-check";
import { startWatchedOutlet, type Story, type WatchedOutlet } from "./support/watched-outlet";

// Captures belong to articles (issue 36, docs/decisions/039): a page is kept only once it is one
// of the owner's articles, and its capture is found by the article, whatever address it was read at.

const OWNER_NAME = "Zoë Okafor";
let t: TestApp | undefined;
let outlet: WatchedOutlet | undefined;

afterEach(async () => {
  await t?.services.watch.stop();
  await t?.services.pageReading.stop();
  await outlet?.close();
  t?.close();
  t = undefined;
  outlet = undefined;
});

const story = (slug: string, author: string, fields: Partial<Story> = {}): Story => ({
  path: `/news/${slug}`,
  title: `The ${slug.replace(/-/g, " ")}`,
  author,
  ...fields,
});

async function boot() {
  t = await createTestApp({ FETCH_ALLOW_PRIVATE: "true", LINK_CHECK_PAUSE_MS: "0" });
  t.services.content.site.merge({ name: OWNER_NAME });
  const { owner } = await t.signIn();
  outlet = await startWatchedOutlet();
  outlet.robots("User-agent: *\nAllow: /\n");
  return owner;
}

const warcFiles = () =>
  fs.readdirSync(path.join(t!.dataDir, "archive", "warc")).filter((name) => name.endsWith(".warc.gz"));

describe("a watched feed", () => {
  it("keeps one capture, of the owner's story once added, and none of another writer's three", async () => {
    const owner = await boot();
    const mine = story("pier-closes-for-winter", OWNER_NAME);
    const theirs = ["ferry-fares", "lock-repairs", "harbour-dredging"].map((slug) =>
      story(slug, "Sam Reyes"),
    );
    for (const one of [mine, ...theirs]) outlet!.publish(one);
    outlet!.feed("/feed.xml", [mine.path, ...theirs.map((one) => one.path)]);
    const watched = await owner("/api/watch/sources", {
      method: "POST",
      json: { url: outlet!.url("/feed.xml") },
    });
    expect(watched.status).toBe(201);

    const found: OfferedClip[] = await t!.services.watch.checkNow();
    expect(found.map((clip) => clip.url)).toEqual([outlet!.url(mine.path)]);
    for (const one of theirs) expect(outlet!.hits(one.path)).toHaveLength(1);
    // Read and judged: nothing is kept of a page before it is one of the owner's articles.
    expect(fs.existsSync(path.join(t!.dataDir, "archive", "warc")) ? warcFiles() : []).toEqual([]);

    const added = await owner(`/api/watch/clips/${found[0]!.id}/add`, { method: "POST" });
    expect(added.status).toBe(201);
    const { article } = (await added.json()) as { article: Article };
    await t!.services.pageReading.idle();

    expect(warcFiles()).toHaveLength(1);
    const portfolio = await owner("/api/archive/portfolio.wacz");
    const wacz = await checkWacz(Buffer.from(await portfolio.arrayBuffer()));
    expect(wacz.entries.filter((entry) => entry.name.startsWith("archive/"))).toHaveLength(1);
    const pages = wacz.records.filter(
      (record) => record.type === "response" && record.url.includes("/news/"),
    );
    expect(pages.map((record) => record.url)).toEqual([outlet!.url(mine.path)]);
    expect(wacz.pages).toEqual([expect.objectContaining({ id: article.id, title: mine.title })]);
  });

  it("shows the proof line and serves the WACZ of a clip kept under its canonical address", async () => {
    const owner = await boot();
    const mine = story("harbour-report", OWNER_NAME);
    mine.canonical = outlet!.url(mine.path);
    outlet!.publish(mine);
    // The feed's link carries the outlet's tracking parameters; the page names its own address.
    const tracked = `${mine.path}?utm_source=rss&utm_medium=feed`;
    outlet!.feed("/feed.xml", [tracked]);
    const watched = (await (
      await owner("/api/watch/sources", { method: "POST", json: { url: outlet!.url("/feed.xml") } })
    ).json()) as WatchedSource;
    await owner(`/api/watch/sources/${watched.id}`, { method: "PATCH", json: { autoAdd: true } });

    const [clip] = await t!.services.watch.checkNow();
    expect(clip).toMatchObject({ url: outlet!.url(mine.path), status: "added", autoAdded: true });
    const article = t!.services.content.articles.get(clip!.articleId!)!;
    expect(article.url).toBe(outlet!.url(mine.path));

    const proof = await t!.request(`/api/articles/${article.id}/capture`);
    expect(proof.status).toBe(200);
    expect(await proof.json()).toMatchObject({
      url: outlet!.url(tracked),
      wacz: `/api/articles/${article.id}/archive.wacz`,
    });
    const download = await t!.request(`/api/articles/${article.id}/archive.wacz`);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    const wacz = await checkWacz(bytes);
    expect(wacz.pages).toEqual([expect.objectContaining({ id: article.id, url: outlet!.url(tracked) })]);
    // Made once for this set of captures, and kept: the second download is the same file.
    const again = await t!.request(`/api/articles/${article.id}/archive.wacz`);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(fs.readdirSync(path.join(t!.dataDir, "archive", "wacz"))).toHaveLength(1);
  });
});

describe("a content import", () => {
  it("keeps the captures of the articles it keeps, and deletes those of the articles it drops", async () => {
    const owner = await boot();
    const ids: string[] = [];
    for (const slug of ["kept-story", "dropped-story"]) {
      const one = story(slug, OWNER_NAME);
      outlet!.publish(one);
      const created = await owner("/api/articles", {
        method: "POST",
        json: { title: one.title, outlet: "The Courier", url: outlet!.url(one.path) },
      });
      const { id } = (await created.json()) as Article;
      expect((await t!.request(`/api/articles/${id}/reader`)).status).toBe(200);
      ids.push(id);
    }
    const [kept, dropped] = ids as [string, string];
    const backup = exportContent(t!.services.content);
    importContent(t!.services.store, t!.services.content, {
      ...backup,
      articles: backup.articles.filter((article) => article.id === kept),
    });
    t!.services.webArchive.sweep();
    expect(t!.services.webArchive.captures.ofArticle(kept)).toHaveLength(1);
    expect(t!.services.webArchive.captures.ofArticle(dropped)).toEqual([]);
    expect(warcFiles()).toEqual([t!.services.webArchive.captures.ofArticle(kept)[0]!.file]);
  });
});

describe("the migration to captures of articles", () => {
  const migrations = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    "../../src/server/kernel/db/migrations",
  );

  /** A data directory as the web archive left it before captures belonged to articles. */
  function dataDirBefore(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-captures-"));
    const old = path.join(dir, "old-migrations");
    fs.cpSync(migrations, old, { recursive: true });
    const journalFile = path.join(old, "meta", "_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
    journal.entries = journal.entries.slice(
      0,
      journal.entries.findIndex((e) => e.tag === "0008_web_archive") + 1,
    );
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const sqlite = new Database(path.join(dir, "byline.sqlite"));
    migrate(drizzle(sqlite), { migrationsFolder: old });
    const now = "2026-03-01T09:00:00.000Z";
    const article = sqlite.prepare(
      "insert into articles (id, title, outlet, url, date, description, image, featured, content, tags, created_at, updated_at) values (?, ?, 'The Courier', ?, '2026-03-01', '', '', 0, '', '[]', ?, ?)",
    );
    article.run("plain", "Plain", "https://courier.example/news/plain", now, now);
    article.run("canonical", "Canonical", "https://courier.example/news/canonical", now, now);
    const capture = sqlite.prepare(
      "insert into captures (id, url, target_url, captured_at, status, payload_sha256, file, file_bytes, response_offset, response_length, image_url, image_sha256) values (?, ?, ?, ?, 200, '', ?, 1, 0, 1, '', '')",
    );
    const warcs = path.join(dir, "archive", "warc");
    fs.mkdirSync(warcs, { recursive: true });
    const rows = [
      ["c-plain", "https://courier.example/news/plain"],
      ["c-canonical", "https://courier.example/news/canonical?utm_source=rss"],
      ["c-colleague", "https://courier.example/news/colleague"],
      ["c-about", "https://courier.example/about"],
    ];
    for (const [id, url] of rows) {
      capture.run(id, url, url, now, `${id}.warc.gz`);
      fs.writeFileSync(path.join(warcs, `${id}.warc.gz`), "x");
    }
    sqlite.close();
    fs.rmSync(old, { recursive: true });
    return dir;
  }

  it("links the captures of articles, canonical addresses too, and drops the others with their files", () => {
    const dir = dataDirBefore();
    const services = createServices(
      loadConfig({ DATA_DIR: dir, SEED_DEMO: "false" }),
      createLogger("silent"),
    );
    try {
      const linked = services.webArchive.captures.all().map(({ id, articleId }) => [id, articleId]);
      expect(linked.sort()).toEqual([
        ["c-canonical", "canonical"],
        ["c-plain", "plain"],
      ]);
      expect(fs.readdirSync(path.join(dir, "archive", "warc")).sort()).toEqual([
        "c-canonical.warc.gz",
        "c-plain.warc.gz",
      ]);
      expect(services.webArchive.proof("canonical")).toMatchObject({
        url: "https://courier.example/news/canonical?utm_source=rss",
      });
    } finally {
      services.store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
