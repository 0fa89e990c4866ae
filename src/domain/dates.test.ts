import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  articleTime,
  endOfDay,
  formatArticleDate,
  formatDayMonthYear,
  formatLongEnglishToday,
  formatLongUs,
  monthFromName,
  parseArticleDate,
  todayIso,
} from "./dates";

const iso = (text: string) => parseArticleDate(text)?.toISOString().slice(0, 10) ?? null;

describe("parseArticleDate", () => {
  it.each([
    ["2024-03-05", "2024-03-05"],
    ["2024-3-5", "2024-03-05"],
    ["2024-03-05T23:30:00-05:00", "2024-03-05"],
    ["2024-03-05T00:30:00+14:00", "2024-03-05"],
    ["2024-03-05 10:00", "2024-03-05"],
    ["2024-03", "2024-03-01"],
    ["2024/03/05", "2024-03-05"],
    ["5 March 2024", "2024-03-05"],
    ["05 March 2024", "2024-03-05"],
    ["5 Mar 2024", "2024-03-05"],
    ["5 Mar. 2024", "2024-03-05"],
    ["5th March 2024", "2024-03-05"],
    ["1st Sept 2023", "2023-09-01"],
    ["5-Mar-2024", "2024-03-05"],
    ["5 March, 2024", "2024-03-05"],
    ["March 5, 2024", "2024-03-05"],
    ["March 5 2024", "2024-03-05"],
    ["Mar 22nd, 2024", "2024-03-22"],
    ["Tuesday, 5 March 2024", "2024-03-05"],
    ["Tue 5 March 2024", "2024-03-05"],
    ["Tuesday, March 5, 2024", "2024-03-05"],
    ["march 5, 2024", "2024-03-05"],
    ["  5   March   2024 ", "2024-03-05"],
    ["March 2024", "2024-03-01"],
    ["Mar 2024", "2024-03-01"],
    ["2024", "2024-01-01"],
    ["29 February 2024", "2024-02-29"],
    ["31 December 1999", "1999-12-31"],
  ])("reads %j as %s", (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it("reads numeric dates day first, like the British owner writes them", () => {
    expect(iso("05/03/2024")).toBe("2024-03-05");
    expect(iso("5.3.2024")).toBe("2024-03-05");
  });

  it("reads a numeric date month first only when day first is impossible", () => {
    expect(iso("03/25/2024")).toBe("2024-03-25");
  });

  it.each([
    "",
    "   ",
    "yesterday",
    "31 February 2024",
    "29 February 2023",
    "2024-13-01",
    "2024-02-30",
    "0 March 2024",
    "32 March 2024",
    "5 Ma 2024",
    "5 Smarch 2024",
    "5 March 24",
    "13/13/2024",
    "March",
    "5 March",
    "Published 5 March 2024 by someone",
  ])("gives null for %j", (text) => {
    expect(parseArticleDate(text)).toBeNull();
  });

  it("returns midnight UTC of the calendar day", () => {
    expect(parseArticleDate("5 March 2024")?.getTime()).toBe(Date.UTC(2024, 2, 5));
  });
});

describe("monthFromName", () => {
  it("knows full names and abbreviations of three letters or more", () => {
    expect(monthFromName("January")).toBe(0);
    expect(monthFromName("sept")).toBe(8);
    expect(monthFromName("Dec.")).toBe(11);
    expect(monthFromName("Ju")).toBeUndefined();
    expect(monthFromName("Mayday")).toBeUndefined();
  });
});

describe("articleTime", () => {
  it("is the day's UTC milliseconds, or null", () => {
    expect(articleTime("2024-03-05")).toBe(Date.UTC(2024, 2, 5));
    expect(articleTime("soon")).toBeNull();
  });
});

describe("formatting", () => {
  const date = new Date(Date.UTC(2024, 2, 5));

  it("formats 'D Month YYYY' and the long US form from the calendar day", () => {
    expect(formatDayMonthYear(date)).toBe("5 March 2024");
    expect(formatLongUs(date)).toBe("March 5, 2024");
    expect(formatDayMonthYear(new Date(Date.UTC(2023, 11, 31)))).toBe("31 December 2023");
  });

  it("formats an invalid Date as empty text", () => {
    expect(formatDayMonthYear(new Date(Number.NaN))).toBe("");
    expect(formatLongUs(new Date(Number.NaN))).toBe("");
  });

  it("formats article date text, keeping text that is not a date", () => {
    expect(formatArticleDate("2024-03-05")).toBe("5 March 2024");
    expect(formatArticleDate("5 Mar 2024", formatLongUs)).toBe("March 5, 2024");
    expect(formatArticleDate(" Spring 2024 ")).toBe("Spring 2024");
  });

  it("round-trips its own formats", () => {
    expect(formatDayMonthYear(parseArticleDate(formatLongUs(date)) ?? new Date(0))).toBe("5 March 2024");
    expect(parseArticleDate(formatDayMonthYear(date))?.getTime()).toBe(date.getTime());
  });
});

describe("today", () => {
  const now = new Date("2026-11-22T04:05:00Z");

  it("gives the top bar's long English date", () => {
    expect(formatLongEnglishToday(now)).toBe("Sunday, 22 November 2026");
    expect(formatLongEnglishToday(new Date("2024-02-29T12:00:00Z"))).toBe("Thursday, 29 February 2024");
  });

  describe("on a device in another time zone", () => {
    const original = process.env.TZ;
    afterAll(() => {
      process.env.TZ = original;
    });

    it("uses the device's calendar day when asked for local time", () => {
      process.env.TZ = "America/Los_Angeles";
      expect(formatLongEnglishToday(now, "local")).toBe("Saturday, 21 November 2026");
      expect(todayIso(now, "local")).toBe("2026-11-21");
      expect(todayIso(now)).toBe("2026-11-22");
      process.env.TZ = "Europe/Berlin";
      expect(todayIso(new Date("2026-12-31T23:30:00Z"), "local")).toBe("2027-01-01");
    });
  });

  it("gives today as YYYY-MM-DD, in UTC by default", () => {
    expect(todayIso(now)).toBe("2026-11-22");
    expect(todayIso(new Date("2026-01-01T00:00:00Z"))).toBe("2026-01-01");
  });
});

describe("endOfDay", () => {
  it("is the last millisecond of the day", () => {
    expect(endOfDay(new Date(Date.UTC(2024, 2, 5)))).toBe(Date.UTC(2024, 2, 6) - 1);
  });
});

describe.each(["Pacific/Kiritimati", "Pacific/Pago_Pago"])("in the %s time zone", (zone) => {
  const original = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    process.env.TZ = original;
  });

  it("keeps every calendar day as written", () => {
    expect(new Date(2024, 0, 1).getTimezoneOffset()).not.toBe(0);
    expect(parseArticleDate("5 March 2024")?.getTime()).toBe(Date.UTC(2024, 2, 5));
    expect(formatArticleDate("2024-03-05")).toBe("5 March 2024");
    expect(formatArticleDate("1 January 2024", formatLongUs)).toBe("January 1, 2024");
    expect(todayIso(new Date("2026-11-22T23:30:00Z"))).toBe("2026-11-22");
  });
});
