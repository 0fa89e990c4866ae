import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_SITE } from "../../src/domain/demo-site";
import {
  exportContent,
  exportSite,
  ImportError,
  importContent,
} from "../../src/server/content/content-backup";
import {
  readCountsTable,
  watchClipsTable,
  watchSeenTable,
  watchSourcesTable,
} from "../../src/server/kernel/db/schema";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  t.services.content.site.put(DEMO_SITE);
  t.services.content.articles.create({
    title: "Kept",
    outlet: "Paper",
    url: "https://paper.example/kept",
    date: "2024-01-01",
    description: "",
    image: "",
    featured: false,
    content: "",
    tags: [],
  });
});
afterEach(() => t.close());

const importFile = (raw: unknown) => importContent(t.services.store, t.services.content, raw);

describe("import", () => {
  it("round-trips our own export", () => {
    const exported = JSON.parse(JSON.stringify(exportContent(t.services.content)));
    t.services.content.articles.create({ ...exported.articles[0], title: "Extra" });
    expect(importFile(exported)).toEqual({ articles: 1, experiences: 0, education: 0, site: true });
    expect(t.services.content.articles.list().map((a) => a.title)).toEqual(["Kept"]);
    expect(t.services.content.articles.list()[0]!.id).toBe(exported.articles[0].id);
  });

  it("accepts the original site's shape: a config/site document plus the three collections", () => {
    const summary = importFile({
      config: {
        site: { hero: { tagline: "Imported tagline", professions: ["Reporter", "Editor"] }, about: "Hi" },
      },
      articles: [
        {
          title: "Old clip",
          outlet: "Gazette",
          url: "https://gazette.example/a",
          date: "3 May 2021",
          description: "d",
          featured: true,
          tags: ["news"],
        },
      ],
      experiences: [
        {
          role: "Reporter",
          organization: "Gazette",
          duration: "Jan 2020 - Present · 1 yr",
          bullets: ["x"],
          links: [],
        },
      ],
      education: [{ institution: "Uni", credential: "BA", duration: "2016 - 2019", details: [] }],
    });
    expect(summary).toEqual({ articles: 1, experiences: 1, education: 1, site: true });
    const site = t.services.content.site.get();
    expect(site.hero.tagline).toBe("Imported tagline");
    expect(site.name).toBe(DEMO_SITE.name);
    expect(site.hero.location).toBe(DEMO_SITE.hero.location);
  });

  it("imports an original-site document with 10 featured outlets", () => {
    const outlets = Array.from({ length: 10 }, (_, i) => `Outlet ${i + 1}`);
    expect(importFile({ "config/site": { featuredOutlets: outlets } }).site).toBe(true);
    expect(t.services.content.site.get().featuredOutlets).toEqual(outlets);
  });

  it("changes nothing when any item is invalid (all or nothing)", () => {
    const before = exportContent(t.services.content);
    const changesBefore = t.services.store.sqlite.prepare("select count(*) as n from changes").get();
    let error: unknown;
    try {
      importFile({
        site: { hero: { tagline: "Should not land" } },
        articles: [
          { title: "Good", outlet: "P", url: "https://p.example/1" },
          { title: "Bad", outlet: "P", url: "javascript:alert(1)" },
        ],
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).problems.join("\n")).toContain("articles.1.url");
    const after = exportContent(t.services.content);
    expect({ ...after, exportedAt: "" }).toEqual({ ...before, exportedAt: "" });
    expect(t.services.store.sqlite.prepare("select count(*) as n from changes").get()).toEqual(changesBefore);
  });

  it("refuses a file that is not an import document", () => {
    expect(() => importFile({ articles: "lots" })).toThrow(ImportError);
    expect(() => importFile([1, 2, 3])).toThrow(ImportError);
  });
});

describe("what the owner made besides the content", () => {
  /** A collection, a watched source with a seen link, a dismissed and an added clip, a read count and a message. */
  function makeRecords() {
    const article = t.services.content.articles.list()[0]!;
    const collection = t.services.collections.create({
      title: "Pitch",
      introduction: "For the desk",
      articleIds: [article.id],
      visibility: "unlisted",
    });
    const now = new Date().toISOString();
    t.services.store.write(["watch", "readers"], (db) => {
      db.insert(watchSourcesTable)
        .values({
          id: "src-1",
          url: "https://paper.example/authors/me",
          urlKey: "paper.example/authors/me",
          kind: "author-page",
          gzipped: false,
          addedAt: now,
          state: "ok",
          nextCheckAt: now,
        })
        .run();
      db.insert(watchSeenTable).values({ sourceId: "src-1", urlKey: "paper.example/old", seenAt: now }).run();
      const clip = {
        sourceId: "src-1",
        title: "Clip",
        outlet: "Paper",
        date: "2026-01-02",
        image: "",
        description: "",
        content: "Text",
        reason: "byline",
        foundAt: now,
      };
      db.insert(watchClipsTable)
        .values({
          ...clip,
          id: "clip-1",
          url: "https://paper.example/no",
          urlKey: "paper.example/no",
          status: "dismissed",
        })
        .run();
      db.insert(watchClipsTable)
        .values({
          ...clip,
          id: "clip-2",
          url: article.url,
          urlKey: "paper.example/kept",
          status: "added",
          articleId: article.id,
        })
        .run();
      db.insert(readCountsTable)
        .values({ day: "2026-01-03", kind: "article", subject: article.id, referrerHost: "", count: 4 })
        .run();
    });
    t.services.contact.submit({ name: "Ann", email: "ann@example.com", subject: "Hi", message: "Hello" });
    return { collection };
  }

  /** The export, but when it was made and when its articles were imported. */
  const records = (app = t): Record<string, unknown> => {
    const {
      exportedAt: _exportedAt,
      articles,
      ...rest
    } = JSON.parse(JSON.stringify(exportSite(app.services.store, app.services.content))) as Record<
      string,
      unknown
    > & { articles: Record<string, unknown>[] };
    return {
      ...rest,
      articles: articles.map(({ createdAt: _c, updatedAt: _u, ...article }) => article),
    };
  };

  it("exports collections, sources, clips, read counts and messages, and imports them into an empty site", async () => {
    const { collection } = makeRecords();
    const exported = records();
    expect(exported).toMatchObject({
      collections: [{ id: collection.id, token: collection.token, title: "Pitch" }],
      sources: [{ id: "src-1", seen: ["paper.example/old"] }],
      clips: [
        { id: "clip-1", status: "dismissed" },
        { id: "clip-2", status: "added" },
      ],
      readCounts: [{ count: 4 }],
      messages: [{ name: "Ann", subject: "Hi" }],
    });

    const other = await createTestApp();
    try {
      const summary = importContent(other.services.store, other.services.content, exported);
      expect(summary).toMatchObject({
        articles: 1,
        collections: 1,
        sources: 1,
        clips: 2,
        readCounts: 1,
        messages: 1,
      });
      expect(records(other)).toEqual(exported);
      expect(other.services.collections.articlesOf(collection.id)!.map((a) => a.title)).toEqual(["Kept"]);
    } finally {
      other.close();
    }
  });

  it("leaves them as they are when an older export file does not have them", () => {
    makeRecords();
    const before = records();
    const { collections: _c, sources: _s, clips: _cl, readCounts: _r, messages: _m, ...older } = before;
    importFile(older);
    expect(records()).toEqual(before);
  });

  it("changes nothing when a clip names a source or article the file does not have", () => {
    makeRecords();
    const before = records();
    const bad = {
      ...before,
      clips: [{ ...(before.clips as object[])[0], sourceId: "nowhere" }],
      collections: [],
    };
    expect(() => importFile(bad)).toThrow(/clips\.0\.sourceId: no watched source nowhere/);
    expect(records()).toEqual(before);
  });
});
