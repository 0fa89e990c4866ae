import { hasItemprop } from "./page-index";
import type { PageIndex } from "./page-index";

const DATE_KEYS = [
  "article:published_time",
  "og:article:published_time",
  "article:published",
  "published_time",
  "og:published_time",
  "datepublished",
  "pubdate",
  "publishdate",
  "publish-date",
  "publish_date",
  "parsely-pub-date",
  "sailthru.date",
  "dc.date.issued",
  "dcterms.issued",
  "dcterms.created",
  "dc.date",
  "citation_publication_date",
  "date",
];

/** Publisher-specific meta names for the publication date ("sn-post-date", "publication-date"). */
const CUSTOM_DATE_KEY = /(publish|pub|post|release|creat)\w*[._-]?date|date[._-]?(publish|pub|post|creat)/;

/** Dates shown in the page, most specific first: microdata, <time>, then date-like class names. */
function markupDates(index: PageIndex): string[] {
  const classNames = (e: Element): string => e.getAttribute("class") ?? "";
  return [
    index.microdata.find((e) => hasItemprop(e, "datePublished")),
    index.times.find((e) => e.hasAttribute("pubdate")),
    index.times.find((e) => e.closest("article") !== null),
    index.times[0],
    index.dateClassed.find((e) => classNames(e).includes("publish")),
    index.dateClassed.find((e) => /post-date|pubdate|dateline/.test(classNames(e))),
  ].map((e) => e?.getAttribute("datetime") ?? e?.getAttribute("content") ?? e?.textContent ?? "");
}

const ISO_LIKE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** An ISO 8601 date as written (offset kept, so the publisher's calendar day survives), or "". */
export function isoDate(value: string): string {
  const text = value.trim();
  const iso = ISO_LIKE.exec(text);
  if (iso) {
    const [, day, time, zone] = iso;
    const offset =
      zone && zone.toUpperCase() !== "Z" && !zone.includes(":")
        ? `${zone.slice(0, 3)}:${zone.slice(3)}`
        : zone;
    const normalised = time ? `${day}T${time}${offset?.toUpperCase() ?? ""}` : (day ?? "");
    return Number.isNaN(Date.parse(normalised)) ? "" : normalised;
  }
  return "";
}

const MONTH = "(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?";
/** A full calendar date: numeric (2019/11/19, 19.11.2019) or an English month name next to a day. */
const CALENDAR_DATE = new RegExp(
  `\\b\\d{4}[-/.]\\d{1,2}[-/.]\\d{1,2}\\b|\\b\\d{1,2}[-/.]\\d{1,2}[-/.]\\d{4}\\b|\\b${MONTH}\\s+\\d{1,2}\\b|\\b\\d{1,2}\\s+${MONTH}(\\s|$)`,
  "i",
);

/** Free-form dates ("November 19th, 2019", "2019/11/19") become the calendar day they name. */
export function looseDate(value: string): string {
  const text = value
    .trim()
    .replace(/(\d)(st|nd|rd|th)\b/gi, "$1")
    .replace(/,?\s+at\s+/i, " ")
    .replace(/\b([ap])\.m\.?/gi, "$1m");
  // V8 reads a date into almost anything ("Page 2", "maybe in 2019"): insist on a year and a full date.
  const year = /\b(19|20)\d{2}\b/.exec(text)?.[0];
  if (!year || text.length > 60 || !CALENDAR_DATE.test(text)) return "";
  const parsed = new Date(text);
  if (Number.isNaN(parsed.getTime()) || String(parsed.getFullYear()) !== year) return "";
  const pad = (n: number): string => String(n).padStart(2, "0");
  return `${parsed.getFullYear()}-${pad(parsed.getMonth() + 1)}-${pad(parsed.getDate())}`;
}

/**
 * The publication date: JSON-LD and meta tags first, then dates shown in the markup; within
 * each, a precise ISO timestamp beats a free-form date. ISO 8601 as the page states it, or "".
 */
export function readPublishDate(index: PageIndex, jsonLdDate: string): string {
  const stated = [
    jsonLdDate,
    ...DATE_KEYS.map((key) => index.meta.get(key) ?? ""),
    ...[...index.meta].filter(([key]) => CUSTOM_DATE_KEY.test(key)).map(([, value]) => value),
  ];
  const shown = markupDates(index);
  const first = (values: string[], parse: (value: string) => string): string =>
    values.map(parse).find(Boolean) ?? "";
  return (
    first(stated, isoDate) || first(stated, looseDate) || first(shown, isoDate) || first(shown, looseDate)
  );
}
