import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_SITE } from "../../src/domain/demo-site";
import { exportContent, ImportError, importContent } from "../../src/server/content/content-backup";
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
