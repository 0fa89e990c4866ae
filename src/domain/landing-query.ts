/** The address of the landing page with the article viewer open (docs/product.md, Addresses). */
export const ARTICLE_PARAM = "article";

/** The portfolio overlay's state in the landing page's address (`?portfolio=1&pq=…`). */
export const PORTFOLIO_PARAMS = {
  open: "portfolio",
  highlight: "phighlight",
  query: "pq",
  type: "ptype",
  publication: "ppub",
  from: "pfrom",
  to: "pto",
  /** A public collection's id: only its articles. */
  collection: "pcoll",
} as const;

/**
 * Every query parameter the landing page reads. Nothing else in its address changes it, so the
 * server renders it from these alone and the public cache keeps one copy per combination of
 * them (decision 030): `/?utm_source=x` or `/?q=<random>` is `/`. A parameter the page reads that
 * is not listed here is never seen by the server's render; `landing-query.test.ts` finds reads by
 * any other name.
 */
export const LANDING_PARAMS: readonly string[] = [ARTICLE_PARAM, ...Object.values(PORTFOLIO_PARAMS)];

/**
 * The landing page's own part of a query string (`?…` or ''): its parameters only, in one order,
 * the first value of each (what `URLSearchParams.get` reads). '' when there is none.
 */
export function landingSearch(search: string): string {
  if (search.length <= 1) return "";
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of LANDING_PARAMS) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : "";
}
