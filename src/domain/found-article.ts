import { typeBadges } from "./article-tags";
import { articleInputSchema, type ArticleInput } from "./content";
import type { PublicTag } from "./public-tags";

/** What a page read for the owner says of itself (the watch's clip, the import's candidate). */
export type FoundArticle = {
  title: string;
  outlet: string;
  url: string;
  date: string;
  description: string;
  image: string;
  content: string;
};

const TAG_HINTS: { tag: PublicTag; pattern: RegExp }[] = [
  { tag: "comment", pattern: /\b(?:opinion|comment|commentisfree|column|columns|editorial|op-?ed|views?)\b/ },
  { tag: "interview", pattern: /\b(?:interview|interviews|q-?and-?a)\b/ },
  { tag: "investigation", pattern: /\b(?:investigation|investigations|investigates|special-report)\b/ },
  { tag: "data", pattern: /\b(?:data|datablog|graphics|charts)\b/ },
];

/**
 * The tags an article found on a page joins the portfolio with: the built-in map's for its
 * address, else what its address's sections say (`/opinion/`, `/interviews/`…), else news.
 */
export function foundArticleTags(url: string): PublicTag[] {
  const known = typeBadges({ tags: [], url });
  if (known.length > 0) return known;
  let sections = "";
  try {
    sections = new URL(url).pathname.toLowerCase().split("/").slice(0, -1).join(" ");
  } catch {
    return ["news"];
  }
  return [TAG_HINTS.find(({ pattern }) => pattern.test(sections))?.tag ?? "news"];
}

/**
 * The article a found page becomes (the clip watch's Add, the import's add): the one place it is
 * built. Undefined when its details cannot make an article.
 */
export function foundArticleInput(found: FoundArticle): ArticleInput | undefined {
  const { title, outlet, url, date, description, image, content } = found;
  const parsed = articleInputSchema.safeParse({
    title,
    outlet,
    url,
    date,
    description,
    image,
    content,
    tags: foundArticleTags(url),
  });
  return parsed.success ? parsed.data : undefined;
}
