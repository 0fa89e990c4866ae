/**
 * Article dates are free text. We read them as calendar dates and represent each one
 * as a Date at 00:00 UTC of that day, and format them with UTC getters, so a date never shifts
 * by a day whatever the server's or browser's time zone is.
 */

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

const DAY_MS = 86_400_000;

/** Month index (0 = January) for a full name or an abbreviation of at least three letters ('Mar', 'Sept'). */
export function monthFromName(word: string): number | undefined {
  const w = word.toLowerCase().replace(/\.$/, "");
  if (w.length < 3) return undefined;
  const index = MONTH_NAMES.findIndex((name) => name.toLowerCase().startsWith(w));
  return index === -1 ? undefined : index;
}

function calendarDate(year: number, month: number, day: number): Date | null {
  if (month < 0 || month > 11 || day < 1) return null;
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCMonth() === month ? date : null;
}

const ISO = /^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?(?:[T ]\S*)?$/;
const YEAR_FIRST_SLASHED = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/;
const NUMERIC = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/;
const YEAR = /^\d{4}$/;
const DAY = /^\d{1,2}$/;
const LEADING_WEEKDAY = /^(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+/i;

/**
 * Reads the date formats that occur in article metadata and returns that calendar day (00:00
 * UTC), or null. Accepted: '2024-03-05' (a time part is ignored: the written day is kept),
 * '2024-03', '2024/03/05', '5 March 2024', '5th Mar. 2024', '5-Mar-2024', 'March 5, 2024',
 * 'Tuesday, 5 March 2024', 'March 2024', '2024' (missing day or month = the 1st / January),
 * and '05/03/2024' or '05.03.2024', read day first (a British owner) unless only month first is
 * a real date. Two-digit years and impossible days ('31 February') give null.
 */
export function parseArticleDate(text: string): Date | null {
  const value = text.trim().replace(/\s+/g, " ");
  if (value === "") return null;

  const iso = ISO.exec(value);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]) - 1, iso[3] === undefined ? 1 : Number(iso[3]));

  const yearFirst = YEAR_FIRST_SLASHED.exec(value);
  if (yearFirst) return calendarDate(Number(yearFirst[1]), Number(yearFirst[2]) - 1, Number(yearFirst[3]));

  const numeric = NUMERIC.exec(value);
  if (numeric) {
    const [a, b, year] = [Number(numeric[1]), Number(numeric[2]), Number(numeric[3])];
    return calendarDate(year, b - 1, a) ?? calendarDate(year, a - 1, b);
  }

  if (YEAR.test(value)) return calendarDate(Number(value), 0, 1);

  const tokens = value
    .replace(LEADING_WEEKDAY, "")
    .replace(/(\d)(st|nd|rd|th)\b/gi, "$1")
    .split(/[\s,-]+/)
    .filter((token) => token !== "");
  return fromWords(tokens);
}

function fromWords(tokens: string[]): Date | null {
  const [first = "", second = "", third = ""] = tokens;
  if (tokens.length === 3 && DAY.test(first) && YEAR.test(third)) {
    const month = monthFromName(second);
    return month === undefined ? null : calendarDate(Number(third), month, Number(first));
  }
  if (tokens.length === 3 && DAY.test(second) && YEAR.test(third)) {
    const month = monthFromName(first);
    return month === undefined ? null : calendarDate(Number(third), month, Number(second));
  }
  if (tokens.length === 2 && YEAR.test(second)) {
    const month = monthFromName(first);
    return month === undefined ? null : calendarDate(Number(second), month, 1);
  }
  return null;
}

/** Milliseconds of the article's calendar day, or null when its date text is not a date. */
export function articleTime(text: string): number | null {
  return parseArticleDate(text)?.getTime() ?? null;
}

/** '5 March 2024' — the portfolio cards' format. */
export function formatDayMonthYear(date: Date): string {
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** 'March 5, 2024' — the article viewer's long US format. */
export function formatLongUs(date: Date): string {
  if (Number.isNaN(date.getTime())) return "";
  return `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** An article's date text in the given format, or the text unchanged when it is not a date. */
export function formatArticleDate(text: string, format: (date: Date) => string = formatDayMonthYear): string {
  const date = parseArticleDate(text);
  return date ? format(date) : text.trim();
}

/** Whose calendar "today" is: UTC (the server, and hydration repeating it) or the device's own zone. */
export type CalendarZone = "UTC" | "local";

/**
 * The calendar day `now` falls on in `zone`, as 00:00 UTC of that day. Read from the Date's own
 * fields rather than Intl: the first Intl.DateTimeFormat on a page loads time-zone data, about
 * 30 ms of a phone's main thread while the page hydrates.
 */
function calendarToday(now: Date, zone: CalendarZone): Date {
  return zone === "UTC"
    ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
    : new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
}

/**
 * The top bar's "today's date in long English form": 'Sunday, 22 November 2026' (British
 * order, like a UK newspaper masthead). Built from our own month and weekday names rather than
 * Intl's 'en-GB' output, whose comma differs between ICU versions and would make the server
 * and browser renderings disagree.
 */
export function formatLongEnglishToday(now: Date, zone: CalendarZone = "UTC"): string {
  const today = calendarToday(now, zone);
  return `${WEEKDAY_NAMES[today.getUTCDay()]}, ${formatDayMonthYear(today)}`;
}

/** 'YYYY-MM-DD' of the day `now` falls on in `zone` (default UTC): new articles' date. */
export function todayIso(now: Date, zone: CalendarZone = "UTC"): string {
  return calendarToday(now, zone).toISOString().slice(0, 10);
}

/** The last millisecond of the calendar day that `date` (00:00 UTC) starts. */
export function endOfDay(date: Date): number {
  return date.getTime() + DAY_MS - 1;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** '3 December' in the year of `now`, '3 December 2025' in any other (UTC days, like every date in Byline). */
export function dayText(iso: string, now: Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.getUTCFullYear() === now.getUTCFullYear()
    ? `${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]}`
    : formatDayMonthYear(date);
}

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** 'just now', '5 minutes ago', '3 hours ago' within a day; the day after that ('3 December'). */
export function whenText(iso: string, now: Date): string {
  const elapsed = now.getTime() - new Date(iso).getTime();
  if (Number.isNaN(elapsed)) return "";
  if (elapsed < MINUTE_MS) return "just now";
  if (elapsed < HOUR_MS) return `${count(Math.floor(elapsed / MINUTE_MS), "minute")} ago`;
  if (elapsed < DAY_MS) return `${count(Math.floor(elapsed / HOUR_MS), "hour")} ago`;
  return dayText(iso, now);
}
