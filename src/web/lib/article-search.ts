/** The page URL that opens the article viewer on this article (shareable): docs/product.md, Addresses. */
export function articleSearch(id: string): string {
  return `?article=${encodeURIComponent(id)}`;
}
