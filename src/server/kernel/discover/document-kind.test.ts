import { describe, expect, it } from "vitest";
import { documentKind, sniffDocument } from "./document-kind";

describe("sniffDocument", () => {
  it.each([
    [
      "feed",
      '\uFEFF<?xml version="1.0" encoding="utf-8"?>\n<?xml-stylesheet href="/rss.xsl"?>\n<!-- generator -->\n<rss version="2.0">',
    ],
    [
      "feed",
      '<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">\n<rss version="0.91">',
    ],
    ["feed", '<!DOCTYPE rss [<!ENTITY nbsp "&#160;">]><rss version="2.0">'],
    ["feed", '<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'],
    ["feed", '<feed xmlns="http://www.w3.org/2005/Atom">'],
    ["feed", '<atom:feed xmlns:atom="http://www.w3.org/2005/Atom">'],
    ["sitemap", '<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'],
    ["sitemap", "<sitemapindex>"],
    ["page", "<!-- cached 12:00 -->\n<!DOCTYPE html><html>"],
    ["page", '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml">'],
    ["page", "\n\n  <HTML><HEAD>"],
    ["page", "<meta charset=utf-8><title>Jane Doe</title>"],
    ["feed (JSON Feed)", '{\n  "version": "https://jsonfeed.org/version/1.1",\n  "title": "Coast"'],
  ])("reads a %s in %j", (kind, head) =>
    expect(sniffDocument(head)).toEqual(
      kind === "feed (JSON Feed)" ? { kind: "feed", format: "json-feed" } : { kind },
    ),
  );

  it.each([
    ["a PDF", "%PDF-1.7\n%âãÏÓ"],
    ["a PNG", "\x89PNG\r\n\x1a\n\0\0\0\rIHDR"],
    ["an SVG picture", '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg">'],
    ["an OPML list", '<?xml version="1.0"?><opml version="2.0">'],
    ["JSON that is no JSON Feed", '{"items": [{"url": "https://news.example/a"}]}'],
    ["plain text", "Harbour report, part 30"],
    ["nothing", ""],
  ])("names no document in %s", (_, head) => expect(sniffDocument(head)).toBeUndefined());
});

describe("documentKind", () => {
  it("takes what a server announces as HTML for a page when it starts with text, unless it is binary", () => {
    expect(documentKind("Jane Doe's stories <ul>", "text/html; charset=utf-8")).toEqual({ kind: "page" });
    expect(documentKind("Jane Doe's stories <ul>", "text/plain")).toBeUndefined();
    expect(documentKind("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "text/html")).toBeUndefined();
  });

  it("lets the content decide over the announced type", () => {
    expect(documentKind('<rss version="2.0">', "application/octet-stream")).toEqual({ kind: "feed" });
    expect(documentKind('<rss version="2.0">', "text/html")).toEqual({ kind: "feed" });
    expect(documentKind("%PDF-1.7", "application/rss+xml")).toBeUndefined();
  });
});
