import { z } from "./zod";
import { isHttpUrl, isSitePath } from "./safe-url";

const URL_MESSAGE = "Use a full web address starting with http:// or https://";

/** Required absolute http(s) URL. */
export const httpUrl = z
  .string()
  .trim()
  .max(2048, "Keep the address under 2048 characters")
  .refine(isHttpUrl, URL_MESSAGE);

/** http(s) URL or empty (new items are created with empty URLs). */
export const optionalHttpUrl = z.union([z.literal(""), httpUrl]);

/** Image address: empty, absolute http(s), or a path served by this site. */
export const imageUrl = z
  .string()
  .trim()
  .max(2048, "Keep the address under 2048 characters")
  .refine((v) => v === "" || isHttpUrl(v) || isSitePath(v), "Use an http(s) address or a path on this site");
