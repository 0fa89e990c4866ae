import type { TextBlock } from "./block-text";

/** Lines that are page furniture by their words: ad labels, promos, credits, sharing and follow prompts. */
const BOILERPLATE_LINES: RegExp[] = [
  /^(advertisement|advertisements|advert|ad|sponsored( content)?|paid content|breaking( news)?)$/i,
  // The ad label in other languages.
  /^(anzeige|werbung|publicidad|publicité|pubblicità|publicidade|advertentie|reklama|reklame|реклама|iklan|広告|광고|广告)$/iu,
  /^(story|article) continues( below)?( advertisement)?$/i,
  /^(continue reading|scroll to continue)( .{0,40})?$/i,
  /^(share|share this( article| story| post)?|tweet|email|print|comments?|save|like|follow)$/i,
  /^(related|read more|more|also|read also|also read|see also|recommended|watch|listen|more from|read next|up next)( (posts?|stories|articles?|reading|coverage|content|links?))?\s*[:|-]/i,
  // "More on the harbour:" introduces links; "More than 40 people signed:" introduces a list in the story.
  /^(related|more)\b(?! than\b).{0,60}:$/i,
  /^(photo|image|picture|video|credit|source|illustration|graphic)s?( credit)?\s*:/i,
  /^(caption|close|open|expand|collapse|enlarge|hide caption|toggle caption|loading\.*)$/i,
  /^(posted|published|updated|last updated|modified)\b.{0,60}\d.{0,40}$/i,
  /^(filed under|tagged( with)?|categories|category|tags|topics)\s*:/i,
  // A copyright notice, not a sentence about copyright ("Copyright law has changed …").
  /^(©|ⓒ|\(c\) )|^copyright\s*(:|©|ⓒ|\(c\)|(19|20)\d\d\b)|©\s?(19|20)\d\d\b/i,
  /^by:?$/i,
  /\b(all rights reserved|subject to copyright)\b/i,
  /^citation\s*:/i,
  // Agency and newsroom credits: "Reporting by …; Editing by …", "… contributed reporting."
  /^\(?(additional )?(reporting|writing) by\b.{0,200}\bedit(ing|ed) by\b/i,
  /\bcontributed (reporting|to this (report|story|article))\b/i,
  // Follow and newsletter prompts open a sentence ("Follow her on Twitter", "Sign up for our
  // newsletter"); "fans follow her on Instagram" and "readers who subscribe to the newsletter" are prose.
  /(^|[.!?:]\s+)follow (us|him|her|them|me|@\w+|[\p{L} .]{1,40}) (on|at) (twitter|facebook|instagram|linkedin)/iu,
  /(^|[.!?:]\s+)(sign up|subscribe)\b.{0,120}\b(newsletters?|inbox|alerts)\b/i,
  /^subscribe\b/i,
  /\b(requires|enable) javascript\b|\bjavascript (is )?(disabled|required)\b/i,
  /\bclick here\b/i,
  // Unrendered WordPress shortcodes.
  /^\[(\w+)[^\]]*\].*\[\/\1\]$/,
];

