import { fragmentText } from "./html-fragment";
import type { JsonLdArticle } from "./json-ld";

/** Article metadata from JSON-LD, Open Graph / Twitter / Dublin Core meta tags and the markup. */
export type PageMetadata = {
  title: string;
  author: string;
  /** ISO 8601 as the page states it (date or date-time, offset kept), or "". */
  publishDate: string;
  /** Absolute http(s) URL, or "". */
  image: string;
  description: string;
};

const TITLE_KEYS = ["og:title", "twitter:title", "dc.title"];
const AUTHOR_KEYS = ["author", "article:author", "parsely-author", "sailthru.author", "dc.creator", "byl"];
const DATE_KEYS = [
  "article:published_time", "og:article:published_time", "article:published", "published_time", "og:published_time",
  "datepublished", "pubdate", "publishdate", "publish-date", "publish_date", "parsely-pub-date", "sailthru.date",
  "dc.date.issued", "dcterms.issued", "dcterms.created", "dc.date", "citation_publication_date", "date",
];
const IMAGE_KEYS = ["og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src", "image"];
const DESCRIPTION_KEYS = ["description", "og:description", "twitter:description", "dc.description"];
const SITE_NAME_KEYS = ["og:site_name", "application-name", "twitter:site"];

/** All `<meta>` values by lower-cased property / name / itemprop; the first occurrence wins. */
function metaValues(document: Document): Map<string, string> {
  const values = new Map<string, string>();
  for (const meta of document.querySelectorAll("meta")) {
    const content = (meta.getAttribute("content") ?? "").trim();
    if (!content) continue;
    for (const attribute of ["property", "name", "itemprop"]) {
      const key = (meta.getAttribute(attribute) ?? "").trim().toLowerCase();
      if (key && !values.has(key)) values.set(key, content);
    }
  }
  return values;
}

function firstOf(values: Map<string, string>, keys: string[]): string {
  for (const key of keys) {
    const value = values.get(key);
    if (value) return value;
  }
  return "";
}

function letters(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Drops a trailing " | Site Name" (or " - ", " – ", " — ") when it names the site or its host. */
function withoutSiteName(title: string, siteNames: string[]): string {
  const match = /^(.{10,}?)\s+[|\-–—]\s+([^|\-–—]+)$/.exec(title);
  if (!match?.[1] || !match[2]) return title;
  const tail = letters(match[2]);
  return siteNames.some((name) => letters(name) === tail) ? match[1].trim() : title;
}

function hostNames(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const host = new URL(url).hostname.replace(/^www\./, "");
    return [host, host.split(".")[0] ?? ""];
  } catch {
    return [];
  }
}

function isTruncated(text: string): boolean {
  return /(\.\.\.|…)$/.test(text);
}

