import { parseHTML } from "linkedom";
import { checkMarkup } from "../parse/markup-limits";
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
  const fragment = `<!doctype html><html><body>${body}</body></html>`;
  // JSON-LD and meta values were not checked as markup with the page: check them on their own.
  checkMarkup(fragment, "html");
  const { document } = parseHTML(fragment);
  return textBlocks(document.body).flatMap((block) => block.text.split(/\n+/));
}

/** A single line of plain text from a value that may hold HTML or entities. */
export function fragmentText(value: string): string {
  return fragmentParagraphs(value).join(" ").trim();
}
