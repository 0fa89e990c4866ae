/** One block of visible text (a paragraph, heading, list item, ...) from a DOM subtree. */
export type TextBlock = {
  text: string;
  /** The block is (inside) an h1-h6 element. */
  heading: boolean;
  /** Counts of non-space characters: in all, inside links, inside links to the page's own site, in italics. */
  chars: number;
  linkChars: number;
  internalLinkChars: number;
  italicChars: number;
  /** An image comes right before the block's text (nothing but markup between them); "" or its alt text. */
  imageBefore: { alt: string } | null;
};

export type TextBlockOptions = {
  /** Tells links to the page's own site (navigation, teasers) from links elsewhere. */
  isInternalLink?: (href: string) => boolean;
};

const BLOCK_TAGS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "center",
  "dd",
  "details",
  "dialog",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "thead",
  "tfoot",
  "tr",
  "ul",
]);

const SKIPPED_TAGS = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "math",
  "iframe",
  "object",
  "embed",
  "canvas",
  "video",
  "audio",
  "select",
  "option",
  "button",
  "input",
  "textarea",
  "head",
  "title",
  "meta",
  "link",
]);

const HEADING_TAGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

function tidy(text: string): string {
  return text
    .replace(/ +/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Walks `root` and returns its text split into blocks, in document order. */
export function textBlocks(root: Node, options: TextBlockOptions = {}): TextBlock[] {
  const blocks: TextBlock[] = [];
  const headingStack: boolean[] = [false];
  let parts: string[] = [];
  let counts = { chars: 0, linkChars: 0, internalLinkChars: 0, italicChars: 0 };
  let linkDepth = 0;
  let internalLinkDepth = 0;
  let italicDepth = 0;
  let imageBefore: TextBlock["imageBefore"] = null;

  const flush = (): void => {
    const text = tidy(parts.join(""));
    if (text.length > 0) {
      blocks.push({ text, heading: headingStack.at(-1) ?? false, ...counts, imageBefore });
      imageBefore = null;
    }
    parts = [];
    counts = { chars: 0, linkChars: 0, internalLinkChars: 0, italicChars: 0 };
  };

  const visit = (node: Node): void => {
    if (node.nodeType === TEXT_NODE) {
      // Source line breaks are plain whitespace in HTML; only <br> breaks a line.
      const value = (node.nodeValue ?? "").replace(/\s+/g, " ");
      parts.push(value);
      const chars = value.replace(/ /g, "").length;
      counts.chars += chars;
      if (linkDepth > 0) counts.linkChars += chars;
      if (internalLinkDepth > 0) counts.internalLinkChars += chars;
      if (italicDepth > 0) counts.italicChars += chars;
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const element = node as Element;
    const tag = element.localName;
    if (SKIPPED_TAGS.has(tag)) return;
    if (tag === "br") {
      parts.push("\n");
      return;
    }
    if (tag === "img") {
      if (counts.chars === 0) imageBefore = { alt: element.getAttribute("alt")?.trim() ?? "" };
      return;
    }
    const block = BLOCK_TAGS.has(tag);
    if (block) {
      flush();
      headingStack.push(HEADING_TAGS.has(tag) || (headingStack.at(-1) ?? false));
    }
    const link = tag === "a";
    const internal = link && (options.isInternalLink?.(element.getAttribute("href") ?? "") ?? false);
    const italic = tag === "i" || tag === "em";
    linkDepth += Number(link);
    internalLinkDepth += Number(internal);
    italicDepth += Number(italic);
    for (let child = node.firstChild; child; child = child.nextSibling) visit(child);
    linkDepth -= Number(link);
    internalLinkDepth -= Number(internal);
    italicDepth -= Number(italic);
    if (block) {
      flush();
      headingStack.pop();
    } else if (tag === "td" || tag === "th") {
      parts.push(" ");
    }
  };

  visit(root);
  flush();
  return blocks;
}
