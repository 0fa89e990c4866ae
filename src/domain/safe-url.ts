import { z } from "zod";

const SAFE_LINK_SCHEMES = new Set(["http:", "https:"]);

/** True for absolute http(s) URLs: the only schemes we ever store or fetch. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return SAFE_LINK_SCHEMES.has(url.protocol) && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A path on this site, such as `/demo/photo.jpg` (never `//host`, which is another site). */
export function isSitePath(value: string): boolean {
  return /^\/(?!\/)[^\s\\]*$/.test(value);
}

/** What a visitor's browser may follow: http(s), mailto and our own paths. Anything else becomes '#'. */
export function safeHref(value: string | undefined | null): string {
  if (!value) return "#";
  if (isSitePath(value) || isHttpUrl(value)) return value;
  if (/^mailto:[^\s]+@[^\s]+$/i.test(value)) return value;
  return "#";
}

const URL_MESSAGE = "Use a full web address starting with http:// or https://";

/** Required absolute http(s) URL. */
export const httpUrl = z.string().trim().max(2048, "Keep the address under 2048 characters").refine(isHttpUrl, URL_MESSAGE);

/** http(s) URL or empty (the spec's defaults create items with empty URLs). */
export const optionalHttpUrl = z.union([z.literal(""), httpUrl]);

/** Image address: empty, absolute http(s), or a path served by this site. */
export const imageUrl = z
  .string()
  .trim()
  .max(2048, "Keep the address under 2048 characters")
  .refine((v) => v === "" || isHttpUrl(v) || isSitePath(v), "Use an http(s) address or a path on this site");
