import type { Article, Site } from "../../domain/content";
import { articleTime } from "../../domain/dates";
import {
  PLACEHOLDER_IMAGE_PATTERNS,
  usableImage,
  type PlaceholderPattern,
} from "../../domain/placeholder-images";

export const PUBLICATIONS_MAX = 8;
const SECONDARY_MAX = 2;
const HEADLINES_MAX = 3;
const OTHERS_MAX = 4;
const OTHERS_FROM_IMAGELESS = 2;
const IMAGELESS_HEADLINE_POOL_END = 8;

type FrontPageArticle = Pick<Article, "date" | "description" | "image">;

export type FrontPage<T> = {
  /** Newest article with a usable image; null when none has one. */
  lead: T | null;
  /** The panel's two secondary articles (≤2): the first of `others`. */
  secondary: T[];
  /** The "up to 4 others" after the lead: image articles first, then imageless ones. */
  others: T[];
  /** The panel's small headline items (≤3). */
  headlines: T[];
};

/**
 * The Front section's PORTFOLIO panel. Only articles with both a date and a description take
 * part, newest first, split into an image pool (usable image) and an imageless pool.
 *
 * The panel shows a lead, two secondary articles and three small headlines; the rule is "lead
 * plus up to 4 others (three from image articles, two from imageless ones), up to 3 small
 * headlines, imageless pool slice 2 to 8". We read the "three from image articles" as image
 * pool [0, 3) — the lead and two more — so:
 *   lead      = image pool [0]
 *   others    = image pool [1, 3) + imageless pool [0, 2)        (≤4)
 *   secondary = others [0, 2)                                    (§2's two secondary articles)
 *   headlines = (others [2, 4) + imageless pool [2, 8)) [0, 3)  (§2's three small headlines)
 * Every one of the §9 "others" is shown, nothing is shown twice, and no newer article is
 * skipped for an older one within a slot. With two or more image articles after the lead the
 * headlines are imageless [0], [1], [2]; with none, the imageless pair fills the secondary
 * slots and the headlines are exactly the first three of §9's imageless slice 2 to 8.
 */
export function selectFrontPage<T extends FrontPageArticle>(
  articles: readonly T[],
  patterns: readonly PlaceholderPattern[] = PLACEHOLDER_IMAGE_PATTERNS,
): FrontPage<T> {
  const eligible = articles.filter(
    (article) => article.date.trim() !== "" && article.description.trim() !== "",
  );
  const withImage = eligible.filter((article) => usableImage(article, patterns) !== null);
  const imageless = eligible.filter((article) => usableImage(article, patterns) === null);

  const others = [
    ...withImage.slice(1, 1 + SECONDARY_MAX),
    ...imageless.slice(0, OTHERS_FROM_IMAGELESS),
  ].slice(0, OTHERS_MAX);
  const headlines = [
    ...others.slice(SECONDARY_MAX),
    ...imageless.slice(OTHERS_FROM_IMAGELESS, IMAGELESS_HEADLINE_POOL_END),
  ];
  return {
    lead: withImage[0] ?? null,
    secondary: others.slice(0, SECONDARY_MAX),
    others,
    headlines: headlines.slice(0, HEADLINES_MAX),
  };
}

/**
 * The article with the most recent date, for the LATEST link and the Latest Article card.
 * The first such article wins a tie. When no article has a readable date the first article is
 * used, since the LATEST link shows whenever any article exists; null when there are none.
 */
export function latestArticle<T extends Pick<Article, "date">>(articles: readonly T[]): T | null {
  let latest: T | null = null;
  let latestTime = Number.NEGATIVE_INFINITY;
  for (const article of articles) {
    const time = articleTime(article.date);
    if (time !== null && time > latestTime) {
      latest = article;
      latestTime = time;
    }
  }
  return latest ?? articles[0] ?? null;
}

/** The Publications list: the featured outlet names, blank and repeated ones dropped, at most `max`. */
export function publications(site: Pick<Site, "featuredOutlets">, max: number = PUBLICATIONS_MAX): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const outlet of site.featuredOutlets) {
    const name = outlet.trim();
    const key = name.toLowerCase();
    if (name === "" || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names.slice(0, Math.max(0, max));
}

/** The Work section's grid: the featured articles, in the order given (newest first). */
export function featuredArticles<T extends Pick<Article, "featured">>(articles: readonly T[]): T[] {
  return articles.filter((article) => article.featured);
}
