import { describe, expect, it } from "vitest";
import { looksLikeArticle, readFetchedLinks, readPageLinks } from "./discover-links";

const PAGE = "https://news.example/authors/jane-doe";

describe("looksLikeArticle", () => {
  it.each([
    "https://news.example/2025/02/28/harbour-report",
    "https://www.news.example/politics/council-votes-to-close-the-pier",
    "https://news.example/story/8812345",
    "https://news.example/2024-11/budget.html",
  ])("takes %s", (url) => expect(looksLikeArticle(url, PAGE)).toBe(true));

  it.each([
    "https://news.example/news",
    "https://news.example/tag/harbour-and-sea-wall",
    "https://news.example/section/politics/",
    "https://news.example/authors/john-smith",
    "https://news.example/authors/jane-doe/page/2",
    "https://news.example/search?q=the-harbour-report",
    "https://news.example/2025/02/28/harbour-report?page=2",
    "https://news.example/images/harbour-photo-large.jpg",
    "https://elsewhere.example/2025/02/28/harbour-report",
    PAGE,
  ])("leaves out %s", (url) => expect(looksLikeArticle(url, PAGE)).toBe(false));
});

describe("readPageLinks on an author page", () => {
  const html = (body: string) => `<!doctype html><html><head></head><body>${body}</body></html>`;

  it("follows rel=next, a 'Next' or 'Older' link, or the next ?page=N", () => {
    for (const [body, next] of [
      [`<a rel="next" href="?p=2">›</a>`, `${PAGE}?p=2`],
      [
        `<a href="/authors/jane-doe/archive-2">Older posts</a>`,
        "https://news.example/authors/jane-doe/archive-2",
      ],
      [`<a href="?page=1">1</a> <a href="?page=2">2</a> <a href="?page=3">3</a>`, `${PAGE}?page=2`],
    ] as const) {
      const links = readPageLinks(html(body), PAGE);
      expect(links).toMatchObject({ kind: "page", next: [next] });
    }
  });

  it("does not take another listing's page 2 for the next page", () => {
    expect(readPageLinks(html(`<a href="/news/page/2">2</a>`), PAGE)).toMatchObject({ next: [] });
  });

  it("keeps article links without their fragment", () => {
    const links = readPageLinks(html(`<a href="/2025/01/02/pier-closes#comments">Comments</a>`), PAGE);
    expect(links).toMatchObject({ articles: ["https://news.example/2025/01/02/pier-closes"] });
  });
});

describe("readPageLinks on feeds and sitemaps", () => {
  it("reads an RDF feed's items", () => {
    const rdf = `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><item><link>https://news.example/a-b-c</link></item></rdf:RDF>`;
    expect(readPageLinks(rdf, PAGE)).toEqual({ kind: "feed", articles: ["https://news.example/a-b-c"] });
  });

  it("tells a sitemap index's sitemaps from a sitemap's pages", () => {
    const index = `<?xml version="1.0"?><sitemapindex><sitemap><loc>https://news.example/s1.xml</loc></sitemap></sitemapindex>`;
    expect(readPageLinks(index, PAGE)).toEqual({
      kind: "sitemap",
      articles: [],
      sitemaps: ["https://news.example/s1.xml"],
    });
  });
});

describe("readFetchedLinks (what the parse worker sends back to discover.ts)", () => {
  const page = (url: string, text: string) => ({
    url,
    body: new TextEncoder().encode(text),
    contentType: "text/xml; charset=utf-8",
  });
  const filter = { skip: [], read: [], wanted: 500, pages: 20 };

  it("sends each new article link once, none the portfolio has, and no more than are wanted", () => {
    // 60,000 entries of six addresses: three the portfolio has, two spellings of one new one, two new.
    const addresses = [
      "https://news.example/known-1",
      "https://www.news.example/known-2/",
      "http://news.example/known-3",
      "https://news.example/new-story",
      "https://www.news.example/new-story/",
      "https://news.example/other-new-story",
    ];
    const locs = Array.from({ length: 60_000 }, (_, i) => `<url><loc>${addresses[i % 6]}</loc></url>`);
    const sitemap = page(
      "https://news.example/sitemap.xml",
      `<?xml version="1.0"?><urlset>${locs.join("")}</urlset>`,
    );
    const known = ["news.example/known-1", "news.example/known-2", "news.example/known-3"];
    expect(readFetchedLinks(sitemap, { ...filter, skip: known })).toEqual({
      kind: "sitemap",
      articles: ["https://news.example/new-story", "https://news.example/other-new-story"],
      listed: 60_000,
      follow: [],
      repeats: 0,
    });
    expect(readFetchedLinks(sitemap, { ...filter, skip: known, wanted: 1 }).articles).toEqual([
      "https://news.example/new-story",
    ]);
  });

  it("sends a sitemap index's sitemaps not yet read, each once, at most as many as may still be read", () => {
    const locs = Array.from(
      { length: 5_000 },
      (_, i) => `<sitemap><loc>https://news.example/sitemap-${i % 100}.xml</loc></sitemap>`,
    );
    const index = page(
      "https://news.example/sitemap-0.xml",
      `<?xml version="1.0"?><sitemapindex>${locs.join("")}</sitemapindex>`,
    );
    const links = readFetchedLinks(index, { ...filter, read: ["news.example/sitemap-0.xml"] });
    expect(links).toMatchObject({ kind: "sitemap", articles: [], listed: 0, repeats: 50 });
    expect(links.follow).toEqual(
      Array.from({ length: 20 }, (_, i) => `https://news.example/sitemap-${i + 1}.xml`),
    );
  });
});
