import { PORTFOLIO_PARAMS } from "../../../domain/landing-query";
import { isPublicTag } from "../../../domain/public-tags";
import { parseArticleDate } from "../../../domain/dates";

/** The overlay's controls as the page URL holds them. Empty strings mean "no filter". */
export type PortfolioFilterState = {
  query: string;
  type: string;
  publication: string;
  from: string;
  to: string;
  /** A public collection's id. */
  collection: string;
};

export const EMPTY_FILTERS: PortfolioFilterState = {
  query: "",
  type: "",
  publication: "",
  from: "",
  to: "",
  collection: "",
};

/** Search parameters of `/` that hold the overlay's state (team URL convention). */
export const FILTER_PARAMS = {
  query: PORTFOLIO_PARAMS.query,
  type: PORTFOLIO_PARAMS.type,
  publication: PORTFOLIO_PARAMS.publication,
  from: PORTFOLIO_PARAMS.from,
  to: PORTFOLIO_PARAMS.to,
  collection: PORTFOLIO_PARAMS.collection,
} as const satisfies Record<keyof PortfolioFilterState, string>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date input's value ('YYYY-MM-DD' of a real day), or ''. */
function isoDay(value: string | null): string {
  const day = value?.trim() ?? "";
  return ISO_DAY.test(day) && parseArticleDate(day) !== null ? day : "";
}

/**
 * The filters a URL asks for. Values the controls could never produce (an unknown type, a date
 * that is not a day) are dropped, so a hand-edited link cannot leave the controls in a state
 * they cannot show. An unknown publication is kept: it may be an outlet that is not loaded yet.
 */
export function readFilters(params: URLSearchParams): PortfolioFilterState {
  const type = params.get(FILTER_PARAMS.type)?.trim().toLowerCase() ?? "";
  return {
    query: params.get(FILTER_PARAMS.query) ?? "",
    type: isPublicTag(type) ? type : "",
    publication: params.get(FILTER_PARAMS.publication)?.trim() ?? "",
    from: isoDay(params.get(FILTER_PARAMS.from)),
    to: isoDay(params.get(FILTER_PARAMS.to)),
    collection: params.get(FILTER_PARAMS.collection)?.trim() ?? "",
  };
}

/**
 * `params` with the overlay's parameters set to `filters`: empty controls leave no parameter,
 * every other parameter (portfolio, phighlight, article...) is kept as it is.
 */
export function writeFilters(params: URLSearchParams, filters: PortfolioFilterState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.keys(FILTER_PARAMS) as (keyof PortfolioFilterState)[]) {
    const value = filters[key];
    if (value.trim() === "") next.delete(FILTER_PARAMS[key]);
    else next.set(FILTER_PARAMS[key], value);
  }
  return next;
}

/** One string per distinct URL form, to tell whether the URL already says what the controls say. */
export function filtersKey(filters: PortfolioFilterState): string {
  return writeFilters(new URLSearchParams(), filters).toString();
}
