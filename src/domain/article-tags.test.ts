import { describe, expect, it } from "vitest";
import { articleTags } from "./article-tags";
import { PUBLIC_TAGS } from "./public-tags";
import knownArticleTags from "./known-article-tags.json";

const known = "https://civicledger.example/housing/landlord-register-unchecked";

describe("articleTags", () => {
  it("keeps the article's public tags, ignoring case, blanks and repeats", () => {
    expect(articleTags({ tags: [" News ", "interview", "NEWS", "elections", ""], url: known })).toEqual([
      "news",
      "interview",
    ]);
  });

  it("prefers the article's own valid tags over the built-in map", () => {
    expect(articleTags({ tags: ["comment"], url: known })).toEqual(["comment"]);
  });

  it("falls back to the built-in map when the article has no valid tag", () => {
    expect(articleTags({ tags: [], url: known })).toEqual(["data", "comment"]);
    expect(articleTags({ tags: ["elections", "Politics"], url: known })).toEqual(["data", "comment"]);
  });

  it.each([
    "http://civicledger.example/housing/landlord-register-unchecked",
    "https://www.civicledger.example/housing/landlord-register-unchecked/",
    "https://CivicLedger.example/housing/landlord-register-unchecked#comments",
    " https://civicledger.example/housing/landlord-register-unchecked// ",
    "civicledger.example/housing/landlord-register-unchecked",
  ])("finds the map entry for %j", (url) => {
    expect(articleTags({ tags: [], url })).toEqual(["data", "comment"]);
  });

  it("gives no tags for unknown or different URLs", () => {
    expect(articleTags({ tags: [], url: "https://civicledger.example/housing/other-story" })).toEqual([]);
    expect(articleTags({ tags: [], url: `${known}?page=2` })).toEqual([]);
    expect(articleTags({ tags: [], url: "" })).toEqual([]);
  });

  it("returns a fresh array the caller may change", () => {
    const tags = articleTags({ tags: [], url: known });
    tags.push("news");
    expect(articleTags({ tags: [], url: known })).toEqual(["data", "comment"]);
  });
});

describe("known-article-tags.json", () => {
  const entries = Object.entries(knownArticleTags as Record<string, string[]>);

  it("maps about a dozen demo article URLs to one or two public tags, using all five", () => {
    expect(entries.length).toBeGreaterThanOrEqual(12);
    for (const [url, tags] of entries) {
      expect(url).toMatch(/^https:\/\/[a-z]+\.example\//);
      expect(tags.length).toBeGreaterThanOrEqual(1);
      expect(tags.length).toBeLessThanOrEqual(2);
      expect(articleTags({ tags: [], url })).toEqual(tags);
    }
    expect(new Set(entries.flatMap(([, tags]) => tags))).toEqual(new Set(PUBLIC_TAGS));
  });
});
