import { describe, expect, it } from "vitest";
import { parseRobotsTxt, robotsAllow } from "./robots-txt";

const allowed = (text: string, url: string) => robotsAllow(parseRobotsTxt(text, "Byline"), url);

describe("robots.txt", () => {
  it("follows the group naming Byline over the one for everyone", () => {
    const text = "User-agent: *\nDisallow: /\n\nUser-agent: byline\nDisallow: /private/\n";
    expect(allowed(text, "https://news.example/feed.xml")).toBe(true);
    expect(allowed(text, "https://news.example/private/x")).toBe(false);
  });

  it("falls back to * and allows everything without a group", () => {
    expect(allowed("User-agent: *\nDisallow: /feeds/", "https://n.example/feeds/rss")).toBe(false);
    expect(allowed("User-agent: otherbot\nDisallow: /", "https://n.example/a")).toBe(true);
    expect(allowed("", "https://n.example/a")).toBe(true);
  });

  it("lets the longest rule win and Allow win a tie, with * and $", () => {
    const text = [
      "User-agent: Byline",
      "User-agent: Other",
      "Disallow: /news/",
      "Allow: /news/public-",
      "Disallow: /*.pdf$",
      "Disallow: /search",
      "Allow: /search",
    ].join("\n");
    expect(allowed(text, "https://n.example/news/secret")).toBe(false);
    expect(allowed(text, "https://n.example/news/public-story")).toBe(true);
    expect(allowed(text, "https://n.example/files/report.pdf")).toBe(false);
    expect(allowed(text, "https://n.example/files/report.pdf?x=1")).toBe(true);
    expect(allowed(text, "https://n.example/search?q=a")).toBe(true);
  });

  it("ignores comments, an empty Disallow and rules before any group", () => {
    const text = "Disallow: /\n# comment\nUser-agent: * # all\nDisallow:\n";
    expect(allowed(text, "https://n.example/anything")).toBe(true);
  });
});

describe("robots.txt against a hostile file", () => {
  it("matches a pattern of many stars against a long path without backtracking for ever", () => {
    const text = `User-agent: *\nDisallow: /${"*a".repeat(40)}b\n`;
    expect(allowed(text, `https://n.example/${"a".repeat(2000)}`)).toBe(true);
  });
});
