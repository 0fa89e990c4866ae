import { UnreadablePageError } from "./unreadable-page";

/**
 * What a fetched document may hold before it is parsed (docs/decisions/029). Real pages stay far
 * below each: the test beside this file checks the extraction benchmark and the fixtures.
 */
export const MARKUP_LIMITS = {
  /** Characters: the safe fetcher stops at 5 MB, so this binds only documents from elsewhere. */
  maxLength: 5 * 1024 * 1024,
  /** Open elements inside each other, as the parser builds them. */
  maxDepth: 256,
  /** Sitemaps list up to 50,000 addresses, a few elements each; pages have far fewer. */
  maxElements: { html: 50_000, xml: 250_000 },
  /** Characters of one text node (script and style are not text). */
  maxTextRun: 1_000_000,
  /** U+FFFD, what bytes invalid in the page's character set decode to: past this share it is not text. */
  maxReplacementShare: 0.1,
};

export type MarkupKind = "html" | "xml";

export type MarkupShape = { depth: number; elements: number; longestText: number; replacements: number };

type Limits = typeof MARKUP_LIMITS;

// htmlparser2's rules (Parser.ts): an opening tag closes these open elements first, when they are
// the innermost one (so `<p>a<p>b` and `<li>a<li>b` are siblings).
const P = ["p"];
const FORM = ["input", "option", "optgroup", "select", "button", "datalist", "textarea"];
const IMPLIED_CLOSE = new Map<string, string[]>([
  ["tr", ["tr", "th", "td"]],
  ["th", ["th"]],
  ["td", ["thead", "th", "td"]],
  ["body", ["head", "link", "script"]],
  ["li", ["li"]],
  ["option", ["option"]],
  ["optgroup", ["optgroup", "option"]],
  ["dd", ["dd", "dt"]],
  ["dt", ["dd", "dt"]],
  ["rt", ["rt", "rp"]],
  ["rp", ["rt", "rp"]],
  ["tbody", ["thead", "tbody"]],
  ["tfoot", ["thead", "tbody"]],
  ...["select", "input", "output", "button", "datalist", "textarea"].map((tag) => [tag, FORM] as const),
  ...[
    ...["p", "h1", "h2", "h3", "h4", "h5", "h6", "address", "article", "aside", "blockquote", "details"],
    ...["div", "dl", "fieldset", "figcaption", "figure", "footer", "form", "header", "hr", "main"],
    ...["nav", "ol", "pre", "section", "table", "ul"],
  ].map((tag) => [tag, P] as const),
]);
const VOID = new Set(
  "area base basefont br col command embed frame hr img input isindex keygen link meta param source track wbr".split(
    " ",
  ),
);
const FOREIGN = new Set(["math", "svg"]);
const HTML_INTEGRATION = new Set([
  "mi",
  "mo",
  "mn",
  "ms",
  "mtext",
  "annotation-xml",
  "foreignobject",
  "desc",
  "title",
]);
/** Elements whose content the tokenizer does not read as markup; script and style are not text. */
const RAW_TEXT = new Map(
  ["script", "style", "title", "textarea", "xmp"].map((tag) => [
    tag,
    new RegExp(`</${tag}(?=[ \\n\\t\\f\\r>])`, "gi"),
  ]),
);
const NOT_TEXT = new Set(["script", "style"]);

const GT = 0x3e;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const BANG = 0x21;
const QUESTION = 0x3f;

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d;
}

