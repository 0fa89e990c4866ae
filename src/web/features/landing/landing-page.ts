import { articleUrlKey } from "../../../domain/article-url";
import type { Article } from "../../../domain/content";
import { latestArticle } from "../../lib/front-page";

/**
 * The landing page's interaction rules (docs/product.md, The public page and
 * Limits and timings), kept apart from the components so they are read and tested in one place.
 */

/** Where a section lands below the sticky bar when a top-bar button scrolls to it. */
export const SCROLL_TO_OFFSET_PX = 80;
/** The active section is the one the point 200px below the top of the viewport is in. */
export const ACTIVE_SECTION_OFFSET_PX = 200;
/** After this much scroll the top bar gets its border and compact padding. */
export const COMPACT_BAR_AFTER_PX = 100;
/** The floating back-to-top button shows after scrolling more than this. */
export const BACK_TO_TOP_AFTER_PX = 500;

export const TYPING_START_DELAY_MS = 500;
export const TYPING_MS_PER_CHARACTER = 80;

const GLASS_INTENSITY_TOP = 0.5;
const GLASS_INTENSITY_SCROLLED = 0.3;

export function isBarCompact(scrollY: number): boolean {
  return scrollY > COMPACT_BAR_AFTER_PX;
}

export function showsBackToTop(scrollY: number): boolean {
  return scrollY > BACK_TO_TOP_AFTER_PX;
}

/** The glass behind the bar: stronger at the top of the page, quieter once the bar is compact. */
export function glassIntensity(barCompact: boolean): number {
  return barCompact ? GLASS_INTENSITY_SCROLLED : GLASS_INTENSITY_TOP;
}

/**
 * The section the top bar marks as active: the last one, in page order, whose top (in page
 * coordinates) is at or above scroll y + 200px. Before the first section starts, the first one.
 * Null when there are no sections.
 */
export function activeSection(
  sections: readonly { id: string; top: number }[],
  scrollY: number,
): string | null {
  const line = scrollY + ACTIVE_SECTION_OFFSET_PX;
  let active = sections[0]?.id ?? null;
  for (const section of sections) {
    if (section.top <= line) active = section.id;
  }
  return active;
}

/** The scroll position that puts a section's top 80px below the top of the viewport. */
export function scrollTargetY(sectionTop: number): number {
  return Math.max(0, Math.round(sectionTop - SCROLL_TO_OFFSET_PX));
}

/**
 * How many characters of the name the typing effect shows `elapsedMs` after it was set up:
 * none for the first 0.5s, the first character at 0.5s, then one more every 80ms.
 */
export function typedLength(elapsedMs: number, nameLength: number): number {
  if (elapsedMs < TYPING_START_DELAY_MS) return 0;
  const typed = 1 + Math.floor((elapsedMs - TYPING_START_DELAY_MS) / TYPING_MS_PER_CHARACTER);
  return Math.min(Math.max(0, nameLength), typed);
}

/** Milliseconds from `elapsedMs` until the typing effect shows its next character. */
export function msUntilNextCharacter(elapsedMs: number): number {
  if (elapsedMs < TYPING_START_DELAY_MS) return TYPING_START_DELAY_MS - elapsedMs;
  const intoCharacter = (elapsedMs - TYPING_START_DELAY_MS) % TYPING_MS_PER_CHARACTER;
  return TYPING_MS_PER_CHARACTER - intoCharacter;
}

/**
 * The Features section's Latest Article card: the article the owner named in the settings'
 * 'Latest article URL' when one of the stored articles has that URL (by `articleUrlKey`, as the
 * import compares them: case, scheme, 'www.', a fragment and a trailing slash do not matter),
 * otherwise the article with the most recent date. Null when there are none.
 */
export function latestArticleCard<T extends Pick<Article, "date" | "url">>(
  articles: readonly T[],
  latestArticleUrl: string,
): T | null {
  const named = articleUrlKey(latestArticleUrl);
  const chosen = named ? articles.find((article) => articleUrlKey(article.url) === named) : undefined;
  return chosen ?? latestArticle(articles);
}
