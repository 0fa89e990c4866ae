import { describe, expect, it } from "vitest";
import { typeBadges } from "./article-tags";
import { PUBLIC_TAGS } from "./public-tags";
import knownArticleTags from "./known-article-tags.json";

const known = "https://civicledger.example/housing/landlord-register-unchecked";

describe("typeBadges", () => {
  it("keeps the article's public tags, ignoring case, blanks and repeats", () => {
    expect(typeBadges({ tags: [" News ", "interview", "NEWS", "elections", ""], url: known })).toEqual([
      "news",
      "interview",
    ]);
  });

  it("prefers the article's own valid tags over the built-in map", () => {
    expect(typeBadges({ tags: ["comment"], url: known })).toEqual(["comment"]);
  });

  it("falls back to the built-in map when the article has no valid tag", () => {
    expect(typeBadges({ tags: [], url: known })).toEqual(["data", "comment"]);
    expect(typeBadges({ tags: ["elections", "Politics"], url: known })).toEqual(["data", "comment"]);
  });

  it.each([
    "http://civicledger.example/housing/landlord-register-unchecked",
    "https://www.civicledger.example/housing/landlord-register-unchecked/",
    "https://CivicLedger.example/housing/landlord-register-unchecked#comments",
    " https://civicledger.example/housing/landlord-register-unchecked// ",
    "civicledger.example/housing/landlord-register-unchecked",
  ])("finds the map entry for %j", (url) => {
    expect(typeBadges({ tags: [], url })).toEqual(["data", "comment"]);
  });

  it("gives no tags for unknown or different URLs", () => {
    expect(typeBadges({ tags: [], url: "https://civicledger.example/housing/other-story" })).toEqual([]);
    expect(typeBadges({ tags: [], url: `${known}?page=2` })).toEqual([]);
    expect(typeBadges({ tags: [], url: "" })).toEqual([]);
  });

  it("returns a fresh array the caller may change", () => {
    const tags = typeBadges({ tags: [], url: known });
    tags.push("news");
    expect(typeBadges({ tags: [], url: known })).toEqual(["data", "comment"]);
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
      expect(typeBadges({ tags: [], url })).toEqual(tags);
    }
    expect(new Set(entries.flatMap(([, tags]) => tags))).toEqual(new Set(PUBLIC_TAGS));
  });
});
