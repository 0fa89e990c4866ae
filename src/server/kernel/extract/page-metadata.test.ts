import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { indexPage } from "./page-index";
import { cleanAuthor, readPageMetadata, resolveHttpUrl } from "./page-metadata";

const metadataOf = (head: string, body = "", pageUrl?: string): ReturnType<typeof readPageMetadata> =>
  readPageMetadata(
    indexPage(parseHTML(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`).document),
    null,
    pageUrl,
  );

describe("readPageMetadata", () => {
  it("reads Open Graph and strips the site name from the title", () => {
    const metadata = metadataOf(
      '<meta property="og:title" content="Tide tables explained - Harbour Times"><meta property="og:site_name" content="Harbour Times">' +
        '<meta property="og:description" content="All about tides.">',
    );
    expect(metadata.title).toBe("Tide tables explained");
    expect(metadata.description).toBe("All about tides.");
  });

  it("strips a site suffix that names the host and keeps other suffixes", () => {
    expect(
      metadataOf(
        '<meta property="og:title" content="Bike book review | MoreBikes">',
        "",
        "https://www.morebikes.example/x",
      ).title,
    ).toBe("Bike book review");
    expect(metadataOf('<meta property="og:title" content="Rust - a language review">').title).toBe(
      "Rust - a language review",
    );
  });

  it("falls back to Twitter cards and meta author names", () => {
    const metadata = metadataOf(
      '<meta name="twitter:title" content="Quay repairs"><meta name="twitter:image" content="https://img.example/q.jpg">' +
        '<meta name="author" content="By Lee Park">',
    );
    expect(metadata).toMatchObject({
      title: "Quay repairs",
      image: "https://img.example/q.jpg",
      author: "Lee Park",
    });
  });

  it("finds the author in microdata, preferring its name property", () => {
    const body =
      '<div itemprop="author" itemscope><img src="a.jpg"><span itemprop="name">Ana Ruiz</span> Staff writer</div>';
    expect(metadataOf("", body).author).toBe("Ana Ruiz");
  });

  it("resolves images against <base href> and the page URL", () => {
    const metadata = metadataOf(
      '<base href="/static/"><meta property="og:image" content="img/q.jpg">',
      "",
      "https://site.example/a/b",
    );
    expect(metadata.image).toBe("https://site.example/static/img/q.jpg");
  });
});

describe("cleanAuthor", () => {
  it.each([
    ["By Jane Doe", "Jane Doe"],
    ["Written by: Jane Doe", "Jane Doe"],
    ["Jane Doe | November 18, 2019 12:01 PM Print this article", "Jane Doe"],
    ["  Jane   Doe, ", "Jane Doe"],
    ["https://www.facebook.com/janedoe", ""],
    ["x".repeat(101), ""],
    ["123", ""],
  ])("cleans %j to %j", (input, expected) => expect(cleanAuthor(input)).toBe(expected));
});

describe("resolveHttpUrl", () => {
  it("accepts only http(s) results", () => {
    expect(resolveHttpUrl("//cdn.example/a.jpg", "https://site.example/")).toBe("https://cdn.example/a.jpg");
    expect(resolveHttpUrl("javascript:alert(1)", "https://site.example/")).toBe("");
    expect(resolveHttpUrl("/a.jpg", undefined)).toBe("");
    expect(resolveHttpUrl("  ", "https://site.example/")).toBe("");
  });
});
