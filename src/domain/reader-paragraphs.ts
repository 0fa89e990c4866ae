import { ARTICLE_LIMITS } from "./article-limits";

/**
 * Reader-mode paragraph rules: body paragraphs need more than 20 characters, at most
 * 50 are shown, and a text with no such paragraph is shown whole when it is over 100 characters.
 *
 * Sub-headings: a short line that is all capitals or title-like ("How It Works") is marked
 * `heading: true`. Every paragraph over 20 characters is kept, heading or not. Headings of 20
 * characters or less ("THE VERDICT", "Background") are kept too, but only when a body paragraph
 * follows them: a short heading with nothing under it (a stray "SHARE", "ADVERTISEMENT" at the
 * end, or the first of two headings in a row) is dropped. Headings count towards the cap of 50,
 * and the list never ends on a heading whose paragraph the cap cut off.
 */

export type ReaderParagraph = { text: string; heading: boolean };

export const MIN_PARAGRAPH_CHARS = 20;
export const MAX_READER_PARAGRAPHS = 50;
export const MIN_FALLBACK_CHARS = 100;
export const EXCERPT_MAX_CHARS = 300;

const MAX_HEADING_CHARS = 80;
const MAX_HEADING_WORDS = 12;
/** Words that stay lower case in Title Case. */
const MINOR_WORDS = new Set(
  "a an and as at but by for from in into nor of on or per the to vs via with de la le et".split(" "),
);

/** Collapses runs of spaces and tabs; keeps single line breaks (from `<br>`) inside a paragraph. */
function tidy(paragraph: string): string {
  return paragraph
    .split("\n")
    .map((line) => line.replace(/[\s\u00a0]+/g, " ").trim())
    .filter((line) => line.length > 0)
    .join("\n");
}

function isAllCaps(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, "");
  return letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

function isTitleLike(text: string): boolean {
  const words = text.split(" ").filter((w) => /[\p{L}\p{N}]/u.test(w));
  if (words.length === 0 || words.length > MAX_HEADING_WORDS) return false;
  // Rows of figures ("40 Casey Mears 1 0 0 0") are table data, not headings.
  if (words.filter((w) => !/\p{L}/u.test(w)).length * 3 > words.length) return false;
  const significant = words.filter((w) => /\p{L}/u.test(w) && !MINOR_WORDS.has(w.toLowerCase()));
  return significant.length > 0 && significant.every((w) => /^[^\p{L}\p{N}]*[\p{Lu}\p{N}]/u.test(w));
}

/**
 * A short single line, all capitals or Title Case, not ending like a sentence and not starting
 * like a quotation, an attribution ("— Name") or a list item.
 */
export function isHeadingLine(text: string): boolean {
  if (text.length < 2 || text.length > MAX_HEADING_CHARS || text.includes("\n")) return false;
  if (!/\p{L}/u.test(text) || /[.,;…]$/.test(text) || /^[-–—•*"“‘'([]/.test(text)) return false;
  return isAllCaps(text) || isTitleLike(text);
}

/** The paragraphs of plain text (separated by a blank line), tidied, one at a time. */
function* paragraphsOf(content: string): Generator<string> {
  const breaks = /\n[ \t\u00a0]*\n/g;
  let start = 0;
  for (let match = breaks.exec(content); ; match = breaks.exec(content)) {
    const paragraph = tidy(content.slice(start, match?.index));
    if (paragraph.length > 0) yield paragraph;
    if (!match) return;
    start = match.index + match[0].length;
  }
}

/**
 * Splits plain text (paragraphs separated by a blank line) into what reader mode shows. Stops
 * reading once the cap is certain: an archived page can hold thousands of paragraphs, and the
 * reader splits it on every request. `max`: the cap (a clip book prints the whole text).
 */
export function toReaderParagraphs(content: string, max = MAX_READER_PARAGRAPHS): ReaderParagraph[] {
  const kept: ReaderParagraph[] = [];
  let pendingHeading: string | null = null;
  for (const text of paragraphsOf(content)) {
    if (kept.length > max) break;
    const heading = isHeadingLine(text);
    if (text.length <= MIN_PARAGRAPH_CHARS) {
      // A short heading waits for the paragraph it introduces.
      if (heading) pendingHeading = text;
      continue;
    }
    if (pendingHeading !== null && !heading) kept.push({ text: pendingHeading, heading: true });
    pendingHeading = null;
    kept.push({ text, heading });
  }
  if (kept.length > 0) return trimToCap(kept, max);
  const whole = content.replace(/[\s\u00a0]+/g, " ").trim();
  return whole.length > MIN_FALLBACK_CHARS ? [{ text: whole, heading: false }] : [];
}

/** Applies the cap without ending on a heading that has lost its paragraph. */
function trimToCap(paragraphs: ReaderParagraph[], max: number): ReaderParagraph[] {
  if (paragraphs.length <= max) return paragraphs;
  const capped = paragraphs.slice(0, max);
  while (capped.length > 0 && capped[capped.length - 1]?.heading) capped.pop();
  return capped;
}

/**
 * Article text cut to what an article may hold (ARTICLE_LIMITS.content), at the last paragraph
 * break that fits when there is one: what a page gives is kept no longer than what the owner may type.
 */
export function capContent(content: string): string {
  if (content.length <= ARTICLE_LIMITS.content) return content;
  const cut = content.slice(0, ARTICLE_LIMITS.content);
  const lastBreak = cut.lastIndexOf("\n\n");
  return (lastBreak > 0 ? cut.slice(0, lastBreak) : cut).trimEnd();
}

/** Cuts text to at most `max` characters on a word boundary, ending with an ellipsis when cut. */
export function cutExcerpt(text: string, max = EXCERPT_MAX_CHARS): string {
  const clean = text.replace(/[\s\u00a0]+/g, " ").trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(" ");
  // A single very long "word" (a URL, say) is cut hard rather than leaving almost nothing.
  const cut = lastSpace >= max * 0.5 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,;:.\-–—]+$/u, "")}…`;
}
