import { describe, expect, it } from "vitest";
import type { ImportCandidate } from "../../../domain/back-catalogue";
import { filterCandidates, hidingFilters, shownText } from "./import-filters";

const candidate = (id: number, fields: Partial<ImportCandidate>): ImportCandidate => ({
  id,
  url: `https://news.example/story-number-${id}`,
  status: "ready",
  title: `Story ${id}`,
  outlet: "News",
  date: "2025-02-01",
  description: "",
  image: "",
  author: "",
  error: "",
  articleId: null,
  ...fields,
});

const ALL = [
  candidate(0, { author: "Jane Doe", date: "2025-01-10", title: "Pier closes" }),
  candidate(1, { author: "John Smith, Jane Doe", date: "2025-02-10" }),
  candidate(2, { author: "John Smith", date: "2025-03-10" }),
  candidate(3, { author: "", date: "" }),
  candidate(4, { status: "failed", error: "404" }),
];
const ids = (found: ImportCandidate[]) => found.map((c) => c.id).sort();
const order = (found: ImportCandidate[]) => found.map((c) => c.id);
const none = { byline: "", from: "", to: "", text: "" };

describe("filterCandidates", () => {
  it("keeps the byline's articles, co-written ones, those naming no author, and the unreadable", () => {
    expect(ids(filterCandidates(ALL, { ...none, byline: "jane doe" }))).toEqual([0, 1, 3, 4]);
    expect(ids(filterCandidates(ALL, none))).toEqual([0, 1, 2, 3, 4]);
  });

  it("keeps dates within the range, and drops undated articles once a range is set", () => {
    expect(ids(filterCandidates(ALL, { ...none, from: "2025-02-01" }))).toEqual([1, 2, 4]);
    expect(ids(filterCandidates(ALL, { ...none, from: "2025-01-10", to: "2025-02-10" }))).toEqual([0, 1, 4]);
  });

  it("matches text in the title, outlet, description or address, and then shows only readable articles", () => {
    expect(ids(filterCandidates(ALL, { ...none, text: "PIER" }))).toEqual([0]);
    expect(ids(filterCandidates(ALL, { ...none, text: "story-number-2" }))).toEqual([2]);
  });
});

describe("the review's order and its found-against-shown line", () => {
  it("lists the newest first, undated and unread ones last", () => {
    expect(order(filterCandidates(ALL, none))).toEqual([2, 1, 0, 3, 4]);
  });

  it("says nothing when all are shown, and names the filters that hide some", () => {
    expect(shownText(ALL, 5, none)).toBe("");
    const byline = { ...none, byline: "Jane Doe" };
    expect(shownText(ALL, filterCandidates(ALL, byline).length, byline)).toBe(
      "5 found: 4 shown, 1 hidden by the byline filter.",
    );
    const both = { ...none, byline: "Jane Doe", from: "2025-02-01" };
    expect(hidingFilters(ALL, both)).toEqual(["byline", "date"]);
    expect(shownText(ALL, filterCandidates(ALL, both).length, both)).toBe(
      "5 found: 2 shown, 3 hidden by the byline and date filters.",
    );
  });

  it("says why none is shown when the byline hides them all, and whom they name", () => {
    const others = [candidate(0, { author: "John Smith" }), candidate(1, { author: "Sam Reyes" })];
    const byline = { ...none, byline: "Jane Doe" };
    expect(filterCandidates(others, byline)).toEqual([]);
    expect(shownText(others, 0, byline)).toBe(
      "None of the 2 found is shown: all are hidden by the byline filter (they name John Smith; Sam Reyes).",
    );
  });
});
