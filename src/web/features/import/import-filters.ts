import { matchesByline, type ImportCandidate } from "../../../domain/back-catalogue";

export type ImportFilters = { byline: string; from: string; to: string; text: string };

/**
 * The candidates the review list shows: named by the byline (or naming no author), dated within
 * the range (undated ones only when no range is set), and containing the text.
 */
export function filterCandidates(
  candidates: readonly ImportCandidate[],
  filters: ImportFilters,
): ImportCandidate[] {
  const text = filters.text.trim().toLowerCase();
  return candidates.filter((candidate) => {
    if (candidate.status === "failed" || candidate.status === "pending") return text === "";
    if (!matchesByline(candidate.author, filters.byline)) return false;
    if ((filters.from || filters.to) && candidate.date === "") return false;
    if (filters.from && candidate.date < filters.from) return false;
    if (filters.to && candidate.date > filters.to) return false;
    if (text === "") return true;
    return [candidate.title, candidate.outlet, candidate.description, candidate.url].some((field) =>
      field.toLowerCase().includes(text),
    );
  });
}
