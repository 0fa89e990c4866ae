import { describe, expect, it } from "vitest";
import {
  activeSection,
  glassIntensity,
  isBarCompact,
  latestArticleCard,
  msUntilNextCharacter,
  scrollTargetY,
  showsBackToTop,
  typedLength,
} from "./landing-page";

describe("scroll thresholds", () => {
  it("makes the bar compact only after more than 100px", () => {
    expect(isBarCompact(0)).toBe(false);
    expect(isBarCompact(100)).toBe(false);
    expect(isBarCompact(101)).toBe(true);
  });

  it("shows back-to-top only after more than 500px", () => {
    expect(showsBackToTop(500)).toBe(false);
    expect(showsBackToTop(501)).toBe(true);
  });

  it("turns the glass down from 0.5 to 0.3 once the bar is compact", () => {
    expect(glassIntensity(isBarCompact(0))).toBe(0.5);
    expect(glassIntensity(isBarCompact(100))).toBe(0.5);
    expect(glassIntensity(isBarCompact(101))).toBe(0.3);
  });

  it("scrolls to 80px above a section, never above the page", () => {
    expect(scrollTargetY(1000)).toBe(920);
    expect(scrollTargetY(30)).toBe(0);
  });
});

describe("activeSection", () => {
  const sections = [
    { id: "front", top: 0 },
    { id: "features", top: 900 },
    { id: "work", top: 1500 },
  ];

  it("is the last section whose top is at or above scroll y + 200px", () => {
    expect(activeSection(sections, 0)).toBe("front");
    expect(activeSection(sections, 699)).toBe("front");
    expect(activeSection(sections, 700)).toBe("features");
    expect(activeSection(sections, 1299)).toBe("features");
    expect(activeSection(sections, 1300)).toBe("work");
    expect(activeSection(sections, 9000)).toBe("work");
  });

  it("is the first section before any starts, and null without sections", () => {
    expect(activeSection([{ id: "front", top: 400 }], 0)).toBe("front");
    expect(activeSection([], 100)).toBeNull();
  });
});

describe("typing effect", () => {
  it("shows nothing for 0.5s, then one character every 80ms up to the whole name", () => {
    expect(typedLength(0, 11)).toBe(0);
    expect(typedLength(499, 11)).toBe(0);
    expect(typedLength(500, 11)).toBe(1);
    expect(typedLength(579, 11)).toBe(1);
    expect(typedLength(580, 11)).toBe(2);
    expect(typedLength(500 + 10 * 80, 11)).toBe(11);
    expect(typedLength(60_000, 11)).toBe(11);
    expect(typedLength(60_000, 0)).toBe(0);
  });

  it("waits exactly until the next character is due", () => {
    expect(msUntilNextCharacter(0)).toBe(500);
    expect(msUntilNextCharacter(500)).toBe(80);
    expect(msUntilNextCharacter(530)).toBe(50);
  });
});

describe("latestArticleCard", () => {
  const articles = [
    { id: "old", date: "2023-01-01", url: "https://a.example/old" },
    { id: "new", date: "2024-06-01", url: "https://a.example/new" },
  ];

  it("uses the article named by the settings' latest article URL", () => {
    expect(latestArticleCard(articles, "https://a.example/old")?.id).toBe("old");
    expect(latestArticleCard(articles, " HTTPS://A.EXAMPLE/OLD/ ")?.id).toBe("old");
    expect(latestArticleCard(articles, "http://www.a.example/old#comments")?.id).toBe("old");
  });

  it("falls back to the most recent date when the URL is empty or unknown", () => {
    expect(latestArticleCard(articles, "")?.id).toBe("new");
    expect(latestArticleCard(articles, "https://elsewhere.example/")?.id).toBe("new");
    expect(latestArticleCard([], "https://a.example/old")).toBeNull();
  });

  it("never matches an article whose URL is empty", () => {
    expect(latestArticleCard([{ id: "blank", date: "2020-01-01", url: "" }, ...articles], "")?.id).toBe(
      "new",
    );
  });
});
