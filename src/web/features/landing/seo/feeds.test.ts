import { describe, expect, it } from "vitest";
import { sortArticlesByDateDesc } from "../../../../domain/list-order";
import * as feeds from "./atom-feed";
import { robotsTxt, sitemapXml } from "./sitemap";
import { escapeXml } from "./xml";

// The page gets its articles newest first, sorted once by the repository (collection-order.ts).
const atomFeed: typeof feeds.atomFeed = (site, articles, publicUrl) =>
  feeds.atomFeed(site, sortArticlesByDateDesc(articles), publicUrl);

const site = {
  name: "Ada & Co",
  strapline: "News <first>",
  hero: { location: "", tagline: "", latestArticleUrl: "", professions: ["", ""] as [string, string] },
};
const article = (id: string, date: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Title ${id}`,
  outlet: "Herald",
  url: `https://herald.example/${id}?a=1&b=2`,
  date,
  description: "About <it>",
  tags: ["news"],
  updatedAt: "2026-01-02T03:04:05.000Z",
  ...extra,
});

describe("escapeXml", () => {
  it("escapes the five entities and drops characters XML forbids", () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>\u0001`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;",
    );
  });
});

describe("atomFeed", () => {
  const xml = atomFeed(
    site,
    [article("old", "2020-01-01"), article("new", "5 March 2024", { updatedAt: "2026-05-05T00:00:00.000Z" })],
    "https://ada.example",
  );

  it("is an Atom feed with escaped text, newest entry first", () => {
    expect(xml).toContain(`<feed xmlns="http://www.w3.org/2005/Atom">`);
    expect(xml).toContain("<title>Ada &amp; Co: articles</title>");
    expect(xml).toContain("<subtitle>News &lt;first&gt;</subtitle>");
    expect(xml).toContain(
      `<link rel="self" type="application/atom+xml" href="https://ada.example/feed.xml"/>`,
    );
    expect(xml.indexOf("Title new")).toBeLessThan(xml.indexOf("Title old"));
    expect(xml).toContain(`href="https://herald.example/new?a=1&amp;b=2"`);
    expect(xml).toContain("<summary>About &lt;it&gt;</summary>");
    expect(xml).not.toMatch(/<it>/);
  });

  it("dates entries by the article date and the feed by the last save", () => {
    expect(xml).toContain("<published>2024-03-05T00:00:00.000Z</published>");
    expect(xml).toContain("<updated>2026-05-05T00:00:00.000Z</updated>");
  });

  it("links an article without a URL to its view on the site", () => {
    const feed = atomFeed(site, [article("x", "", { url: "" })], "https://ada.example");
    expect(feed).toContain(`href="https://ada.example/?article=x"`);
    expect(feed).not.toContain("<published>");
  });

  it("links an article whose original is gone to its archived text on the site", () => {
    const feed = atomFeed(site, [article("dead", "2024-01-01", { gone: "archived" })], "https://ada.example");
    expect(feed).toContain(`href="https://ada.example/?article=dead"`);
    expect(feed).not.toContain("herald.example");
  });
});

describe("sitemap and robots", () => {
  it("lists the front page with its last change", () => {
    const xml = sitemapXml("https://ada.example", "2026-01-02T03:04:05.000Z");
    expect(xml).toContain("<loc>https://ada.example/</loc>");
    expect(xml).toContain("<lastmod>2026-01-02T03:04:05.000Z</lastmod>");
    expect(sitemapXml("https://ada.example", undefined)).not.toContain("lastmod");
  });

  it("keeps crawlers out of the admin area and names the sitemap", () => {
    const robots = robotsTxt("https://ada.example");
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Disallow: \/admin$/m);
    expect(robots).toMatch(/^Sitemap: https:\/\/ada\.example\/sitemap\.xml$/m);
  });
});