/** Headings of teaser lists: "You may also like", "Don't miss", "More great Example stories". */
const TEASER_HEADING =
  /^(you (may|might) (also )?(like|enjoy)|don[’']?t miss|recent (articles|posts|stories)|(most )?popular( this week| now| today)?|most (read|viewed|shared)|trending( now)?|more (great |top )?[\p{L}]+ stories|related( (posts|stories|articles|reading|coverage|content|links))?|read more|read next|more from [\p{L} ]{1,40}|tell us what you think|want more stories like this)\W*$/iu;

const LINE_BOILERPLATE_MAX_CHARS = 300;

/** A date line is at most this long: "Nov 18, 2019 @17:19 PM · Updated: Nov 18, 2019 @17:26 PM". */
const DATE_LINE_MAX_CHARS = 80;
/** Words of a date line, in English and the larger Western European languages. */
const DATE_WORDS = new RegExp(
  `(?<!\\p{L})(${[
    // English
    "jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sept?(ember)?|oct(ober)?|nov(ember)?|dec(ember)?",
    "mon(day)?|tue(s|sday)?|wed(nesday)?|thu(rs|rsday)?|fri(day)?|sat(urday)?|sun(day)?",
    "[ap]\\.?m\\.?|utc|gmt|[ecmp][sd]?t|bst|cet|updated|published|posted|last|on|at|st|nd|rd|th",
    // Portuguese, Spanish
    "janeiro|fevereiro|março|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro",
    "enero|febrero|marzo|abril|mayo|junio|julio|septiembre|octubre|noviembre|diciembre",
    "(segunda|terça|quarta|quinta|sexta)(-feira)?|sábado|domingo|lunes|martes|miércoles|jueves|viernes",
    "de|del|às|as|a las|em|actualizado|atualizado|publicado",
    // French, German, Italian
    "janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre",
    "januar|februar|märz|juni|juli|oktober|dezember",
    "gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre",
    "lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag",
    "lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica",
    "le|à|h|um|uhr|am|alle|ore|il|mis à jour|publié|aktualisiert|aggiornato",
  ].join("|")})(?!\\p{L})`,
  "giu",
);

/** A calendar date: a year, or a day and month in figures. */
const CALENDAR_DATE = /\b(1[89]|20)\d\d\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b/;

/**
 * A line that is only a date, with its time and "Updated:" and the like: the story's dateline, not
 * its text. A time alone ("4:14 p.m.") heads an entry of a live story and stays.
 */
function isDateLine(text: string): boolean {
  if (text.length > DATE_LINE_MAX_CHARS || !CALENDAR_DATE.test(text)) return false;
  return !/\p{L}/u.test(text.replace(DATE_WORDS, "").replace(/\d+(st|nd|rd|th)\b/gi, ""));
}
const MOSTLY = 0.8;

/** Text that is page furniture by its words alone: ad labels, promos, credits, separators. */
export function isBoilerplateText(text: string): boolean {
  if (!/[\p{L}\p{N}]/u.test(text) || isDateLine(text)) return true;
  if (text.length > LINE_BOILERPLATE_MAX_CHARS) return false;
  return TEASER_HEADING.test(text) || BOILERPLATE_LINES.some((pattern) => pattern.test(text));
}

/** Teasers under such a heading are short and link to the story they promote. */
const TEASER_MAX_CHARS = 200;

/** Drops teaser-list headings ("More great stories") with the linked teasers listed under them. */
export function withoutTeaserLists(blocks: TextBlock[]): TextBlock[] {
  const kept: TextBlock[] = [];
  let inList = false;
  for (const block of blocks) {
    if (TEASER_HEADING.test(block.text)) {
      inList = true;
      continue;
    }
    inList &&= block.linkChars > 0 && block.text.length <= TEASER_MAX_CHARS;
    if (!inList) kept.push(block);
  }
  return kept;
}

/** Captions are short; a longer text under a picture is the story going on. */
const CAPTION_MAX_CHARS = 200;

const normalised = (text: string): string => text.replace(/\s+/g, " ").trim().toLowerCase();

/** A short text right under a picture that repeats its alt text or is set in italics is its caption. */
function isImageCaption({ text, chars, italicChars, imageBefore }: TextBlock): boolean {
  if (imageBefore === null || text.length > CAPTION_MAX_CHARS) return false;
  return (
    italicChars >= MOSTLY * chars ||
    (imageBefore.alt !== "" && normalised(imageBefore.alt) === normalised(text))
  );
}

const BARE_URL = /^https?:\/\/\S+$/i;

/**
 * A block that is page furniture by its words, its links or its place under a picture.
 * `isInternalLink` tells addresses on the page's own site from addresses elsewhere.
 */
export function isBoilerplateBlock(block: TextBlock, isInternalLink: (href: string) => boolean): boolean {
  if (isBoilerplateText(block.text) || isImageCaption(block)) return true;
  // A bare address on this site is the story's own link, printed for sharing; one elsewhere is a
  // source the story cites.
  if (BARE_URL.test(block.text)) return isInternalLink(block.text);
  // Blocks that are all links back into the site are menus and teasers ("more on this"); links
  // elsewhere (sources, products) are part of the story.
  return block.internalLinkChars >= MOSTLY * block.chars;
}

/** A note that turns to the reader: "Listen live …", "Join our forums …", "Have a tip? …". */
const READER_PROMPT =
  /\b(you|your|us|our)\b|^(listen|watch|join|follow|like|share|subscribe|sign up|download|send|email|contact|call|tell|click|tap|visit|check out|have a tip|got a tip)\b/i;
/** The author's bio: "Mara Ellison is the Gazette's harbour reporter." */
const AUTHOR_BIO = /^\p{Lu}[\p{L}.'’-]*( \p{Lu}[\p{L}.'’-]*)+ (is|was|writes|covers|reports)\b/u;

/**
 * Prompts to the reader ("listen live", "have a tip?", contact lines) and author bios close many
 * articles, set in italics (with links). Other italic closing notes speak of the article itself
 * (a correction, a credit, where it first ran, where the film can be seen) and are part of it.
 */
export function isItalicNote(block: TextBlock): boolean {
  const { text, chars, italicChars, linkChars } = block;
  if (text.length > 400 || italicChars < 0.5 * chars || italicChars + linkChars < 0.9 * chars) return false;
  return READER_PROMPT.test(text) || AUTHOR_BIO.test(text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The byline repeated in the body ("By Jane Doe", "Jane Doe, Reuters"): metadata, not prose. */
export function isBylineOf(text: string, author: string): boolean {
  const name = author.trim();
  if (!name || text.length > name.length + 40) return false;
  return new RegExp(`^(written )?(by:? )?${escapeRegExp(name)}\\s*($|[,|/(–—-])`, "i").test(text.trim());
}
