import { checkMarkup } from "../parse/markup-limits";
import { decodeHtml } from "./decode-html";
import { extractArticle, NoArticleTextError, type ExtractedArticle } from "./extract-article";

/**
 * What reader mode, Fetch details and Archive now make of a fetched page, run in a parse worker
 * (reader-service.ts): its bytes decoded, checked against the markup limits (throws
 * UnreadablePageError), then extracted. Null for a blank page; a page without article text keeps
 * what its metadata says, with no content.
 */
export function readArticlePage(
  page: { body: Uint8Array; contentType: string },
  pageUrl: string,
): ExtractedArticle | null {
  const html = decodeHtml(page);
  if (html.trim() === "") return null;
  checkMarkup(html, "html");
  try {
    return extractArticle(html, pageUrl);
  } catch (error) {
    // A page without article text still opens in reader mode, with the article's description
    // (docs/product.md, Article viewer: 'Reader, nothing to show').
    if (error instanceof NoArticleTextError) return { ...error.metadata, content: "", paragraphs: [] };
    throw error;
  }
}
