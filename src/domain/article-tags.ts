import type { Article } from "./content";
import knownArticleTags from "./known-article-tags.json";
import { articleUrlKey as urlKey } from "./article-url";
import { isPublicTag, type PublicTag } from "./public-tags";

/** The public tags among `tags`, lower-cased, in their order, each once. */
function publicTags(tags: readonly string[]): PublicTag[] {
  const found = new Set<PublicTag>();
  for (const tag of tags) {
    const value = tag.trim().toLowerCase();
    if (isPublicTag(value)) found.add(value);
  }
  return [...found];
}

/** The built-in map of known article URLs to tags, for articles stored without valid tags. */
const KNOWN_TAGS: ReadonlyMap<string, PublicTag[]> = new Map(
  Object.entries(knownArticleTags as Record<string, string[]>).map(([url, tags]) => [
    urlKey(url),
    publicTags(tags),
  ]),
);

/**
 * An article's type badges: its own public tags (case-insensitive, each once), else the tags
 * the built-in map knows for its URL, else none.
 */
export function typeBadges(article: Pick<Article, "tags" | "url">): PublicTag[] {
  const own = publicTags(article.tags);
  if (own.length > 0) return own;
  return [...(KNOWN_TAGS.get(urlKey(article.url)) ?? [])];
}
