import { describe, expect, it } from "vitest";
import { bylineEvidence } from "../../../domain/byline-evidence";
import { extractArticle } from "./extract-article";

// Where a page names its author, read by extraction and matched against the owner's bylines
// (issue 39): the four ways outlets publish a byline, and a page that gives none.

const OWNER = ["Morgan Hale"];
const prose = Array.from(
  { length: 6 },
  (_, i) =>
    `<p>Paragraph ${i + 1} tells the reader one more thing about the fictional estuary and its ferry.</p>`,
).join("");
const page = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>Ferry</title>${head}</head><body>${body}</body></html>`;
const evidenceOf = (html: string) =>
  bylineEvidence(extractArticle(html, "https://outlet.example/news/ferry").signals.authors, OWNER);

describe("byline evidence from a page", () => {
  it("reads JSON-LD author from a @graph, in an array of people", () => {
    const graph = {
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "WebSite", name: "Outlet" },
        {
          "@type": "NewsArticle",
          headline: "Ferry",
          author: [
            { "@type": "Person", name: "Sam Reyes" },
            { "@type": "Person", name: "Morgan Hale" },
          ],
        },
      ],
    };
    const html = page(
      `<script type="application/ld+json">${JSON.stringify(graph)}</script>`,
      `<article><h1>Ferry</h1>${prose}</article>`,
    );
    expect(evidenceOf(html)).toEqual({ text: "Morgan Hale", place: "json-ld" });
  });

  it("reads an author meta tag (article:author, parsely-author and the plain one)", () => {
    for (const tag of [
      `<meta name="author" content="Morgan Hale">`,
      `<meta property="article:author" content="Morgan Hale">`,
      `<meta name="parsely-author" content="MORGAN HALE">`,
    ]) {
      const found = evidenceOf(page(tag, `<article><h1>Ferry</h1>${prose}</article>`));
      expect(found?.place).toBe("meta");
    }
  });

  it("reads a rel=author link", () => {
    const html = page(
      "",
      `<article><h1>Ferry</h1><p>Words: <a rel="author" href="/people/morgan">Morgan Hale</a></p>${prose}</article>`,
    );
    expect(evidenceOf(html)).toEqual({ text: "Morgan Hale", place: "rel-author" });
  });

  it("reads the visible byline when the markup names no one", () => {
    const html = page("", `<article><h1>Ferry</h1><p class="byline">By Morgan Hále</p>${prose}</article>`);
    expect(evidenceOf(html)).toEqual({ text: "Morgan Hále", place: "byline" });
  });

  it("finds nothing on a page that names someone else, or no one", () => {
    expect(
      evidenceOf(
        page(`<meta name="author" content="Sam Reyes">`, `<article><h1>Ferry</h1>${prose}</article>`),
      ),
    ).toBeUndefined();
    expect(evidenceOf(page("", `<article><h1>Ferry</h1>${prose}</article>`))).toBeUndefined();
  });
});
