/** One block of visible text (a paragraph, heading, list item, ...) from a DOM subtree. */
export type TextBlock = {
  text: string;
  /** Characters of `text` that sit inside links: high ratios mark navigation and teasers. */
  linkChars: number;
  /** The block is (inside) an h1-h6 element. */
  heading: boolean;
};

const BLOCK_TAGS = new Set([
  "address", "article", "aside", "blockquote", "body", "center", "dd", "details", "dialog", "div", "dl", "dt",
  "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup",
  "hr", "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "thead", "tfoot", "tr", "ul",
]);

const SKIPPED_TAGS = new Set([
  "script", "style", "noscript", "template", "svg", "math", "iframe", "object", "embed", "canvas", "video", "audio",
  "select", "option", "button", "input", "textarea", "head", "title", "meta", "link",
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
export function textBlocks(root: Node): TextBlock[] {
  const blocks: TextBlock[] = [];
  const headingStack: boolean[] = [false];
  let parts: string[] = [];
  let linkChars = 0;
  let linkDepth = 0;

  const flush = (): void => {
    const text = tidy(parts.join(""));
    if (text.length > 0) {
      blocks.push({ text, linkChars: Math.min(linkChars, text.length), heading: headingStack.at(-1) ?? false });
    }
    parts = [];
    linkChars = 0;
  };

  const visit = (node: Node): void => {
    if (node.nodeType === TEXT_NODE) {
      // Source line breaks are plain whitespace in HTML; only <br> breaks a line.
      const value = (node.nodeValue ?? "").replace(/\s+/g, " ");
      parts.push(value);
      if (linkDepth > 0) linkChars += value.length;
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const tag = (node as Element).localName;
    if (SKIPPED_TAGS.has(tag)) return;
    if (tag === "br") {
      parts.push("\n");
      return;
    }
    const block = BLOCK_TAGS.has(tag);
    if (block) {
      flush();
      headingStack.push(HEADING_TAGS.has(tag) || (headingStack.at(-1) ?? false));
    }
    if (tag === "a") linkDepth += 1;
    for (let child = node.firstChild; child; child = child.nextSibling) visit(child);
    if (tag === "a") linkDepth -= 1;
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
