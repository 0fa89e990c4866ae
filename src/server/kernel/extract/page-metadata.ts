import { fragmentText } from "./html-fragment";
import type { JsonLdArticle } from "./json-ld";
import { hasItemprop } from "./page-index";
import type { PageIndex } from "./page-index";
import { readPublishDate } from "./publish-date";
import { siteHost } from "../../../domain/site-host";

/** Article metadata from JSON-LD, Open Graph / Twitter / Dublin Core meta tags and the markup. */
export type PageMetadata = {
  title: string;
  author: string;
  /** ISO 8601 as the page states it (date or date-time, offset kept), or "". */
  publishDate: string;
  /** Absolute http(s) URL, or "". */
  image: string;
  description: string;
  /** The outlet as the page names itself (og:site_name, application-name or the JSON-LD publisher), or "". */
  siteName: string;
};

const TITLE_KEYS = ["og:title", "twitter:title", "dc.title"];
export const AUTHOR_KEYS = [
  "author",
  "article:author",
  "parsely-author",
  "sailthru.author",
  "dc.creator",
  "byl",
];
const IMAGE_KEYS = [
  "og:image",
  "og:image:url",
  "og:image:secure_url",
  "twitter:image",
  "twitter:image:src",
  "image",
];
const DESCRIPTION_KEYS = ["description", "og:description", "twitter:description", "dc.description"];
const OUTLET_KEYS = ["og:site_name", "application-name"];
/** Names a title may end with; a Twitter handle is one, but never the outlet's display name. */
const SITE_NAME_KEYS = [...OUTLET_KEYS, "twitter:site"];

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
  const host = siteHost(url);
  return host ? [host, host.split(".")[0] ?? ""] : [];
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

export function baseUrl(index: PageIndex, pageUrl: string | undefined): string | undefined {
  if (!index.baseHref) return pageUrl;
  return resolveHttpUrl(index.baseHref, pageUrl) || pageUrl;
}

function markupAuthor(index: PageIndex): string {
  const element = index.microdata.find((e) => hasItemprop(e, "author")) ?? index.authorLinks[0];
  const name = element && index.microdata.find((e) => hasItemprop(e, "name") && element.contains(e));
  const source = name ?? element;
  return source?.getAttribute("content") ?? source?.textContent ?? "";
}

function firstValid(candidates: string[], clean: (value: string) => string): string {
  for (const candidate of candidates) {
    const value = clean(candidate);
    if (value) return value;
  }
  return "";
}

export function readPageMetadata(
  index: PageIndex,
  jsonLd: JsonLdArticle | null,
  pageUrl?: string,
): PageMetadata {
  const { meta } = index;
  const siteNames = [...SITE_NAME_KEYS.map((k) => meta.get(k) ?? ""), ...hostNames(pageUrl)].filter(Boolean);
  const base = baseUrl(index, pageUrl);
  const headline = withoutSiteName(jsonLd?.headline ?? "", siteNames);
  const metaTitle = withoutSiteName(fragmentText(firstOf(meta, TITLE_KEYS)), siteNames);

  return {
    title: headline && !(isTruncated(headline) && metaTitle) ? headline : metaTitle,
    author: firstValid(
      [
        (jsonLd?.authors ?? []).map(cleanAuthor).filter(Boolean).join(", "),
        ...AUTHOR_KEYS.map((k) => meta.get(k) ?? ""),
        markupAuthor(index),
      ],
      cleanAuthor,
    ),
    publishDate: readPublishDate(index, jsonLd?.datePublished ?? ""),
    image: firstValid(
      [jsonLd?.image ?? "", ...IMAGE_KEYS.map((k) => meta.get(k) ?? ""), index.links.get("image_src") ?? ""],
      (value) => resolveHttpUrl(value, base),
    ),
    description: fragmentText(firstOf(meta, DESCRIPTION_KEYS) || (jsonLd?.description ?? "")),
    siteName: fragmentText(firstOf(meta, OUTLET_KEYS) || (jsonLd?.publisher ?? "")),
  };
}
