import { describe, expect, it } from "vitest";
import {
  formatDuration,
  formatDurationLength,
  latestDurationYear,
  MONTH_ABBREVIATIONS,
  newEducationDuration,
  newExperienceDuration,
  parseDuration,
  withCurrent,
  yearChoices,
  type DurationControls,
} from "./durations";

const now = new Date("2026-11-22T04:05:00Z");

const controls = (overrides: Partial<DurationControls>): DurationControls => ({
  startMonth: 0,
  startYear: 2024,
  endMonth: 2,
  endYear: 2024,
  current: false,
  ...overrides,
});

describe("MONTH_ABBREVIATIONS", () => {
  it("lists Jan to Dec", () => {
    expect(MONTH_ABBREVIATIONS.join(" ")).toBe("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec");
  });
});

describe("yearChoices", () => {
  it("offers the last 20 years, current year first", () => {
    const years = yearChoices(now);
    expect(years).toHaveLength(20);
    expect(years[0]).toBe(2026);
    expect(years[19]).toBe(2007);
    expect(years).toEqual([...years].sort((a, b) => b - a));
  });

  it("uses the UTC year", () => {
    expect(yearChoices(new Date("2026-12-31T23:59:59Z"))[0]).toBe(2026);
    expect(yearChoices(new Date("2027-01-01T00:00:00Z"))[0]).toBe(2027);
  });
});

describe("formatDurationLength", () => {
  it.each([
    [-5, "1 mo"],
    [0, "1 mo"],
    [1, "1 mo"],
    [2, "2 mos"],
    [11, "11 mos"],
    [12, "1 yr"],
    [13, "1 yr 1 mo"],
    [14, "1 yr 2 mos"],
    [24, "2 yrs"],
    [25, "2 yrs 1 mo"],
    [27, "2 yrs 3 mos"],
    [120, "10 yrs"],
  ])("%i months reads %j", (months, label) => {
    expect(formatDurationLength(months)).toBe(label);
  });
});

describe("formatDuration", () => {
  it("counts months inclusively: Jan to Mar is 3 mos", () => {
    expect(formatDuration(controls({}), now)).toBe("Jan 2024 - Mar 2024 · 3 mos");
  });

  it("gives 1 mo for a role within one month", () => {
    expect(formatDuration(controls({ startMonth: 4, endMonth: 4 }), now)).toBe("May 2024 - May 2024 · 1 mo");
  });

  it("gives 1 mo when the end is before the start", () => {
    expect(formatDuration(controls({ startYear: 2025, endYear: 2024 }), now)).toBe(
      "Jan 2025 - Mar 2024 · 1 mo",
    );
  });

  it("switches to years at twelve months", () => {
    expect(formatDuration(controls({ endMonth: 11 }), now)).toBe("Jan 2024 - Dec 2024 · 1 yr");
    expect(formatDuration(controls({ endMonth: 0, endYear: 2025 }), now)).toBe(
      "Jan 2024 - Jan 2025 · 1 yr 1 mo",
    );
    expect(
      formatDuration(controls({ startMonth: 8, startYear: 2021, endMonth: 10, endYear: 2023 }), now),
    ).toBe("Sep 2021 - Nov 2023 · 2 yrs 3 mos");
  });

  it("runs a current role to the month of now and says Present", () => {
    expect(
      formatDuration(
        controls({ startMonth: 8, startYear: 2026, endMonth: 0, endYear: 2010, current: true }),
        now,
      ),
    ).toBe("Sep 2026 - Present · 3 mos");
    expect(formatDuration(controls({ startMonth: 10, startYear: 2024, current: true }), now)).toBe(
      "Nov 2024 - Present · 2 yrs 1 mo",
    );
  });

  it("rejects month indexes outside 0 to 11", () => {
    expect(() => formatDuration(controls({ startMonth: 12 }), now)).toThrow(RangeError);
    expect(() => formatDuration(controls({ endMonth: -1 }), now)).toThrow(RangeError);
    expect(() => formatDuration(controls({ startMonth: 1.5 }), now)).toThrow(RangeError);
  });

  it("does not check end month of a current role, which the editor disables", () => {
    expect(formatDuration(controls({ endMonth: 99, current: true }), now)).toBe(
      "Jan 2024 - Present · 2 yrs 11 mos",
    );
  });
});

