import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import {
  articlePage,
  type FakePublisher,
  type FakeResponse,
} from "../../../../tests/e2e/support/fake-publisher";
import { serveFakeOutlet } from "../../../../tests/e2e/support/fake-outlet";
import { HOSTILE_PAGES } from "../../../../tests/support/hostile-pages";
import { decodeHtml } from "../extract/decode-html";
import { checkMarkup, MARKUP_LIMITS, type MarkupKind } from "./markup-limits";
import { UnreadablePageError } from "./unreadable-page";

const repoRoot = path.resolve(import.meta.dirname, "../../../..");

/** The shared extraction benchmark (46 real pages), where this machine keeps it. */
function benchmarkPages(): { name: string; html: string }[] {
  const dir = [
    process.env.EXTRACTION_BENCHMARK_DIR,
    path.resolve(repoRoot, "../shared/extraction-benchmark"),
    "/work/shared/extraction-benchmark",
  ].find((candidate) => candidate && fs.existsSync(path.join(candidate, "html")));
  if (!dir) return [];
  return fs
    .readdirSync(path.join(dir, "html"))
    .filter((file) => file.endsWith(".html.gz"))
    .map((file) => ({
      name: file.slice(0, 16),
      html: decodeHtml({
        body: gunzipSync(fs.readFileSync(path.join(dir, "html", file))),
        contentType: "",
      }),
    }));
}

/** Every page, feed and sitemap of the tests' fake outlet, with the kind it is read as. */
function fakeOutletPages(): { name: string; text: string; kind: MarkupKind }[] {
  const routes = new Map<string, FakeResponse>();
  const recorder = {
    origin: "https://coast.example",
    route: (p: string, r: FakeResponse) => routes.set(p, r),
  };
  serveFakeOutlet(recorder as unknown as FakePublisher);
  return [...routes].map(([route, response]) => ({
    name: route,
    text: String(response.body),
    kind: /xml/.test(response.headers?.["Content-Type"] ?? "") ? "xml" : "html",
  }));
}

/** The deepest element and the element count linkedom builds for `html`. */
function linkedomShape(html: string): { depth: number; elements: number } {
  const { document } = parseHTML(html);
  let elements = 0;
  const walk = (element: Element, depth: number): number => {
    elements += 1;
    return Math.max(depth, ...[...element.children].map((child) => walk(child, depth + 1)));
  };
  const depth = walk(document.documentElement, 1);
  return { depth, elements };
}

const refusal = (text: string, kind: MarkupKind = "html") => {
  try {
    checkMarkup(text, kind);
    return "read";
  } catch (error) {
    return error instanceof UnreadablePageError ? error.reason : String(error);
  }
};

describe("real pages pass the markup limits", () => {
  const benchmark = benchmarkPages();

  it("with room to spare: the extraction benchmark's deepest page is under a quarter of the depth limit", () => {
    // A machine without the shared benchmark still checks the fixtures below.
    if (benchmark.length === 0) return;
    const shapes = benchmark.map(({ html }) => checkMarkup(html, "html"));
    expect(Math.max(...shapes.map((s) => s.depth))).toBeLessThan(MARKUP_LIMITS.maxDepth / 4);
    expect(Math.max(...shapes.map((s) => s.elements))).toBeLessThan(MARKUP_LIMITS.maxElements.html / 20);
    expect(Math.max(...shapes.map((s) => s.longestText))).toBeLessThan(MARKUP_LIMITS.maxTextRun / 50);
  });

  for (const { name, html } of benchmark) {
    it(`benchmark page ${name}`, () => {
      expect(refusal(html)).toBe("read");
    });
  }

  it("the reader's fixture and a long article page", () => {
    const fixture = fs.readFileSync(
      path.join(repoRoot, "src/server/kernel/extract/fixtures/news-article.html"),
      "utf8",
    );
    expect(refusal(fixture)).toBe("read");
    const long = articlePage({
      title: "A long read",
      blocks: Array.from({ length: 2000 }, (_, i) => `Paragraph ${i} of a very long read. `.repeat(10)),
    });
    expect(refusal(long)).toBe("read");
  });

  it("the fake outlet's author pages, articles, feeds and sitemaps", () => {
    const pages = fakeOutletPages();
    expect(pages.length).toBeGreaterThan(40);
    for (const { name, text, kind } of pages) expect([name, refusal(text, kind)]).toEqual([name, "read"]);
  });

  it("a large sitemap: 40,000 addresses with their dates", () => {
    const urls = Array.from(
      { length: 40_000 },
      (_, i) => `<url><loc>https://e.example/2025/01/01/story-${i}</loc><lastmod>2025-01-01</lastmod></url>`,
    );
    expect(refusal(`<?xml version="1.0"?><urlset>${urls.join("\n")}</urlset>`, "xml")).toBe("read");
  });
});

