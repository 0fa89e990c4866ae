import { describe, expect, it } from "vitest";
import { sortArticlesByDateDesc, sortEducation, sortExperiences } from "./list-order";

const now = new Date("2026-11-22T04:05:00Z");

describe("sortExperiences", () => {
  const names = (items: { name: string }[]) => items.map((item) => item.name);

  it("puts the latest year first, Present counting as now", () => {
    const items = [
      { name: "old", duration: "Jan 2015 - Jun 2017 · 2 yrs 6 mos" },
      { name: "current", duration: "Mar 2022 - Present · 4 yrs 9 mos" },
      { name: "mid", duration: "Sep 2019 - Feb 2021 · 1 yr 6 mos" },
    ];
    expect(names(sortExperiences(items, now))).toEqual(["current", "mid", "old"]);
  });

  it("uses the latest year in the duration, not the first", () => {
    const items = [
      { name: "started late", duration: "Jan 2020 - Dec 2020" },
      { name: "long", duration: "Jan 2010 - Dec 2023" },
    ];
    expect(names(sortExperiences(items, now))).toEqual(["long", "started late"]);
  });

  it("keeps the stored order for equal years", () => {
    const items = [
      { name: "a", duration: "Jan 2024 - Mar 2024" },
      { name: "b", duration: "Jun 2024 - Dec 2024" },
      { name: "c", duration: "Feb 2024 - Apr 2024" },
      { name: "d", duration: "Jan 2023 - Jan 2024" },
    ];
    expect(names(sortExperiences(items, now))).toEqual(["a", "b", "c", "d"]);
  });

  it("ranks Present with this year's roles, in stored order", () => {
    const items = [
      { name: "ended this year", duration: "Jan 2025 - Feb 2026" },
      { name: "current", duration: "Jan 2025 - Present" },
    ];
    expect(names(sortExperiences(items, now))).toEqual(["ended this year", "current"]);
  });

  it("puts durations without a year last", () => {
    const items = [
      { name: "none", duration: "" },
      { name: "dated", duration: "2012 - 2013" },
      { name: "words", duration: "Summer placement" },
    ];
    expect(names(sortExperiences(items, now))).toEqual(["dated", "none", "words"]);
  });

  it("returns a new array and leaves its input alone", () => {
    const items = [
      { name: "a", duration: "2010" },
      { name: "b", duration: "2020" },
    ];
    const sorted = sortExperiences(items, now);
    expect(sorted).not.toBe(items);
    expect(names(items)).toEqual(["a", "b"]);
  });

  it("defaults now to the clock, so Present outranks past years", () => {
    const items = [
      { name: "past", duration: "Jan 2020 - Dec 2024" },
      { name: "current", duration: "Jan 2019 - Present" },
    ];
    expect(names(sortExperiences(items))).toEqual(["current", "past"]);
  });
});

describe("sortEducation", () => {
  it("orders by institution alphabetically, ignoring case and accents", () => {
    const items = [
      { institution: "university of York" },
      { institution: "École Normale" },
      { institution: "Birkbeck" },
      { institution: "Ealing College" },
    ];
    expect(sortEducation(items).map((item) => item.institution)).toEqual([
      "Birkbeck",
      "Ealing College",
      "École Normale",
      "university of York",
    ]);
  });

  it("keeps equal names in stored order and does not modify its input", () => {
    const items = [
      { institution: "Leeds", id: 1 },
      { institution: "Cardiff", id: 2 },
      { institution: "leeds", id: 3 },
    ];
    expect(sortEducation(items).map((item) => item.id)).toEqual([2, 1, 3]);
    expect(items.map((item) => item.id)).toEqual([1, 2, 3]);
  });
});

describe("sortArticlesByDateDesc", () => {
  it("orders by calendar date across formats, newest first, undated last", () => {
    const items = [
      { id: "undated", date: "" },
      { id: "march", date: "5 March 2024" },
      { id: "iso", date: "2024-06-01" },
      { id: "us", date: "January 2, 2025" },
      { id: "garbage", date: "soon" },
      { id: "year", date: "2023" },
    ];
    expect(sortArticlesByDateDesc(items).map((item) => item.id)).toEqual([
      "us",
      "iso",
      "march",
      "year",
      "undated",
      "garbage",
    ]);
  });

  it("keeps same-day articles in stored order", () => {
    const items = [
      { id: "a", date: "2024-03-05" },
      { id: "b", date: "5 March 2024" },
      { id: "c", date: "March 5, 2024" },
    ];
    expect(sortArticlesByDateDesc(items).map((item) => item.id)).toEqual(["a", "b", "c"]);
  });
});
