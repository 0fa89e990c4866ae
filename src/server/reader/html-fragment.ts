import { parseHTML } from "linkedom";
import { textBlocks } from "./block-text";

/**
 * Paragraphs of a string that may hold HTML or entities (JSON-LD and some meta values do).
 * Plain text keeps its own line breaks; markup is parsed as a small separate document.
 */
export function fragmentParagraphs(value: string): string[] {
  const markup = /<[a-z!/]/i.test(value);
  if (!markup && !value.includes("&")) {
    return value
      .split(/\s*\n\s*/)
      .map((p) => p.replace(/\s+/g, " ").trim())
      .filter((p) => p.length > 0);
  }
  const body = markup ? value : value.replace(/</g, "&lt;").replace(/\r?\n/g, "<br><br>");
  const { document } = parseHTML(`<!doctype html><html><body>${body}</body></html>`);
  return textBlocks(document.body).flatMap((block) => block.text.split(/\n+/));
}

/** A single line of plain text from a value that may hold HTML or entities. */
export function fragmentText(value: string): string {
  return fragmentParagraphs(value).join(" ").trim();
}