describe("the scan counts as linkedom builds", () => {
  const lists = (n: number) => `<ul>${"<li>an item".repeat(n)}</ul>`;
  it.each([
    ["optional end tags: li", lists(2000)],
    ["optional end tags: p", "<div>" + "<p>a paragraph".repeat(2000) + "</div>"],
    ["optional end tags: tr, td", `<table>${"<tr><td>a<td>b".repeat(1000)}</table>`],
    ["optional end tags: option", `<select>${"<option>x".repeat(2000)}</select>`],
    ["optional end tags: dt, dd", `<dl>${"<dt>term<dd>meaning".repeat(1000)}</dl>`],
    [
      "void elements",
      `<div>${'<br><img src="x"><input><hr><meta charset="utf-8"><link rel="x">'.repeat(500)}</div>`,
    ],
    ["raw text", `<script>${"<div>".repeat(1000)}</script><style>${"<p>".repeat(1000)}</style>`],
    ["raw text whose end is spelled oddly", `<SCRIPT>if (a </scripts) {}</Script ><p>after</p>`],
    [
      "markup inside comments, attribute values and CDATA",
      `<!-- ${"<div>".repeat(500)} --><a title="<div><div>" href='<p>'>x</a>`,
    ],
    ["unclosed <a>, which this parser nests", `<div>${"<a href=/x>link ".repeat(200)}</div>`],
    [
      "self-closing inside svg, not outside",
      `<svg>${"<path/>".repeat(300)}</svg><div>${"<span/>".repeat(100)}</div>`,
    ],
    ["an end tag with nothing open to close", `<div>${"</section></p></br>".repeat(300)}</div>`],
  ])("%s", (_, body) => {
    const html = `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;
    const { depth, elements } = checkMarkup(html, "html");
    expect({ depth, elements }).toEqual(linkedomShape(html));
  });
});

describe("hostile documents are refused, each with its reason", () => {
  const text = (name: string) => {
    const page = HOSTILE_PAGES.find((candidate) => candidate.name === name)!;
    return decodeHtml({ body: page.body("https://outlet.example"), contentType: page.contentType });
  };

  it.each([
    ["HTML nested 200,000 deep", "html", "too_deep"],
    ["RSS item nested 100,000 deep", "xml", "too_deep"],
    ["RSS item nested 100,000 deep", "html", "too_deep"],
    ["5 MB of <a> tags", "html", "too_many_elements"],
    ["one 5 MB text node", "html", "text_too_long"],
    ["invalid UTF-8", "html", "not_text"],
  ] as const)("%s, read as %s", (name, kind, reason) => {
    expect(refusal(text(name), kind)).toBe(reason);
  });

  it("refuses what is larger than any fetch, before looking into it", () => {
    expect(refusal("x".repeat(MARKUP_LIMITS.maxLength + 1))).toBe("too_large");
  });

  it("refuses nesting through tags that nest only in XML, and only in XML", () => {
    const nested = `${"<item>".repeat(MARKUP_LIMITS.maxDepth + 1)}${"</item>".repeat(MARKUP_LIMITS.maxDepth + 1)}`;
    expect(refusal(`<rss>${nested}</rss>`, "xml")).toBe("too_deep");
    const selfClosed = `<feed>${"<link/>".repeat(100_000)}</feed>`;
    expect(refusal(selfClosed, "xml")).toBe("read");
  });

  it("gives the reasons as sentences a visitor can read", () => {
    expect(new UnreadablePageError("too_deep").message).toBe("The page is too deeply nested to read");
    expect(new UnreadablePageError("too_slow").message).toBe("The page took too long to read");
  });
});
