import { monthFromName } from "./dates";

/**
 * Experience durations (docs/product.md, Content): the text 'Mon YYYY - Mon YYYY · length' or
 * 'Mon YYYY - Present · length', rebuilt from the editor's month/year controls. `now` is read
 * with UTC getters.
 */

export const MONTH_ABBREVIATIONS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

export const YEAR_CHOICE_COUNT = 20;

export const PRESENT = "Present";

/** The experience editor's controls. Months are indexes into MONTH_ABBREVIATIONS (0 = Jan). */
export type DurationControls = {
  startMonth: number;
  startYear: number;
  endMonth: number;
  endYear: number;
  current: boolean;
};

const PRESENT_WORD = /\b(present|current|now|ongoing)\b/i;

/** The last 20 years, current year first. */
export function yearChoices(now: Date): number[] {
  const year = now.getUTCFullYear();
  return Array.from({ length: YEAR_CHOICE_COUNT }, (_, i) => year - i);
}

function monthYear(month: number, year: number): string {
  if (!Number.isInteger(month) || month < 0 || month > 11)
    throw new RangeError(`Month index out of range: ${month}`);
  return `${MONTH_ABBREVIATIONS[month]} ${year}`;
}

/**
 * '1 mo' for one month or less, 'N mos' under a year, then years with optional months:
 * '1 yr', '2 yrs', '1 yr 1 mo', '2 yrs 3 mos' (LinkedIn's wording; singular for exactly one).
 */
export function formatDurationLength(months: number): string {
  if (months <= 1) return "1 mo";
  if (months < 12) return `${months} mos`;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const yearPart = years === 1 ? "1 yr" : `${years} yrs`;
  if (rest === 0) return yearPart;
  return `${yearPart} ${rest === 1 ? "1 mo" : `${rest} mos`}`;
}

/**
 * The duration text for the editor's controls. Months are counted inclusively, like LinkedIn:
 * Jan 2024 - Mar 2024 is 3 mos, a role that starts and ends in the same month is 1 mo.
 * A current role runs to the month of `now`.
 */
export function formatDuration(controls: DurationControls, now: Date): string {
  const { startMonth, startYear, current } = controls;
  const endMonth = current ? now.getUTCMonth() : controls.endMonth;
  const endYear = current ? now.getUTCFullYear() : controls.endYear;
  const start = monthYear(startMonth, startYear);
  const end = current ? PRESENT : monthYear(endMonth, endYear);
  const months = (endYear - startYear) * 12 + (endMonth - startMonth) + 1;
  return `${start} - ${end} · ${formatDurationLength(months)}`;
}

/** 'Mon YYYY', 'Month YYYY' or 'YYYY' at the start of `side`; a bare year takes `defaultMonth`. */
function parseMonthYear(side: string, defaultMonth: number): { month: number; year: number } | null {
  const withMonth = /^([a-z]+)\.?\s+(\d{4})\b/i.exec(side);
  if (withMonth) {
    const month = monthFromName(withMonth[1] ?? "");
    return month === undefined ? null : { month, year: Number(withMonth[2]) };
  }
  const yearOnly = /^(\d{4})\b/.exec(side);
  return yearOnly ? { month: defaultMonth, year: Number(yearOnly[1]) } : null;
}

/**
 * The editor's controls for a stored duration text; the length after '·' is ignored (it is
 * recomputed). Text that does not split into exactly two parts around ' - '
 * starts in January of the current year and is current. En and em dashes count as ' - '.
 * An unreadable start also starts in January of the current year; an end of 'Present'
 * (or 'current', 'now', 'ongoing') or an unreadable end makes the role current. A bare year
 * means January when it starts the range and December when it ends it ('2019 - 2022').
 * A current role's end controls hold the month of `now`, what unticking 'Currently working
 * here' shows.
 */
export function parseDuration(text: string, now: Date): DurationControls {
  const nowMonth = now.getUTCMonth();
  const nowYear = now.getUTCFullYear();
  const range = (text.split("·")[0] ?? "").trim().replace(/\s+[–—]\s+/g, " - ");
  const parts = range.split(" - ").map((part) => part.trim());
  const asCurrent = { endMonth: nowMonth, endYear: nowYear, current: true };
  if (parts.length !== 2) return { startMonth: 0, startYear: nowYear, ...asCurrent };

  const [startText = "", endText = ""] = parts;
  const start = parseMonthYear(startText, 0) ?? { month: 0, year: nowYear };
  const startControls = { startMonth: start.month, startYear: start.year };
  const end = PRESENT_WORD.test(endText) ? null : parseMonthYear(endText, 11);
  if (!end) return { ...startControls, ...asCurrent };
  return { ...startControls, endMonth: end.month, endYear: end.year, current: false };
}

/**
 * Ticking 'Currently working here' makes the role current (the end controls are disabled and
 * keep their values); unticking sets the end to the current month and year.
 */
export function withCurrent(controls: DurationControls, current: boolean, now: Date): DurationControls {
  if (current) return { ...controls, current: true };
  return { ...controls, endMonth: now.getUTCMonth(), endYear: now.getUTCFullYear(), current: false };
}

/**
 * The latest year a duration text mentions, 'Present' (or 'current', 'now', 'ongoing') counting
 * as the year of `now`; null when it names no year. Works on any free text, including
 * education's '2019 - 2022'.
 */
export function latestDurationYear(text: string, now: Date): number | null {
  const years = [...text.matchAll(/\b(\d{4})\b/g)].map((match) => Number(match[1]));
  if (PRESENT_WORD.test(text)) years.push(now.getUTCFullYear());
  return years.length === 0 ? null : Math.max(...years);
}

/** A new experience's duration: from the current month, ongoing. */
export function newExperienceDuration(now: Date): string {
  return formatDuration(
    {
      startMonth: now.getUTCMonth(),
      startYear: now.getUTCFullYear(),
      endMonth: now.getUTCMonth(),
      endYear: now.getUTCFullYear(),
      current: true,
    },
    now,
  );
}

/** A new education entry's duration: 'YYYY - YYYY' from four years ago to this year. */
export function newEducationDuration(now: Date): string {
  const year = now.getUTCFullYear();
  return `${year - 4} - ${year}`;
}
