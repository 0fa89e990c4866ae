import { z } from "./zod";

/**
 * Collections: a few clips chosen and ordered for one pitch, with a short introduction. Who may
 * see one: anyone (a filter of the front page's Portfolio), only people with its unlisted link
 * (`/c/<token>`), or only the owner (a draft).
 */
export const COLLECTION_LIMITS = { title: 120, introduction: 1000, articles: 50 } as const;

export const COLLECTION_VISIBILITIES = ["public", "unlisted", "private"] as const;
export type CollectionVisibility = (typeof COLLECTION_VISIBILITIES)[number];

/** Random bytes in an unlisted link's token: 144 bits, more than the 128 that cannot be guessed. */
export const UNLISTED_TOKEN_BYTES = 18;

/** An unlisted link's token as the server makes it: base64url of `UNLISTED_TOKEN_BYTES` random bytes. */
export const unlistedTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{24}$/, "Not a collection link");

export const collectionInputSchema = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, "Title is required")
    .max(COLLECTION_LIMITS.title, `Keep it under ${COLLECTION_LIMITS.title} characters`),
  introduction: z
    .string()
    .trim()
    .max(COLLECTION_LIMITS.introduction, `Keep it under ${COLLECTION_LIMITS.introduction} characters`)
    .default(""),
  /** In the order the page shows them; which of them exist is the server's to check. */
  articleIds: z
    .array(z.string().min(1).max(100))
    .max(COLLECTION_LIMITS.articles, `At most ${COLLECTION_LIMITS.articles} articles`)
    .refine((ids) => new Set(ids).size === ids.length, "Each article may be chosen once")
    .default([]),
  visibility: z.enum(COLLECTION_VISIBILITIES, "Choose Public, Unlisted link or Private"),
});
export type CollectionInput = z.infer<typeof collectionInputSchema>;

/** A stored collection as the owner's API answers it. The token is the unlisted link's. */
export type ClipCollection = CollectionInput & {
  id: string;
  token: string;
  createdAt: string;
  updatedAt: string;
};

/** What a visitor may learn of a public or unlisted collection: never its token or visibility. */
export type PublicCollection = Pick<ClipCollection, "id" | "title" | "introduction" | "articleIds">;
