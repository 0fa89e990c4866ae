import { isHttpUrl, isSitePath } from "./safe-url";
import { isUploadPath } from "./uploads";

/** The server's image cache endpoint (`GET /api/images?url=…`; docs/product.md, Images). */
export const IMAGE_CACHE_PATH = "/api/images";

/**
 * The `src` to render for a stored image address. Absolute http(s) images go through our image
 * cache (resized, served from our origin, so the visitor never contacts the publisher), and so do
 * uploads (`/uploads/…`, stored full size); other paths on this site stay as they are; anything
 * else (empty, `javascript:`, `data:`, protocol-relative `//host`) gives "" so the caller renders
 * no image.
 */
export function imageCacheSrc(url: string | null | undefined): string {
  const value = (url ?? "").trim();
  if (value === "") return "";
  if (isSitePath(value) && !isUploadPath(value)) return value;
  if (isHttpUrl(value) || isUploadPath(value)) return `${IMAGE_CACHE_PATH}?url=${encodeURIComponent(value)}`;
  return "";
}
