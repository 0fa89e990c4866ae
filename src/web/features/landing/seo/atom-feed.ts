import type { Article, Site } from "../../../../domain/content";
import { parseArticleDate } from "../../../../domain/dates";
import { isHttpUrl } from "../../../../domain/safe-url";
import { articleViewUrl } from "./urls";
import { escapeXml } from "./xml";

type FeedArticle = Pick<
  Article,
  "id" | "title" | "outlet" | "url" | "date" | "description" | "tags" | "updatedAt" | "gone"
>;

export const ATOM_CONTENT_TYPE = "application/atom+xml; charset=utf-8";
const FEED_MAX_ENTRIES = 50;

function rfc3339(value: string | undefined, fallback: string): string {
  const time = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? fallback : new Date(time).toISOString();
}

/**
 * An Atom 1.0 feed of the owner's articles, newest first (at most 50). Each entry links to the
 * original publication; `published` is the article's own date, `updated` when it was last saved.
 */
export function atomFeed(
  site: Pick<Site, "name" | "strapline" | "hero">,
  articles: readonly FeedArticle[],
  origin: string,
): string {
  const home = `${origin}/`;
  const epoch = new Date(0).toISOString();
  const entries = articles.slice(0, FEED_MAX_ENTRIES);
  const feedUpdated = entries.reduce((latest, a) => {
    const t = rfc3339(a.updatedAt, epoch);
    return t > latest ? t : latest;
  }, epoch);
  const subtitle = site.strapline || site.hero.tagline;

  const lines = [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom">`,
    `  <title>${escapeXml(`${site.name}: articles`)}</title>`,
    ...(subtitle ? [`  <subtitle>${escapeXml(subtitle)}</subtitle>`] : []),
    `  <id>${escapeXml(home)}</id>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(home)}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${origin}/feed.xml`)}"/>`,
    `  <updated>${feedUpdated}</updated>`,
    `  <author><name>${escapeXml(site.name)}</name></author>`,
  ];
  for (const article of entries) {
    // A gone original is not linked: the archived text on this site is.
    const link = isHttpUrl(article.url) && !article.gone ? article.url : articleViewUrl(origin, article.id);
    const updated = rfc3339(article.updatedAt, epoch);
    const published = parseArticleDate(article.date)?.toISOString();
    lines.push(
      `  <entry>`,
      `    <id>${escapeXml(articleViewUrl(origin, article.id))}</id>`,
      `    <title>${escapeXml(article.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      ...(published ? [`    <published>${published}</published>`] : []),
      `    <updated>${updated}</updated>`,
      ...(article.outlet ? [`    <source><title>${escapeXml(article.outlet)}</title></source>`] : []),
      ...article.tags.map((tag) => `    <category term="${escapeXml(tag)}"/>`),
      `    <summary>${escapeXml(article.description || article.title)}</summary>`,
      `  </entry>`,
    );
  }
  lines.push(`</feed>`, ``);
  return lines.join("\n");
}
