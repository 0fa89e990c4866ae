import { matchesByline, type ImportCandidate } from "../../../domain/back-catalogue";
import { articleTime } from "../../../domain/dates";

export type ImportFilters = { byline: string; from: string; to: string; text: string };

export const NO_FILTERS: ImportFilters = { byline: "", from: "", to: "", text: "" };

/** The filters by name, as the review's 'hidden by the byline filter' line says them. */
const FILTER_NAMES = { byline: "byline", dates: "date", text: "text" } as const;
type FilterName = (typeof FILTER_NAMES)[keyof typeof FILTER_NAMES];

function passes(candidate: ImportCandidate, filters: ImportFilters): boolean {
  const text = filters.text.trim().toLowerCase();
  if (candidate.status === "failed" || candidate.status === "pending") return text === "";
  if (!matchesByline(candidate.author, filters.byline)) return false;
  if ((filters.from || filters.to) && candidate.date === "") return false;
  if (filters.from && candidate.date < filters.from) return false;
  if (filters.to && candidate.date > filters.to) return false;
  if (text === "") return true;
  return [candidate.title, candidate.outlet, candidate.description, candidate.url].some((field) =>
    field.toLowerCase().includes(text),
  );
}

/** Newest first by the article's date; then undated ones, then those not read (yet), each as found. */
function newestFirst(candidates: ImportCandidate[]): ImportCandidate[] {
  const rank = (candidate: ImportCandidate): [number, number] =>
    candidate.status === "failed" || candidate.status === "pending"
      ? [2, 0]
      : [articleTime(candidate.date) === null ? 1 : 0, -(articleTime(candidate.date) ?? 0)];
  return candidates.sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0] - y[0] || x[1] - y[1];
  });
}

/**
 * The candidates the review list shows, newest first: named by the byline (or naming no author),
 * dated within the range (undated ones only when no range is set), and containing the text.
 */
export function filterCandidates(
  candidates: readonly ImportCandidate[],
  filters: ImportFilters,
): ImportCandidate[] {
  return newestFirst(candidates.filter((candidate) => passes(candidate, filters)));
}

/** The filters that hide some of the candidates on their own ('byline', 'date', 'text'). */
export function hidingFilters(candidates: readonly ImportCandidate[], filters: ImportFilters): FilterName[] {
  const alone: [FilterName, ImportFilters][] = [
    [FILTER_NAMES.byline, { ...NO_FILTERS, byline: filters.byline }],
    [FILTER_NAMES.dates, { ...NO_FILTERS, from: filters.from, to: filters.to }],
    [FILTER_NAMES.text, { ...NO_FILTERS, text: filters.text }],
  ];
  return alone
    .filter(([, only]) => candidates.some((candidate) => !passes(candidate, only)))
    .map(([name]) => name);
}

/**
 * Found against shown, for the line above the list: '' when all are shown; '32 found: 30 shown,
 * 2 hidden by the byline filter.'; 'None of the 30 found is shown: all are hidden by the byline
 * filter (they name John Smith).'
 */
export function shownText(
  candidates: readonly ImportCandidate[],
  shown: number,
  filters: ImportFilters,
): string {
  const total = candidates.length;
  const hidden = total - shown;
  if (hidden === 0) return "";
  const names = hidingFilters(candidates, filters);
  const by = `by the ${names.join(" and ")} ${names.length === 1 ? "filter" : "filters"}`;
  if (shown > 0) return `${total} found: ${shown} shown, ${hidden} hidden ${by}.`;
  const others = [...new Set(candidates.map((candidate) => candidate.author.trim()).filter(Boolean))];
  const named =
    names.length === 1 && names[0] === FILTER_NAMES.byline && others.length > 0
      ? ` (they name ${others.slice(0, 3).join("; ")}${others.length > 3 ? "…" : ""})`
      : "";
  return `None of the ${total} found is shown: ${total === 1 ? "it is" : "all are"} hidden ${by}${named}.`;
}
