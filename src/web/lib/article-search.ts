import { ARTICLE_PARAM } from "../../domain/landing-query";

/** The page URL that opens the article viewer on this article (shareable): docs/product.md, Addresses. */
export function articleSearch(id: string): string {
  return `?${ARTICLE_PARAM}=${encodeURIComponent(id)}`;
}
