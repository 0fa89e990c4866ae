import { articleUrlKey } from "../../domain/article-url";
import type { Article } from "../../domain/content";
import { parseArticleDate } from "../../domain/dates";
import { bylineMatch, plainWords, type BylinePlace } from "../../domain/byline-evidence";
import type { PageSignals } from "../kernel/extract/page-signals";
import { outletOf } from "../kernel/discover/read-limiter";

const PLACE_WORDS: Record<BylinePlace, string> = {
  "json-ld": "the page's JSON-LD",
  meta: "the page's author meta tag",
  "rel-author": "the page's rel=author link",
  byline: "the page's byline",
};

/** The language codes a page or setting names, by their primary subtag: `en_GB` and `en-US` are `en`. */
export function primaryLanguage(code: string): string {
  return (code.trim().toLowerCase().split(/[-_]/)[0] ?? "").trim();
}

export type PortfolioArticle = Pick<Article, "id" | "url" | "title" | "date">;

/** What was read of a linked page. */
export type ReadPage = {
  /** Where the page was found (after redirects). */
  url: string;
  title: string;
  /** YYYY-MM-DD or "". */
  date: string;
  signals: PageSignals;
};

export type MatchRules = {
  /** The names the owner publishes under (never empty: the site's name when the setting is). */
  bylines: readonly string[];
  /** Languages the owner writes in (never empty: English when the setting is). */
  languages: readonly string[];
};

/** What a page is to the owner. */
export type PageVerdict =
  | { kind: "in-portfolio"; articleId: string }
  | { kind: "copy"; articleId: string; how: "canonical" | "headline" }
  | { kind: "not-owner" }
  | { kind: "other-language"; language: string }
  | { kind: "match"; reason: string };

const day = (text: string) => parseArticleDate(text)?.toISOString().slice(0, 10) ?? "";

/**
 * Whether a linked page is the owner's new clip: not an article already in the portfolio, nor a
 * copy of one (its canonical address is an article's, or it has an article's headline and date
 * at another outlet); naming one of the owner's bylines; in a language the owner writes in, when
 * the page states one.
 */
export function judgePage(
  page: ReadPage,
  portfolio: readonly PortfolioArticle[],
  rules: MatchRules,
): PageVerdict {
  const pageKey = articleUrlKey(page.url);
  const { canonical } = page.signals;
  const canonicalKey = canonical ? articleUrlKey(canonical) : "";
  // A canonical address on the page's own site is the page itself (a feed's link with tracking added).
  const ownCanonical = canonical !== "" && outletOf(canonical) === outletOf(page.url);
  for (const article of portfolio) {
    const key = articleUrlKey(article.url);
    if (key === pageKey || (ownCanonical && key === canonicalKey)) {
      return { kind: "in-portfolio", articleId: article.id };
    }
    if (key === canonicalKey) return { kind: "copy", articleId: article.id, how: "canonical" };
  }
  const headline = plainWords(page.title);
  if (headline !== "" && page.date !== "") {
    const copied = portfolio.find(
      (article) =>
        plainWords(article.title) === headline &&
        day(article.date) === page.date &&
        outletOf(article.url) !== outletOf(page.url),
    );
    if (copied) return { kind: "copy", articleId: copied.id, how: "headline" };
  }
  const byline = bylineMatch(page.signals.authors, rules.bylines);
  if (!byline) return { kind: "not-owner" };
  const language = primaryLanguage(page.signals.language);
  if (language !== "" && !rules.languages.some((code) => primaryLanguage(code) === language)) {
    return { kind: "other-language", language: page.signals.language };
  }
  return { kind: "match", reason: `byline "${byline.byline}" in ${PLACE_WORDS[byline.author.place]}` };
}
