import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readFetchedLinks, readPageLinks } from "./discover-links";
import { looksLikeArticle } from "./page-links";

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

describe("readPageLinks on an author page whose story addresses are short slugs", () => {
  const profile = "https://www.coastgazette.example/profile/jane-doe";
  const fixture = readFileSync(new URL("./fixtures/short-slug-author-page.html", import.meta.url), "utf8");
  const at = (path: string) => `https://www.coastgazette.example${path}`;

  it("takes the stories the page lists, with headline and date, and no navigation, section, pagination or footer link", () => {
    const links = readPageLinks(fixture, profile);
    expect(links).toEqual({
      kind: "page",
      articles: [
        "/news/sea-wall",
        "/news/pier-closes",
        "/2024/ferry-fares",
        "/news/dredging",
        "/news/lifeboat-rescue",
        "/news/council-tax",
        "/2024/beach-huts",
        "/news/quotas",
      ].map(at),
      next: [at("/profile/jane-doe?page=2"), at("/profile/jane-doe?page=2"), at("/profile/jane-doe?page=2")],
      details: {
        [at("/news/sea-wall")]: {
          headline: "Harbour board backs sea wall plan after years of delay",
          date: "2024-12-03",
        },
        [at("/news/pier-closes")]: { headline: "Pier closes", date: "2024-12-02" },
        [at("/2024/ferry-fares")]: {
          headline: "Ferry fares to rise by a fifth in spring",
          date: "2024-11-29",
        },
        [at("/news/dredging")]: { headline: "Dredging work begins in the inner harbour", date: "2024-11-28" },
        [at("/news/lifeboat-rescue")]: { headline: "Lifeboat crew rescue two kayakers off the point" },
        [at("/news/council-tax")]: { headline: "Council tax to rise by 4.99 per cent", date: "2024-11-26" },
        [at("/2024/beach-huts")]: { headline: "Beach hut prices reach a record", date: "2024-11-22" },
        [at("/news/quotas")]: { headline: "Fishing fleet warns over new quotas", date: "2024-11-20" },
      },
      // The page's own rel=author links (on every card) are left out; a co-author's page is not.
      authorPages: [at("/profile/sam-lee")],
    });
  });

  const page = (body: string) => `<!doctype html><html><body><main>${body}</main></body></html>`;
  const item = (path: string, text: string, date = "") =>
    `<li class="story"><a href="${path}">${text}</a>${date}</li>`;

  it("needs three headlines in a list, of four words or two beside a date", () => {
    const stories = [
      item("/news/pier", "Pier closes", "<span>3 Dec 2024</span>"),
      item("/news/ferry", "Ferry fares rise again in spring"),
      item("/news/tax", "Council tax to rise"),
    ];
    expect(readPageLinks(page(`<ul>${stories.join("")}</ul>`), PAGE).articles).toEqual(
      ["/news/pier", "/news/ferry", "/news/tax"].map((path) => `https://news.example${path}`),
    );
    expect(readPageLinks(page(`<ul>${stories.slice(0, 2).join("")}</ul>`), PAGE).articles).toEqual([]);
    const undated = [item("/news/pier", "Pier closes"), ...stories.slice(1)];
    expect(readPageLinks(page(`<ul>${undated.join("")}</ul>`), PAGE).articles).toEqual([]);
  });

  it("leaves out a list of short section names and one where most items are not headlines", () => {
    const sections = ["UK", "World", "Science and tech", "Climate crisis"].map((name) =>
      item(`/news/${name.toLowerCase().replace(/ /g, "-")}`, name),
    );
    expect(readPageLinks(page(`<ul>${sections.join("")}</ul>`), PAGE).articles).toEqual([]);
    const mixed = [
      ...[
        "Ferry fares rise again in spring",
        "Council tax to rise again",
        "Beach hut prices reach a record",
      ].map((text, i) => item(`/news/story-${i}`, text)),
      ...["Weather", "Traffic", "Jobs", "Dating", "Motors"].map((name) =>
        item(`/${name.toLowerCase()}`, name),
      ),
    ];
    expect(readPageLinks(page(`<ul>${mixed.join("")}</ul>`), PAGE).articles).toEqual([]);
  });

  it("reads an article page's rel=author link as an author page", () => {
    const article = `<!doctype html><html><head><link rel="author" href="/people/jane-doe"></head><body></body></html>`;
    expect(readPageLinks(article, "https://news.example/2025/01/02/pier-closes")).toMatchObject({
      authorPages: ["https://news.example/people/jane-doe"],
    });
  });
});

