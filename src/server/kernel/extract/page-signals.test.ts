import { describe, expect, it } from "vitest";
import { extractArticle } from "./extract-article";

const PAGE_URL = "https://courier.example/news/harbour-report?utm_source=rss";
const prose = Array.from(
  { length: 6 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the story tells the reader one more thing about the fictional harbour.</p>`,
).join("");

function page(head: string, body: string, lang = ' lang="en-GB"') {
  return `<!doctype html><html${lang}><head>${head}</head><body>${body}</body></html>`;
}

describe("the signals extraction returns for the clip watch", () => {
  it("names every author with where the page names it, strongest place first", () => {
    const { signals } = extractArticle(
      page(
        `<script type="application/ld+json">{"@type":"NewsArticle","headline":"H","author":[{"@type":"Person","name":"Zoë Okafor"},{"@type":"Person","name":"Sam Reyes"}]}</script>
         <meta name="author" content="Zoe Okafor">`,
        `<article><h1>H</h1><div class="article-byline__name">By <a rel="author" href="/authors/zoe">Zoë Okafor</a></div>${prose}</article>`,
      ),
      PAGE_URL,
    );
    expect(signals.authors).toEqual(
      expect.arrayContaining([
        { name: "Zoë Okafor", place: "json-ld" },
        { name: "Sam Reyes", place: "json-ld" },
        { name: "Zoe Okafor", place: "meta" },
        { name: "Zoë Okafor", place: "rel-author" },
        { name: "Zoë Okafor", place: "byline" },
      ]),
    );
    expect(signals.authors[0]).toEqual({ name: "Zoë Okafor", place: "json-ld" });
    expect(signals.authorPages).toEqual([{ url: "https://courier.example/authors/zoe", name: "Zoë Okafor" }]);
  });

  it("reads the language from html lang, og:locale or JSON-LD inLanguage, the first stated", () => {
    const language = (head: string, lang: string) =>
      extractArticle(page(head, `<article>${prose}</article>`, lang), PAGE_URL).signals.language;
    expect(language("", ' lang="en-GB"')).toBe("en-GB");
    expect(language(`<meta property="og:locale" content="de_DE">`, "")).toBe("de_DE");
    expect(
      language(
        `<script type="application/ld+json">{"@type":"NewsArticle","inLanguage":{"@type":"Language","name":"Portuguese","alternateName":"pt"}}</script>`,
        "",
      ),
    ).toBe("pt");
    expect(language("", "")).toBe("");
  });

  it("gives the canonical address and the feeds the page advertises, absolute", () => {
    const { signals } = extractArticle(
      page(
        `<link rel="canonical" href="/news/harbour-report">
         <link rel="alternate" type="application/rss+xml" href="/feeds/news.rss">
         <link rel="alternate" type="application/atom+xml" href="https://courier.example/atom.xml">
         <link rel="alternate" hreflang="de" href="https://courier.example/de/hafen">`,
        `<article>${prose}</article>`,
      ),
      PAGE_URL,
    );
    expect(signals.canonical).toBe("https://courier.example/news/harbour-report");
    expect(signals.feeds).toEqual([
      "https://courier.example/feeds/news.rss",
      "https://courier.example/atom.xml",
    ]);
  });
});
