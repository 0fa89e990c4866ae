import type { Article, Education, Experience } from "./content";
import { articleTime } from "./dates";
import { latestDurationYear } from "./durations";

/** Sorts by a numeric key, largest first; items without a key go last. Ties keep their order. */
function byKeyDesc<T>(items: readonly T[], key: (item: T) => number | null): T[] {
  return items
    .map((item) => ({ item, key: key(item) ?? Number.NEGATIVE_INFINITY }))
    .sort((a, b) => (a.key === b.key ? 0 : b.key > a.key ? 1 : -1))
    .map(({ item }) => item);
}

/**
 * Newest first by the latest year the duration names, 'Present' counting as the year of `now`
 * Only the year counts: experiences of the same year keep their
 * stored order, and durations without a year go last.
 */
export function sortExperiences<T extends Pick<Experience, "duration">>(
  items: readonly T[],
  now: Date = new Date(),
): T[] {
  return byKeyDesc(items, (item) => latestDurationYear(item.duration, now));
}

const institutionCollator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Alphabetical by institution, ignoring case and accents (docs/product.md, Content). */
export function sortEducation<T extends Pick<Education, "institution">>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => institutionCollator.compare(a.institution, b.institution));
}

/** Newest first by the article's calendar date; articles whose date is not a date go last. */
export function sortArticlesByDateDesc<T extends Pick<Article, "date">>(items: readonly T[]): T[] {
  return byKeyDesc(items, (item) => articleTime(item.date));
}
