import { Readability } from "@mozilla/readability";
import { isHeadingLine } from "../../../domain/reader-paragraphs";
import { textBlocks } from "./block-text";
import type { TextBlock } from "./block-text";
import {
  isBoilerplateBlock,
  isBoilerplateText,
  isItalicNote,
  withoutTeaserLists,
} from "./boilerplate-blocks";
import { removeFurniture } from "./page-furniture";
import { containment, shingles } from "./text-overlap";
import { siteHost } from "../../../domain/site-host";

export type ArticleBody = {
  paragraphs: string[];
  /** Readability's guesses, used when the page's metadata says nothing. */
  title: string;
  byline: string;
};

/** Embedded bodies much shorter than the page text are teasers, not the article. */
const MIN_EMBEDDED_SHARE = 0.6;
/** Page paragraphs mostly found in the embedded body belong to the article. */
const PARAGRAPH_IN_EMBEDDED = 0.5;
/**
 * Below this share of the embedded body on the page, the page shows a teaser (paywall, "read
 * more") and the embedded body replaces it. Above it, the page's own paragraphs are kept: the
 * embedded body often carries promos and disclaimers that the page rules remove.
 */
const EMBEDDED_COVERED = 0.6;

/** Italic notes closing an article ("Have a tip? ...", "Listen live ..."); a longer italic run is prose. */
const MAX_CLOSING_NOTES = 2;

function withoutClosingNotes(blocks: TextBlock[]): TextBlock[] {
  let notes = 0;
  while (notes < blocks.length - 1 && isItalicNote(blocks[blocks.length - 1 - notes] as TextBlock)) notes++;
  return notes <= MAX_CLOSING_NOTES ? blocks.slice(0, blocks.length - notes) : blocks;
}

function blocksToParagraphs(blocks: TextBlock[], isInternalLink: (href: string) => boolean): string[] {
  return withoutClosingNotes(
    withoutTeaserLists(blocks).filter((block) => !isBoilerplateBlock(block, isInternalLink)),
  )
    .flatMap((block) => block.text.split("\n\n"))
    .map((text) => text.trim())
    .filter((text) => text.length > 0);
}

/** Relative links, and links to the same host or a subdomain of it, stay on the site. */
function internalLinkTest(host: string): (href: string) => boolean {
  return (href) => {
    const target = /^[a-z][a-z0-9+.-]*:|^\/\//i.exec(href.trim()) ? href.trim() : null;
    if (target === null) return true;
    try {
      const other = new URL(target, "https://invalid.invalid").hostname.replace(/^www\./, "");
      return host !== "" && (other === host || other.endsWith(`.${host}`) || host.endsWith(`.${other}`));
    } catch {
      return false;
    }
  };
}

function readabilityBody(document: Document, siteUrl: string | undefined): ArticleBody {
  const isInternalLink = internalLinkTest(siteHost(siteUrl));
  const result = new Readability<Node>(document, { serializer: (node) => node, disableJSONLD: true }).parse();
  return {
    paragraphs: result?.content
      ? blocksToParagraphs(textBlocks(result.content, { isInternalLink }), isInternalLink)
      : [],
    title: result?.title?.trim() ?? "",
    byline: result?.byline?.trim() ?? "",
  };
}

/**
 * Prefers the page's own paragraphs (they keep the layout) but, when the publisher embeds the
 * full text in JSON-LD, uses it to drop paragraphs that are not part of the article, or
 * replaces the page text with it when the page shows only part of it.
 */
function reconcileWithEmbedded(page: string[], embedded: string[]): string[] {
  const embeddedText = embedded.join("\n");
  const pageLength = page.reduce((sum, p) => sum + p.length, 0);
  if (embeddedText.length < MIN_EMBEDDED_SHARE * pageLength || embeddedText.length < 200) return page;
  const embeddedGrams = shingles(embeddedText);
  const inEmbedded = page.map((p) => containment(shingles(p), embeddedGrams) >= PARAGRAPH_IN_EMBEDDED);
  // Sub-headings are rarely part of articleBody: keep those that introduce a kept paragraph.
  const kept = page.filter((p, i) => inEmbedded[i] || (isHeadingLine(p) && inEmbedded[i + 1] === true));
  const covered = containment(embeddedGrams, shingles(kept.join("\n")));
  return covered >= EMBEDDED_COVERED ? kept : embedded.filter((p) => !isBoilerplateText(p));
}

export type BodyOptions = {
  /** Paragraphs of the JSON-LD articleBody, if the page has one. */
  embeddedParagraphs: string[];
  /** The page's address (or its canonical URL): links back into this site are navigation. */
  siteUrl: string | undefined;
  /** Clear page furniture before Readability looks for the text (off only for a second look). */
  removeFurniture: boolean;
};

/** The article's body text as paragraphs. Mutates `document` (furniture removal, Readability). */
export function extractBody(document: Document, options: BodyOptions): ArticleBody {
  if (options.removeFurniture) removeFurniture(document.body);
  const body = readabilityBody(document, options.siteUrl);
  return { ...body, paragraphs: reconcileWithEmbedded(body.paragraphs, options.embeddedParagraphs) };
}
