import { describe, expect, it } from "vitest";
import { ARTICLE_LIMITS } from "./article-limits";
import {
  capContent,
  cutExcerpt,
  isHeadingLine,
  MAX_READER_PARAGRAPHS,
  MIN_PARAGRAPH_CHARS,
  toReaderParagraphs,
} from "./reader-paragraphs";

const body = (n: number): string => `Paragraph ${n} tells the reader something worth knowing.`;

describe("toReaderParagraphs", () => {
  it("keeps paragraphs longer than 20 characters and drops the rest", () => {
    const exactly20 = "a".repeat(MIN_PARAGRAPH_CHARS);
    const just21 = "b".repeat(MIN_PARAGRAPH_CHARS + 1);
    expect(toReaderParagraphs(`${exactly20}\n\n${just21}\n\nshort one`)).toEqual([
      { text: just21, heading: false },
    ]);
  });

  it("shows at most 50 paragraphs, in order", () => {
    const content = Array.from({ length: 60 }, (_, i) => body(i + 1)).join("\n\n");
    const paragraphs = toReaderParagraphs(content);
    expect(paragraphs).toHaveLength(MAX_READER_PARAGRAPHS);
    expect(paragraphs[0]?.text).toBe(body(1));
    expect(paragraphs.at(-1)?.text).toBe(body(50));
  });

  it("falls back to the whole text when no paragraph qualifies and the text is over 100 characters", () => {
    const lines = Array.from({ length: 12 }, (_, i) => `item ${i} ok`);
    const content = lines.join("\n\n");
    expect(content.length).toBeGreaterThan(100);
    expect(toReaderParagraphs(content)).toEqual([{ text: lines.join(" "), heading: false }]);
  });

  it("returns nothing when no paragraph qualifies and the text is 100 characters or less", () => {
    const content = Array.from({ length: 8 }, (_, i) => `item ${i} ok`).join("\n\n");
    expect(content.length).toBeLessThanOrEqual(100);
    expect(toReaderParagraphs(content)).toEqual([]);
    expect(toReaderParagraphs("")).toEqual([]);
  });

  it("marks short all-caps and Title Case lines as sub-headings, even under 20 characters", () => {
    const content = ["THE VERDICT", body(1), "What Comes Next", body(2)].join("\n\n");
    expect(toReaderParagraphs(content)).toEqual([
      { text: "THE VERDICT", heading: true },
      { text: body(1), heading: false },
      { text: "What Comes Next", heading: true },
      { text: body(2), heading: false },
    ]);
  });

  it("drops headings with no paragraph under them and keeps only the last of a run", () => {
    const content = ["SHARE", "Related Coverage", "In Depth", body(1), "ADVERTISEMENT"].join("\n\n");
    expect(toReaderParagraphs(content)).toEqual([
      { text: "In Depth", heading: true },
      { text: body(1), heading: false },
    ]);
  });

  it("keeps heading-like lines over 20 characters even with no paragraph after them", () => {
    const content = [body(1), "Apple AirPods Pro for $235", "Nintendo Switch Lite for $200"].join("\n\n");
    expect(toReaderParagraphs(content)).toEqual([
      { text: body(1), heading: false },
      { text: "Apple AirPods Pro for $235", heading: true },
      { text: "Nintendo Switch Lite for $200", heading: true },
    ]);
  });

  it("does not end on a heading cut off by the cap", () => {
    const parts = Array.from({ length: 49 }, (_, i) => body(i + 1));
    const content = [...parts, "Next Chapter", body(50)].join("\n\n");
    const paragraphs = toReaderParagraphs(content);
    expect(paragraphs).toHaveLength(49);
    expect(paragraphs.at(-1)).toEqual({ text: body(49), heading: false });
  });

  it("tidies whitespace but keeps line breaks inside a paragraph", () => {
    expect(toReaderParagraphs("  Roses are red,   \n  violets are blue  \n\n")).toEqual([
      { text: "Roses are red,\nviolets are blue", heading: false },
    ]);
  });
});

describe("isHeadingLine", () => {
  it.each([
    "BREAKING NEWS",
    "How It Works",
    "The Rise and Fall of the Empire",
    "Q&A: What We Know",
    "2020 In Review",
  ])("treats %j as a heading", (line) => expect(isHeadingLine(line)).toBe(true));

  it.each([
    "The court ruled on Tuesday.",
    "this is a plain short line",
    "— Jane Doe (@jane) November 18, 2019",
    "“Quoted Words Here”",
    "40 Casey Mears 1 0 0 0 0",
    "A".repeat(81),
    "First Line\nSecond Line",
  ])("does not treat %j as a heading", (line) => expect(isHeadingLine(line)).toBe(false));
});

describe("cutExcerpt", () => {
  it("leaves text of 300 characters or less alone (whitespace tidied)", () => {
    const text = "word ".repeat(60).trim();
    expect(text.length).toBe(299);
    expect(cutExcerpt(`  ${text}\n`)).toBe(text);
  });

  it("cuts longer text on a word boundary and ends with an ellipsis, within 300 characters", () => {
    const text = Array.from({ length: 80 }, (_, i) => `word${i}`).join(" ");
    const excerpt = cutExcerpt(text);
    expect(excerpt.length).toBeLessThanOrEqual(300);
    expect(excerpt.endsWith("…")).toBe(true);
    const kept = excerpt.slice(0, -1);
    expect(text.startsWith(kept)).toBe(true);
    expect(text[kept.length]).toBe(" ");
  });

  it("drops trailing punctuation before the ellipsis and honours a custom limit", () => {
    expect(cutExcerpt("Alpha beta, gamma delta epsilon", 14)).toBe("Alpha beta…");
  });

  it("cuts a single overlong word hard", () => {
    const excerpt = cutExcerpt("x".repeat(400));
    expect(excerpt).toBe(`${"x".repeat(299)}…`);
  });
});

describe("capContent", () => {
  it("keeps text an article may hold as it is", () => {
    const text = "a".repeat(ARTICLE_LIMITS.content);
    expect(capContent(text)).toBe(text);
  });

  it("cuts longer text at the last paragraph break that fits, or at the limit when there is none", () => {
    const paragraph = "b".repeat(999);
    const paragraphs = Array.from({ length: 300 }, () => paragraph).join("\n\n");
    const capped = capContent(paragraphs);
    expect(capped.length).toBeLessThanOrEqual(ARTICLE_LIMITS.content);
    expect(capped.split("\n\n").every((p) => p === paragraph)).toBe(true);
    expect(capped.split("\n\n")).toHaveLength(Math.floor((ARTICLE_LIMITS.content + 2) / 1001));
    expect(capContent("c".repeat(ARTICLE_LIMITS.content * 3))).toBe("c".repeat(ARTICLE_LIMITS.content));
  });
});
