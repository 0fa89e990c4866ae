import { describe, expect, it } from "vitest";
import { MAX_PATH, MAX_WILDCARD_RULES, parseRobotsTxt, robotsAllow, ROBOTS_PARSE_BYTES } from "./robots-txt";

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

  it("answers a long star pattern against a long path rightly, in one pass", () => {
    const text = `User-agent: *\nDisallow: /*${"a".repeat(1000)}b\n`;
    const long = "a".repeat(MAX_PATH - 10);
    expect(allowed(text, `https://n.example/${long}`)).toBe(true);
    expect(allowed(text, `https://n.example/${long}b`)).toBe(false);
    expect(allowed(text, `https://n.example/${long}b${"a".repeat(5)}`)).toBe(false);
    expect(allowed(`User-agent: *\nDisallow: /*${"a".repeat(1000)}b$\n`, `https://n.example/${long}ba`)).toBe(
      true,
    );
  });

  it("disallows a path longer than the cap when there are rules, and allows it when there are none", () => {
    // The case: 15,000 a's and a b as one rule, against a 30,000-character link.
    const text = `User-agent: *\nDisallow: /*${"a".repeat(15_000)}b\n`;
    const link = `https://n.example/${"a".repeat(30_000)}`;
    expect(allowed(text, link)).toBe(false);
    expect(allowed("User-agent: *\nDisallow:\n", link)).toBe(true);
    expect(allowed(text, "https://n.example/short")).toBe(true);
  });

  it("drops a rule too long to match any path it is checked against", () => {
    const text = `User-agent: *\nDisallow: /${"x".repeat(MAX_PATH)}\nDisallow: /private\n`;
    const rules = parseRobotsTxt(text, "Byline");
    expect(rules.disallow).toHaveLength(1);
    expect(robotsAllow(rules, "https://n.example/private/a")).toBe(false);
  });

  it("disallows everything when a group holds too many wildcard rules", () => {
    const lines = Array.from({ length: MAX_WILDCARD_RULES + 1 }, (_, i) => `Disallow: /*x${i}`);
    expect(allowed(`User-agent: *\n${lines.join("\n")}\n`, "https://n.example/a")).toBe(false);
    expect(allowed(`User-agent: *\n${lines.slice(1).join("\n")}\n`, "https://n.example/a")).toBe(true);
  });

  it("reads only the first 500 KiB", () => {
    const filler = `# ${"-".repeat(100)}\n`.repeat(Math.ceil(ROBOTS_PARSE_BYTES / 103));
    const text = `User-agent: *\nDisallow: /early\n${filler}Disallow: /late\n`;
    expect(allowed(text, "https://n.example/early")).toBe(false);
    expect(allowed(text, "https://n.example/late")).toBe(true);
  });
});