describe("readPageLinks on feeds and sitemaps", () => {
  it("gives each RSS item's and Atom entry's headline and day as the feed states it", () => {
    const rss = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Coast</title>
      <item><title><![CDATA[Pier <em>closes</em>]]></title><link>https://news.example/pier</link><pubDate>Tue, 03 Dec 2024 23:30:00 +1100</pubDate></item>
      <item><link>https://news.example/ferry</link></item></channel></rss>`;
    expect(readPageLinks(rss, PAGE)).toEqual({
      kind: "feed",
      format: "rss",
      articles: ["https://news.example/pier", "https://news.example/ferry"],
      details: { "https://news.example/pier": { headline: "Pier closes", date: "2024-12-03" } },
    });
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry><title type="html">Tax &lt;em&gt;rises&lt;/em&gt;</title><link href="https://news.example/tax"/><updated>2024-12-05T09:00:00Z</updated><published>2024-12-04T09:00:00-05:00</published></entry></feed>`;
    expect(readPageLinks(atom, PAGE)).toMatchObject({
      format: "atom",
      details: { "https://news.example/tax": { headline: "Tax rises", date: "2024-12-04" } },
    });
  });

  it("reads a JSON Feed's items", () => {
    const json = JSON.stringify({
      version: "https://jsonfeed.org/version/1.1",
      title: "Coast",
      items: [
        {
          id: "1",
          url: "https://news.example/pier",
          title: "Pier closes",
          date_published: "2024-12-03T10:00:00Z",
        },
        { id: "2", content_text: "No address" },
        { id: "3", url: "/ferry" },
      ],
    });
    expect(readPageLinks(json, PAGE)).toEqual({
      kind: "feed",
      format: "json-feed",
      articles: ["https://news.example/pier", "https://news.example/ferry"],
      details: { "https://news.example/pier": { headline: "Pier closes", date: "2024-12-03" } },
    });
  });

  it("tells a news sitemap, with its titles and publication dates", () => {
    const news = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
      <url><loc>https://news.example/pier</loc><lastmod>2025-01-01</lastmod><news:news><news:publication_date>2024-12-03</news:publication_date><news:title>Pier closes</news:title></news:news></url></urlset>`;
    expect(readPageLinks(news, PAGE)).toEqual({
      kind: "sitemap",
      format: "news-sitemap",
      articles: ["https://news.example/pier"],
      sitemaps: [],
      details: { "https://news.example/pier": { headline: "Pier closes", date: "2024-12-03" } },
    });
  });

  it("reads an RDF feed's items", () => {
    const rdf = `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><item><link>https://news.example/a-b-c</link></item></rdf:RDF>`;
    expect(readPageLinks(rdf, PAGE)).toEqual({
      kind: "feed",
      format: "rdf",
      articles: ["https://news.example/a-b-c"],
    });
  });

  it("tells a sitemap index's sitemaps from a sitemap's pages", () => {
    const index = `<?xml version="1.0"?><sitemapindex><sitemap><loc>https://news.example/s1.xml</loc></sitemap></sitemapindex>`;
    expect(readPageLinks(index, PAGE)).toEqual({
      kind: "sitemap",
      format: "sitemap-index",
      articles: [],
      sitemaps: ["https://news.example/s1.xml"],
    });
  });
});

describe("readFetchedLinks (what the parse worker sends back to discover.ts)", () => {
  const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><item><title>Pier closes today</title><link>https://news.example/pier</link></item></channel></rss>`;

  it("reads a feed whatever type its server announced, and gives the details of the links it returns", () => {
    for (const contentType of ["application/x-rss+xml", "text/plain", "application/octet-stream", ""]) {
      const page = { url: PAGE, body: new TextEncoder().encode(RSS), contentType };
      expect(readFetchedLinks(page, { skip: [], read: [], wanted: 10, pages: 0 })).toEqual({
        kind: "feed",
        format: "rss",
        articles: ["https://news.example/pier"],
        articleKeys: ["news.example/pier"],
        details: { "https://news.example/pier": { headline: "Pier closes today" } },
        listed: 1,
        follow: [],
        repeats: 0,
      });
    }
  });

  it("refuses what is no page, feed or sitemap", () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    for (const [body, contentType] of [
      [png, "image/png"],
      [Buffer.from("%PDF-1.7\n%\xe2\xe3"), "application/octet-stream"],
      [gzipSync(RSS), "application/gzip"],
      [Buffer.from('{"items":[{"url":"https://news.example/pier"}]}'), "application/json"],
      [png, "text/html"],
    ] as const) {
      expect(() =>
        readFetchedLinks({ url: PAGE, body, contentType }, { skip: [], read: [], wanted: 10, pages: 0 }),
      ).toThrow("The address is not a web page, feed or sitemap");
    }
  });

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
      format: "sitemap",
      articles: ["https://news.example/new-story", "https://news.example/other-new-story"],
      articleKeys: ["news.example/new-story", "news.example/other-new-story"],
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
