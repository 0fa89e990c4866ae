/** The tags visitors can filter by. Kept apart from the zod schemas so the page bundle stays small. */
export const PUBLIC_TAGS = ["news", "interview", "investigation", "data", "comment"] as const;
export type PublicTag = (typeof PUBLIC_TAGS)[number];

const PUBLIC_TAG_SET: ReadonlySet<string> = new Set(PUBLIC_TAGS);

export function isPublicTag(value: string): value is PublicTag {
  return PUBLIC_TAG_SET.has(value);
}