function isAsciiAlpha(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

function endsTagSection(c: number): boolean {
  return c === SLASH || c === GT || isWhitespace(c);
}

function countReplacements(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\uFFFD"); at !== -1; at = text.indexOf("\uFFFD", at + 1)) count += 1;
  return count;
}

/**
 * Checks a document against the limits in a single pass over its text, without parsing it: throws
 * UnreadablePageError with the first limit it crosses, or returns the document's shape. The scan
 * follows the tokenizer and tree rules of htmlparser2 (linkedom's parser), so that depth is the
 * depth the parser would build: optional end tags close where they close there, void elements
 * never nest, and script, style, title, textarea and xmp hold raw text.
 */
export function checkMarkup(text: string, kind: MarkupKind, limits: Limits = MARKUP_LIMITS): MarkupShape {
  if (text.length > limits.maxLength) throw new UnreadablePageError("too_large");
  const replacements = countReplacements(text);
  if (replacements >= 1000 && replacements > text.length * limits.maxReplacementShare) {
    throw new UnreadablePageError("not_text");
  }
  const html = kind === "html";
  const maxElements = limits.maxElements[kind];
  const length = text.length;
  /** Open elements, innermost last; `open` counts them by name so an unmatched end tag costs O(1). */
  const stack: string[] = [];
  const open = new Map<string, number>();
  /** htmlparser2's foreign context: inside svg or math, `<x/>` closes itself (always in XML). */
  const foreign: boolean[] = [!html];
  let depth = 0;
  let elements = 0;
  let longestText = 0;

  const push = (name: string) => {
    stack.push(name);
    open.set(name, (open.get(name) ?? 0) + 1);
  };
  const pop = () => {
    const name = stack.pop() as string;
    open.set(name, (open.get(name) ?? 1) - 1);
    return name;
  };
  const closeThrough = (name: string) => {
    if (!open.get(name)) return false;
    while (pop() !== name);
    return true;
  };
  /** An element the parser makes inside the open ones. */
  const countElement = () => {
    elements += 1;
    if (elements > maxElements) throw new UnreadablePageError("too_many_elements");
    if (stack.length + 1 > depth) {
      depth = stack.length + 1;
      if (depth > limits.maxDepth) throw new UnreadablePageError("too_deep");
    }
  };
  const textRun = (from: number, to: number) => {
    if (to - from > longestText) {
      longestText = to - from;
      if (longestText > limits.maxTextRun) throw new UnreadablePageError("text_too_long");
    }
  };
  const skipPast = (marker: string, from: number) => {
    const at = text.indexOf(marker, from);
    return at === -1 ? length : at + marker.length;
  };

  let i = 0;
  while (i < length) {
    const lt = text.indexOf("<", i);
    const textEnd = lt === -1 ? length : lt;
    textRun(i, textEnd);
    if (lt === -1) break;
    const next = text.charCodeAt(lt + 1);
    if (next === BANG) {
      if (text.startsWith("--", lt + 2)) i = skipPast("-->", lt + 4);
      else if (text.startsWith("[CDATA[", lt + 2)) {
        const end = text.indexOf("]]>", lt + 9);
        textRun(lt + 9, end === -1 ? length : end);
        i = end === -1 ? length : end + 3;
      } else i = skipPast(">", lt + 2);
      continue;
    }
    if (next === QUESTION) {
      i = skipPast(">", lt + 2);
      continue;
    }
    if (next === SLASH) {
      i = endTag(lt + 2);
      continue;
    }
    if (html ? isAsciiAlpha(next) : !Number.isNaN(next) && !endsTagSection(next)) {
      i = startTag(lt + 1);
      continue;
    }
    // A lone "<" is text; the run goes on.
    i = lt + 1;
  }
  return { depth, elements, longestText, replacements };

  function tagName(from: number): { name: string; end: number } {
    let end = from;
    while (end < length && !endsTagSection(text.charCodeAt(end))) end += 1;
    const name = text.slice(from, end);
    return { name: html ? name.toLowerCase() : name, end };
  }

  /** `</name ...>`: closes the innermost open `name` and everything inside it, or nothing. */
  function endTag(from: number): number {
    let at = from;
    while (at < length && isWhitespace(text.charCodeAt(at))) at += 1;
    const first = text.charCodeAt(at);
    if (first === GT) return at + 1;
    if (!(html ? isAsciiAlpha(first) : at < length && !endsTagSection(first))) return skipPast(">", at);
    let end = at;
    while (end < length && text.charCodeAt(end) !== GT && !isWhitespace(text.charCodeAt(end))) end += 1;
    const name = html ? text.slice(at, end).toLowerCase() : text.slice(at, end);
    if (html && (FOREIGN.has(name) || HTML_INTEGRATION.has(name)) && foreign.length > 1) foreign.pop();
    if (!html || !VOID.has(name)) {
      // An unmatched </p> makes an empty <p>.
      if (!closeThrough(name) && html && name === "p") countElement();
    } else if (name === "br") countElement();
    return skipPast(">", end);
  }

  /** `<name attributes>` or `<name attributes/>`; returns where the markup after it starts. */
  function startTag(from: number): number {
    const { name, end } = tagName(from);
    if (html) {
      const closes = IMPLIED_CLOSE.get(name);
      while (closes && stack.length > 0 && closes.includes(stack[stack.length - 1] as string)) pop();
    }
    countElement();
    const isVoid = html && VOID.has(name);
    if (!isVoid) {
      push(name);
      if (html && FOREIGN.has(name)) foreign.push(true);
      else if (html && HTML_INTEGRATION.has(name)) foreign.push(false);
    }
    const { end: tagEnd, selfClosing } = attributesEnd(end);
    if (selfClosing && (!html || foreign[foreign.length - 1]) && stack[stack.length - 1] === name) pop();
    const raw = html && !selfClosing ? RAW_TEXT.get(name) : undefined;
    if (!raw) return tagEnd;
    raw.lastIndex = tagEnd;
    const close = raw.exec(text);
    const rawEnd = close ? close.index : length;
    if (!NOT_TEXT.has(name)) textRun(tagEnd, rawEnd);
    return rawEnd;
  }

  /** Past the attributes to the tag's `>`, quoted values skipped whole. */
  function attributesEnd(from: number): { end: number; selfClosing: boolean } {
    let at = from;
    let slash = false;
    while (at < length) {
      const c = text.charCodeAt(at);
      if (c === GT) return { end: at + 1, selfClosing: slash };
      if (c === SLASH) {
        slash = true;
        at += 1;
        continue;
      }
      if (isWhitespace(c)) {
        at += 1;
        continue;
      }
      slash = false;
      // An attribute name, then maybe `=` and a value.
      while (at < length && !endsTagSection(text.charCodeAt(at)) && text.charCodeAt(at) !== EQUALS) at += 1;
      while (at < length && isWhitespace(text.charCodeAt(at))) at += 1;
      if (text.charCodeAt(at) !== EQUALS) continue;
      at += 1;
      while (at < length && isWhitespace(text.charCodeAt(at))) at += 1;
      const quote = text.charCodeAt(at);
      if (quote === 0x22 || quote === 0x27) {
        const close = text.indexOf(String.fromCharCode(quote), at + 1);
        at = close === -1 ? length : close + 1;
      } else {
        while (at < length && text.charCodeAt(at) !== GT && !isWhitespace(text.charCodeAt(at))) at += 1;
      }
    }
    return { end: length, selfClosing: false };
  }
}
