import type { Article, ArticleInput } from "../../../../domain/content";
import { isPublicTag, PUBLIC_TAGS } from "../../../../domain/public-tags";

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
export function draftTags(draft: Pick<ArticleDraft, "publicTags" | "otherTags">): string[] {
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
  return { ...rest, tags: draftTags(draft) };
}

/** `POST /api/articles/fetch-details`: the fields the server read from the article's page. */
export type FetchedDetails = Pick<
  ArticleInput,
  "title" | "outlet" | "date" | "image" | "description" | "content"
>;

export const FETCHED_FIELDS = ["title", "outlet", "date", "image", "description", "content"] as const;

/**
 * 'Fetch details' fills the draft by one rule: every field the page gave a value for takes that
 * value (over the default or whatever is typed there), and a field the page had nothing for keeps
 * what it holds. So Fetch details never empties a field. It only changes the draft: nothing is
 * saved until Save, and 'Discard changes' brings back the saved article.
 */
export function applyFetchedDetails(draft: ArticleDraft, details: Partial<FetchedDetails>): ArticleDraft {
  const next = { ...draft };
  for (const field of FETCHED_FIELDS) {
    const value = details[field];
    if (typeof value === "string" && value.trim() !== "") next[field] = value;
  }
  return next;
}

/** The fields `applyFetchedDetails` would change: none means the page told us nothing new. */
export function fetchedChanges(draft: ArticleDraft, details: Partial<FetchedDetails>): string[] {
  const next = applyFetchedDetails(draft, details);
  return FETCHED_FIELDS.filter((field) => next[field] !== draft[field]);
}
