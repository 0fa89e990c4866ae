import type { Article } from "../../../domain/content";
import knownArticleTags from "./known-article-tags.json";
import { isPublicTag, type PublicTag } from "../../../domain/public-tags";

/** The public tags among `tags`, lower-cased, in their order, each once. */
function publicTags(tags: readonly string[]): PublicTag[] {
  const found = new Set<PublicTag>();
  for (const tag of tags) {
    const value = tag.trim().toLowerCase();
    if (isPublicTag(value)) found.add(value);
  }
  return [...found];
}

/**
 * The key under which an article URL is looked up: scheme, 'www.', the fragment and trailing
 * slashes do not matter, and neither does case (pasted links vary in all of these).
 */
function urlKey(url: string): string {
  const value = url.trim().toLowerCase();
  try {
    const parsed = new URL(value);
    const host = parsed.host.replace(/^www\./, "");
    return `${host}${parsed.pathname.replace(/\/+$/, "")}${parsed.search}`;
  } catch {
    return value
      .replace(/^[a-z]+:\/\//, "")
      .replace(/^www\./, "")
      .replace(/#.*$/, "")
      .replace(/\/+$/, "");
  }
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
export function articleTags(article: Pick<Article, "tags" | "url">): PublicTag[] {
  const own = publicTags(article.tags);
  if (own.length > 0) return own;
  return [...(KNOWN_TAGS.get(urlKey(article.url)) ?? [])];
}