describe("parseDuration", () => {
  const currentDefault = { startMonth: 0, startYear: 2026, endMonth: 10, endYear: 2026, current: true };

  it("reads a closed range and ignores the length", () => {
    expect(parseDuration("Sep 2021 - Nov 2023 · 2 yrs 3 mos", now)).toEqual({
      startMonth: 8,
      startYear: 2021,
      endMonth: 10,
      endYear: 2023,
      current: false,
    });
  });

  it("reads Present as current, with the end controls on the month of now", () => {
    expect(parseDuration("Mar 2022 - Present · 4 yrs 9 mos", now)).toEqual({
      startMonth: 2,
      startYear: 2022,
      endMonth: 10,
      endYear: 2026,
      current: true,
    });
    expect(parseDuration("Mar 2022 - present", now).current).toBe(true);
  });

  it.each([
    "",
    "Freelance",
    "Jan 2020",
    "Jan 2020 to Mar 2021",
    "Jan 2020-Mar 2021",
    "Jan 2020 - Mar 2021 - Jun 2022",
  ])("defaults %j to January of this year, current", (text) => {
    expect(parseDuration(text, now)).toEqual(currentDefault);
  });

  it("accepts full month names and en or em dashes", () => {
    expect(parseDuration("September 2021 – November 2023", now)).toMatchObject({
      startMonth: 8,
      endMonth: 10,
      current: false,
    });
    expect(parseDuration("Sept 2021 — Present", now)).toMatchObject({
      startMonth: 8,
      startYear: 2021,
      current: true,
    });
  });

  it("reads bare years as January at the start and December at the end", () => {
    expect(parseDuration("2019 - 2022", now)).toEqual({
      startMonth: 0,
      startYear: 2019,
      endMonth: 11,
      endYear: 2022,
      current: false,
    });
  });

  it("starts an unreadable start in January of this year and makes an unreadable end current", () => {
    expect(parseDuration("Someday - Mar 2021", now)).toEqual({
      startMonth: 0,
      startYear: 2026,
      endMonth: 2,
      endYear: 2021,
      current: false,
    });
    expect(parseDuration("Mar 2021 - later", now)).toEqual({
      startMonth: 2,
      startYear: 2021,
      endMonth: 10,
      endYear: 2026,
      current: true,
    });
    expect(parseDuration("Smarch 2021 - Mar 2022", now)).toMatchObject({ startMonth: 0, startYear: 2026 });
  });

  it("reads a range whose length lacks the middle dot", () => {
    expect(parseDuration("Jan 2020 - Mar 2021 1 yr 3 mos", now)).toMatchObject({
      endMonth: 2,
      endYear: 2021,
      current: false,
    });
  });

  it("round-trips formatDuration", () => {
    for (const value of [
      controls({}),
      controls({ startMonth: 11, startYear: 2007, endMonth: 0, endYear: 2026 }),
      controls({ startMonth: 5, startYear: 2025, endMonth: 10, endYear: 2026, current: true }),
    ]) {
      expect(parseDuration(formatDuration(value, now), now)).toEqual(value);
    }
  });
});

describe("withCurrent", () => {
  const closed = controls({ startMonth: 3, startYear: 2020, endMonth: 5, endYear: 2021 });

  it("ticking keeps the disabled end controls", () => {
    expect(withCurrent(closed, true, now)).toEqual({ ...closed, current: true });
  });

  it("unticking sets the end to the current month and year", () => {
    expect(withCurrent({ ...closed, current: true }, false, now)).toEqual({
      ...closed,
      endMonth: 10,
      endYear: 2026,
      current: false,
    });
  });

  it("does not modify its input", () => {
    const input = { ...closed };
    withCurrent(input, true, now);
    expect(input).toEqual(closed);
  });
});

describe("latestDurationYear", () => {
  it.each([
    ["Jan 2019 - Mar 2021 · 2 yrs 3 mos", 2021],
    ["Mar 2018 - Present · 8 yrs", 2026],
    ["2019 - 2022", 2022],
    ["2022 - 2019", 2022],
    ["Since 2015, ongoing", 2026],
    ["2030 - Present", 2030],
    ["Summer term", null],
    ["", null],
    ["12345 - 99", null],
  ])("%j → %s", (text, year) => {
    expect(latestDurationYear(text, now)).toBe(year);
  });
});

describe("new item durations", () => {
  it("starts a new experience this month, ongoing", () => {
    expect(newExperienceDuration(now)).toBe("Nov 2026 - Present · 1 mo");
    expect(parseDuration(newExperienceDuration(now), now)).toEqual({
      startMonth: 10,
      startYear: 2026,
      endMonth: 10,
      endYear: 2026,
      current: true,
    });
  });

  it("spans a new education entry from four years ago to this year", () => {
    expect(newEducationDuration(now)).toBe("2022 - 2026");
    expect(newEducationDuration(new Date("2030-01-01T00:00:00Z"))).toBe("2026 - 2030");
  });
});
