import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakePublisher, type FakePublisher } from "../../../../tests/e2e/support/fake-publisher";
import { discoverArticles } from "./discover";
import { safeFetch } from "../fetch/safe-fetch";
import { readTextPage, type TextPageFetch } from "./read-text-page";

const loopbackFetch: TextPageFetch = (url, options) => safeFetch(url, { allowPrivate: true, ...options });

/**
 * Feeds, sitemaps and pages served over real HTTP on loopback as stock web servers type them
 * (nginx, Apache, `python -m http.server`, S3): by file name, not by content.
 */
let publisher: FakePublisher;

beforeAll(async () => {
  publisher = await startFakePublisher();
});

afterAll(() => publisher.close());

const stories = ["pier-closes", "ferry-fares", "council-tax"];
const storyUrl = (slug: string) => publisher.url(`/news/${slug}`);

const RSS = () => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Coast</title>
${stories.map((slug) => `<item><title>${slug}</title><link>${storyUrl(slug)}</link></item>`).join("\n")}
</channel></rss>`;
const RDF = () => `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
${stories.map((slug) => `<item rdf:about="${storyUrl(slug)}"><link>${storyUrl(slug)}</link></item>`).join("\n")}
</rdf:RDF>`;
const ATOM = () => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Coast</title>
${stories.map((slug) => `<entry><title>${slug}</title><link href="${storyUrl(slug)}"/></entry>`).join("\n")}
</feed>`;
const JSON_FEED = () =>
  JSON.stringify({
    version: "https://jsonfeed.org/version/1.1",
    title: "Coast",
    items: stories.map((slug) => ({ id: slug, url: storyUrl(slug), title: slug })),
  });
const SITEMAP = () => `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${stories.map((slug) => `<url><loc>${storyUrl(slug)}</loc></url>`).join("\n")}
</urlset>`;

const noKnownLinks = { known: new Set<string>() };
const discover = (path: string) =>
  discoverArticles(publisher.url(path), {
    ...noKnownLinks,
    fetchText: (url) => readTextPage(url, loopbackFetch),
  });

describe("discovery reads what a server sends, whatever type it announces", () => {
  it.each([
    ["/coast.rss", "application/x-rss+xml", RSS],
    ["/coast.rss", "application/rss+xml", RSS],
    ["/coast.rdf", "application/rdf+xml", RDF],
    ["/coast.atom", "application/atom+xml", ATOM],
    ["/feed", "text/plain; charset=utf-8", RSS],
    ["/feed.bin", "application/octet-stream", RSS],
    ["/feed.php", "text/html; charset=UTF-8", RSS],
    ["/no-type", "", ATOM],
    ["/feed.json", "application/json", JSON_FEED],
    ["/feed.json", "application/feed+json", JSON_FEED],
    ["/sitemap.txt", "text/plain", SITEMAP],
    ["/sitemap.xml", "text/xml", SITEMAP],
  ] as const)("%s served as %j", async (path, contentType, document) => {
    publisher.route(path, { headers: { "Content-Type": contentType }, body: document() });
    const found = await discover(path);
    expect(found.urls).toEqual(stories.map(storyUrl));
  });

  it.each([
    ["an image", Buffer.from("89504e470d0a1a0a0000000d4948445200000001", "hex"), "image/png"],
    ["a PDF", Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"), "application/pdf"],
    ["a PDF served as bytes", Buffer.from("%PDF-1.4\n%\u00e2\u00e3"), "application/octet-stream"],
    ["a zip file", Buffer.from("504b0304140000000800", "hex"), "application/zip"],
    ["JSON that is no feed", Buffer.from('{"items":[]}'), "application/json"],
  ])("refuses %s clearly", async (_, body, contentType) => {
    const path = `/not-a-page-${contentType.replace(/\W/g, "-")}`;
    publisher.route(path, { headers: { "Content-Type": contentType }, body });
    await expect(readTextPage(publisher.url(path), loopbackFetch)).rejects.toThrow(
      "The address is not a web page, feed or sitemap",
    );
  });
});

describe("gzipped sitemaps", () => {
  it.each(["application/gzip", "application/x-gzip", "application/octet-stream"])(
    "reads sitemap.xml.gz served as %s",
    async (contentType) => {
      const path = `/sitemap-${contentType.replace(/\W/g, "-")}.xml.gz`;
      publisher.route(path, { headers: { "Content-Type": contentType }, body: gzipSync(SITEMAP()) });
      const page = await readTextPage(publisher.url(path), loopbackFetch);
      expect(page.gzipped).toBe(true);
      expect((await discover(path)).urls).toEqual(stories.map(storyUrl));
    },
  );

  it("reads a sitemap index whose sitemaps are gzipped", async () => {
    const more = ["harbour-dredging", "beach-huts"];
    const urlset = (slugs: string[]) =>
      `<?xml version="1.0"?><urlset>${slugs.map((slug) => `<url><loc>${storyUrl(slug)}</loc></url>`).join("")}</urlset>`;
    publisher.route("/archive/one.xml.gz", {
      headers: { "Content-Type": "application/x-gzip" },
      body: gzipSync(urlset(stories)),
    });
    publisher.route("/archive/two.xml.gz", {
      headers: { "Content-Type": "application/x-gzip" },
      body: gzipSync(urlset(more)),
    });
    publisher.route("/archive/index.xml", {
      headers: { "Content-Type": "application/xml" },
      body: `<?xml version="1.0"?><sitemapindex>${["one", "two"]
        .map((name) => `<sitemap><loc>${publisher.url(`/archive/${name}.xml.gz`)}</loc></sitemap>`)
        .join("")}</sitemapindex>`,
    });
    const found = await discover("/archive/index.xml");
    expect(found).toMatchObject({ kind: "sitemap", pagesRead: 3 });
    expect(found.urls).toEqual([...stories, ...more].map(storyUrl));
  });

  it("stops a small gzip bomb at the fetcher's size limit", async () => {
    const bomb = gzipSync(Buffer.concat([Buffer.from("<urlset>"), Buffer.alloc(20 * 1024 * 1024, " ")]));
    expect(bomb.length).toBeLessThan(100 * 1024);
    publisher.route("/bomb.xml.gz", { headers: { "Content-Type": "application/gzip" }, body: bomb });
    await expect(readTextPage(publisher.url("/bomb.xml.gz"), loopbackFetch)).rejects.toThrow(
      "The response is larger than 5242880 bytes once decompressed",
    );
  });
});
