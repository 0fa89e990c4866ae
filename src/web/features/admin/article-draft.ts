import type { Article, ArticleInput } from "../../../domain/content";
import { isPublicTag, PUBLIC_TAGS } from "../../../domain/public-tags";

/** The article editor's state: public tags as ticks, any other tags as comma-separated text. */
export type ArticleDraft = Omit<ArticleInput, "tags"> & { publicTags: string[]; otherTags: string };

const isPublic = (tag: string) => isPublicTag(tag.trim().toLowerCase());

export function articleToDraft(item: Pick<Article, keyof ArticleInput>): ArticleDraft {
  const { tags, ...rest } = item;
  return {
    ...rest,
    publicTags: PUBLIC_TAGS.filter((tag) => tags.some((own) => own.trim().toLowerCase() === tag)),
    otherTags: tags.filter((tag) => !isPublic(tag)).join(", "),
  };
}

/**
 * Public tags first in their fixed order (typing one among the free tags ticks it), then the
 * free tags as typed, each tag once.
 */
export function articleTags(draft: Pick<ArticleDraft, "publicTags" | "otherTags">): string[] {
  const free = draft.otherTags
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "");
  const ticked = (tag: string) =>
    draft.publicTags.includes(tag) || free.some((own) => own.toLowerCase() === tag);
  const tags = [...PUBLIC_TAGS.filter(ticked), ...free.filter((tag) => !isPublic(tag))];
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function articleToInput(draft: ArticleDraft): ArticleInput {
  const { publicTags: _publicTags, otherTags: _otherTags, ...rest } = draft;
  return { ...rest, tags: articleTags(draft) };
}