export function cleanAuthor(value: string): string {
  const text = (fragmentText(value).split(/\s+\|\s+/)[0] ?? "")
    .replace(/^(written\s+)?by\s*:?\s+/i, "")
    .replace(/\s*[|,]\s*$/, "")
    .trim();
  if (text.length < 2 || text.length > 100 || /^https?:\/\//i.test(text) || !/\p{L}/u.test(text)) return "";
  return text;
}

const ISO_LIKE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** An ISO 8601 date as written (offset kept, so the publisher's calendar day survives), or "". */
export function isoDate(value: string): string {
  const text = value.trim();
  const iso = ISO_LIKE.exec(text);
  if (iso) {
    const [, day, time, zone] = iso;
    const offset = zone && zone.toUpperCase() !== "Z" && !zone.includes(":") ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
    const normalised = time ? `${day}T${time}${offset?.toUpperCase() ?? ""}` : (day ?? "");
    return Number.isNaN(Date.parse(normalised)) ? "" : normalised;
  }
  return "";
}

/** Free-form dates ("November 19, 2019", "2019/11/19") become the calendar day they name. */
export function looseDate(value: string): string {
  const text = value.trim().replace(/,?\s+at\s+/i, " ");
  // Bare numbers ("2019", epoch seconds) are too ambiguous to be a publication date.
  if (/^\d+$/.test(text)) return "";
  const parsed = new Date(text);
  if (Number.isNaN(parsed.getTime())) return "";
  const pad = (n: number): string => String(n).padStart(2, "0");
  return `${parsed.getFullYear()}-${pad(parsed.getMonth() + 1)}-${pad(parsed.getDate())}`;
}

/** Resolves against the page (and its `<base href>`); only absolute http(s) results count. */
export function resolveHttpUrl(value: string, base: string | undefined): string {
  if (!value.trim()) return "";
  try {
    const url = base ? new URL(value.trim(), base) : new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : "";
  } catch {
    return "";
  }
}

function baseUrl(document: Document, pageUrl: string | undefined): string | undefined {
  const href = document.querySelector("base[href]")?.getAttribute("href");
  if (!href) return pageUrl;
  return resolveHttpUrl(href, pageUrl) || pageUrl;
}

/** Publisher-specific meta names for the publication date ("sn-post-date", "article.published"). */
const CUSTOM_DATE_KEY = /(publish|pub|post|release|creat)\w*[._-]?date|date[._-]?(publish|pub|post|creat)/;

const DATE_ELEMENTS = [
  "[itemprop~='datePublished']",
  "time[pubdate]",
  "article time[datetime]",
  "time[datetime]",
  "[class*='publish'][class*='date']",
  "[class*='post-date'], [class*='pubdate'], [class*='dateline']",
];

function markupDates(document: Document): string[] {
  return DATE_ELEMENTS.map((selector) => {
    const element = document.querySelector(selector);
    return element?.getAttribute("datetime") ?? element?.getAttribute("content") ?? element?.textContent ?? "";
  });
}

function markupAuthor(document: Document): string {
  const element = document.querySelector("[itemprop~='author'] [itemprop~='name'], [itemprop~='author'], a[rel~='author']");
  return element?.getAttribute("content") ?? element?.textContent ?? "";
}

function firstValid(candidates: string[], clean: (value: string) => string): string {
  for (const candidate of candidates) {
    const value = clean(candidate);
    if (value) return value;
  }
  return "";
}

export function readPageMetadata(document: Document, jsonLd: JsonLdArticle | null, pageUrl?: string): PageMetadata {
  const meta = metaValues(document);
  const siteNames = [...SITE_NAME_KEYS.map((k) => meta.get(k) ?? ""), ...hostNames(pageUrl)].filter(Boolean);
  const base = baseUrl(document, pageUrl);
  const headline = withoutSiteName(jsonLd?.headline ?? "", siteNames);
  const metaTitle = withoutSiteName(fragmentText(firstOf(meta, TITLE_KEYS)), siteNames);
  const statedDates = [
    jsonLd?.datePublished ?? "",
    ...DATE_KEYS.map((k) => meta.get(k) ?? ""),
    ...[...meta].filter(([key]) => CUSTOM_DATE_KEY.test(key)).map(([, value]) => value),
  ];
  const shownDates = markupDates(document);

  return {
    title: headline && !(isTruncated(headline) && metaTitle) ? headline : metaTitle,
    author: firstValid(
      [(jsonLd?.authors ?? []).map(cleanAuthor).filter(Boolean).join(", "), ...AUTHOR_KEYS.map((k) => meta.get(k) ?? ""), markupAuthor(document)],
      cleanAuthor,
    ),
    // Metadata beats dates shown in the page; within each, a precise ISO timestamp beats a free-form date.
    publishDate:
      firstValid(statedDates, isoDate) ||
      firstValid(statedDates, looseDate) ||
      firstValid(shownDates, isoDate) ||
      firstValid(shownDates, looseDate),
    image: firstValid(
      [
        jsonLd?.image ?? "",
        ...IMAGE_KEYS.map((k) => meta.get(k) ?? ""),
        document.querySelector("link[rel~='image_src']")?.getAttribute("href") ?? "",
      ],
      (value) => resolveHttpUrl(value, base),
    ),
    description: fragmentText(firstOf(meta, DESCRIPTION_KEYS) || (jsonLd?.description ?? "")),
  };
}
