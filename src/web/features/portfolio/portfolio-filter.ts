import { typeBadges } from "../../../domain/article-tags";
import type { PublicCollection } from "../../../domain/collections";
import type { Article } from "../../../domain/content";
import type { PublicTag } from "../../../domain/public-tags";
import { articleTime, endOfDay, parseArticleDate } from "../../../domain/dates";

/**
 * The portfolio overlay's controls. Empty strings mean "no filter". `type` is a public tag
 * ('' = All Types), `publication` an exact outlet name ('' = All Publications), `from` and `to`
 * dates as the date inputs give them ('YYYY-MM-DD'; any format parseArticleDate reads works).
 */
export type PortfolioFilters = {
  query?: string;
  type?: string;
  publication?: string;
  from?: string;
  to?: string;
  /** A public collection's id; the overlay keeps that collection's articles only (`inCollection`). */
  collection?: string;
};

type PortfolioArticle = Pick<Article, "title" | "outlet" | "description" | "tags" | "url" | "date">;

type PreparedArticle<T> = {
  article: T;
  outlet: string;
  text: string;
  time: number | null;
  tags: readonly PublicTag[];
};

/** Articles with their search text and date worked out once, newest first. Build it when the articles change. */
export type PreparedPortfolio<T> = readonly PreparedArticle<T>[];

/** Combining Diacritical Marks: every accent NFD splits off a precomposed Latin letter. */
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/**
 * Lower case without accents: 'Café' and 'CAFE' both become 'cafe'. The explicit block is
 * several times faster than /\p{M}/u, which dominated the cost of preparing an index.
 */
function fold(text: string): string {
  return text.toLowerCase().normalize("NFD").replace(COMBINING_MARKS, "");
}

export function preparePortfolio<T extends PortfolioArticle>(articles: readonly T[]): PreparedPortfolio<T> {
  return articles
    .map((article) => {
      const tags = typeBadges(article);
      const text = fold(
        [article.title, article.outlet, article.description, ...tags, ...article.tags].join("\n"),
      );
      return { article, outlet: article.outlet, text, time: articleTime(article.date), tags };
    })
    .sort((a, b) => (a.time === b.time ? 0 : a.time === null ? 1 : b.time === null ? -1 : b.time - a.time));
}

/**
 * The articles that pass every active filter, newest first (articles without a readable date
 * last). The query is split into words; each must occur somewhere in the title, outlet,
 * description or tags, ignoring case and accents. The date range is inclusive at both ends,
 * 'to' up to the end of that day; while a date bound is set, articles without a readable date
 * are left out. A bound that is not a date is ignored.
 */
export function filterPrepared<T>(prepared: PreparedPortfolio<T>, filters: PortfolioFilters): T[] {
  const terms = fold(filters.query ?? "")
    .split(/\s+/)
    .filter((term) => term !== "");
  const type = filters.type?.trim().toLowerCase() ?? "";
  const publication = filters.publication ?? "";
  const from = parseArticleDate(filters.from ?? "")?.getTime() ?? null;
  const toDate = parseArticleDate(filters.to ?? "");
  const to = toDate ? endOfDay(toDate) : null;
  const dated = from !== null || to !== null;

  const result: T[] = [];
  for (const entry of prepared) {
    if (dated) {
      if (entry.time === null) continue;
      if (from !== null && entry.time < from) continue;
      if (to !== null && entry.time > to) continue;
    }
    if (type !== "" && !entry.tags.some((tag) => tag === type)) continue;
    if (publication !== "" && entry.outlet !== publication) continue;
    if (!terms.every((term) => entry.text.includes(term))) continue;
    result.push(entry.article);
  }
  return result;
}

/** The portfolio overlay's filter in one call. For repeated filtering, prepare once and use filterPrepared. */
export function filterPortfolio<T extends PortfolioArticle>(
  articles: readonly T[],
  filters: PortfolioFilters,
): T[] {
  return filterPrepared(preparePortfolio(articles), filters);
}

/** `articles` without those outside the chosen public collection; all of them when none is chosen (or it is gone). */
export function inCollection<T extends Pick<Article, "id">>(
  articles: readonly T[],
  collection: Pick<PublicCollection, "articleIds"> | undefined,
): readonly T[] {
  if (!collection) return articles;
  const ids = new Set(collection.articleIds);
  return articles.filter((article) => ids.has(article.id));
}

const outletCollator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** The publication dropdown's outlets: each distinct non-blank outlet once, alphabetically. */
export function distinctOutlets(articles: readonly Pick<Article, "outlet">[]): string[] {
  const outlets = new Set(articles.map((article) => article.outlet).filter((outlet) => outlet.trim() !== ""));
  return [...outlets].sort(outletCollator.compare);
}

/** Whether 'Clear Filters' shows: any control holds a value. */
export function isFilterActive(filters: PortfolioFilters): boolean {
  return [
    filters.query,
    filters.type,
    filters.publication,
    filters.from,
    filters.to,
    filters.collection,
  ].some((value) => (value ?? "").trim() !== "");
}

/** The spec's count '{n} Articles', in the singular for one. */
export const articleCount = (n: number) => `${n} ${n === 1 ? "Article" : "Articles"}`;
