/**
 * Longest text each article field holds, in characters; what a fetched page fills in is cut to fit.
 * Apart from content.ts, which holds the zod schemas, so the reader's code in the browser can cut
 * text to size without loading zod (decision 008).
 */
export const ARTICLE_LIMITS = {
  title: 300,
  outlet: 120,
  description: 2000,
  content: 200_000,
  bylineNote: 200,
} as const;
