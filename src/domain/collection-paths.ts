/**
 * Where a collection's pages and clip books are. Apart from collections.ts, which holds its zod
 * schemas, so the public page can link to them without loading zod (decision 008).
 */
export const collectionPath = (token: string) => `/c/${token}`;
/** A public collection's own page. */
export const publicCollectionPath = (id: string) => `/collections/${encodeURIComponent(id)}`;

/** The owner's PDF clip book of one collection, whatever its visibility. */
export const collectionClipBookPath = (id: string) =>
  `/api/collections/${encodeURIComponent(id)}/clip-book.pdf`;
/** The PDF clip book of an unlisted collection, for whoever has its link. */
export const unlistedClipBookPath = (token: string) => `/api/collections/by-token/${token}/clip-book.pdf`;
