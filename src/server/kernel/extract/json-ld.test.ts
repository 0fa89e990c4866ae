import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { readJsonLd } from "./json-ld";
import { indexPage } from "./page-index";

/** Goes through a real page so the script collection is tested too. */
function jsonLdOf(...scripts: string[]): ReturnType<typeof readJsonLd> {
  const tags = scripts.map((s) => `<script type="application/ld+json">${s}</script>`).join("");
  const { document } = parseHTML(
    `<!doctype html><html><head>${tags}<script>var notJsonLd = 1;</script></head><body></body></html>`,
  );
  return readJsonLd(indexPage(document).jsonLd);
}

describe("readJsonLd", () => {
  it("returns null when the page has no article or web page node", () => {
    expect(jsonLdOf('{"@type": "Organization", "name": "Example"}')).toBeNull();
    expect(jsonLdOf("not json at all")).toBeNull();
  });

  it("finds the article in a top-level array and picks the node that carries the body", () => {
    const teaser = { "@type": "NewsArticle", headline: "Teaser" };
    const main = { "@type": "ReportageNewsArticle", headline: "Main story", articleBody: "Body text." };
    expect(jsonLdOf(JSON.stringify([teaser, main]))?.headline).toBe("Main story");
  });

  it("reads author strings, objects and arrays, skipping profile URLs", () => {
    const article = {
      "@type": "BlogPosting",
      author: ["Ann Lee", { "@type": "Person", name: "Bo Chen" }, "https://social.example/ann", "Ann Lee"],
    };
    expect(jsonLdOf(JSON.stringify(article))?.authors).toEqual(["Ann Lee", "Bo Chen"]);
  });

  it("reads image as string, ImageObject or list, and falls back to thumbnailUrl", () => {
    expect(jsonLdOf('{"@type":"Article","image":"https://a.example/1.jpg"}')?.image).toBe(
      "https://a.example/1.jpg",
    );
    expect(jsonLdOf('{"@type":"Article","image":{"@type":"ImageObject","contentUrl":"/2.jpg"}}')?.image).toBe(
      "/2.jpg",
    );
    expect(jsonLdOf('{"@type":"Article","image":["", {"url":"/3.jpg"}]}')?.image).toBe("/3.jpg");
    expect(jsonLdOf('{"@type":"Article","thumbnailUrl":"/4.jpg"}')?.image).toBe("/4.jpg");
  });

  it("turns an HTML articleBody into paragraphs and decodes entities in text fields", () => {
    const article = {
      "@type": "NewsArticle",
      headline: "Fish &amp; chips",
      articleBody: '<p class="intro">First <b>para</b>.</p><p>Second&nbsp;para.</p>',
    };
    const result = jsonLdOf(JSON.stringify(article));
    expect(result?.headline).toBe("Fish & chips");
    expect(result?.bodyParagraphs).toEqual(["First para.", "Second para."]);
  });

  it("splits a plain-text articleBody on its line breaks", () => {
    const result = jsonLdOf(JSON.stringify({ "@type": "Article", articleBody: "One.\n\nTwo.\r\nThree." }));
    expect(result?.bodyParagraphs).toEqual(["One.", "Two.", "Three."]);
  });

  it("reads JSON-LD with raw line breaks in strings and trailing commas", () => {
    const result = jsonLdOf(
      '{"@type": "Article", "headline": "Tabs\tand \\"quotes\\"", "articleBody": "One.\nTwo.",}',
    );
    expect(result?.headline).toBe('Tabs and "quotes"');
    expect(result?.bodyParagraphs).toEqual(["One.", "Two."]);
  });

  it("uses a WebPage node when there is no article node", () => {
    const result = jsonLdOf('{"@type":"WebPage","name":"About the harbour","datePublished":"2020-01-02"}');
    expect(result).toMatchObject({ headline: "About the harbour", datePublished: "2020-01-02" });
  });
});
