import { isHttpUrl, isSitePath } from "./safe-url";
import { isUploadPath } from "./uploads";

/** The server's image cache endpoint (`GET /api/images?url=…`; docs/product.md, Images). */
export const IMAGE_CACHE_PATH = "/api/images";

/** The demo content's pictures, shipped in `public/demo/`. */
const DEMO_IMAGE = /^\/demo\/[a-z0-9-]+\.(jpg|png|webp)$/;

/** Images the cache serves: absolute http(s) ones, uploads and the demo pictures. */
export function isCacheableImage(value: string): boolean {
  return isHttpUrl(value) || isUploadPath(value) || DEMO_IMAGE.test(value);
}

export function isDemoImagePath(value: string): boolean {
  return DEMO_IMAGE.test(value);
}

/**
 * The `src` to render for a stored image address. Absolute http(s) images go through our image
 * cache (resized, served from our origin, so the visitor never contacts the publisher), and so do
 * uploads (`/uploads/…`, stored full size) and the demo pictures; other paths on this site stay as
 * they are; anything else (empty, `javascript:`, `data:`, protocol-relative `//host`) gives "" so
 * the caller renders no image.
 */
export function imageCacheSrc(url: string | null | undefined): string {
  const value = (url ?? "").trim();
  if (value === "") return "";
  if (isCacheableImage(value)) return `${IMAGE_CACHE_PATH}?url=${encodeURIComponent(value)}`;
  if (isSitePath(value)) return value;
  return "";
}

/** What the image cache has stored for an image: its content version and widths (`GET /api/images`). */
export type ImageVersion = { v: string; widths: number[] };

/**
 * The widths the image cache stores (never wider than the original) and pages list in `srcset`.
 * 800 serves a phone's portrait (about 660 device pixels at 375 px and DPR 2) without jumping to 960.
 */
export const IMAGE_WIDTHS = [320, 480, 640, 800, 960, 1280] as const;

/** Widths listed before the image is stored; the cache answers each with its nearest stored width. */
export const DEFAULT_IMAGE_WIDTHS: readonly number[] = IMAGE_WIDTHS;

/** `src` for browsers without `srcset`: a width that suits most layouts. */
const FALLBACK_WIDTH = 640;

/**
 * One image in every stored width, as `srcset` lists for a `<picture>`: WebP in its `<source>`, and
 * JPEG (or PNG) in the `<img>`. With the stored version each URL carries `&v=` and is cached for a
 * year. Null when the image is not served through the cache (a path on this site, or no image).
 */
export function responsiveImage(
  url: string,
  version?: ImageVersion,
): { src: string; srcSet: string; webpSrcSet: string } | null {
  const base = imageCacheSrc(url);
  if (!base.startsWith(IMAGE_CACHE_PATH)) return null;
  const widths = version?.widths ?? DEFAULT_IMAGE_WIDTHS;
  const tail = version ? `&v=${encodeURIComponent(version.v)}` : "";
  const at = (width: number, format: "base" | "webp") => `${base}&w=${width}&f=${format}${tail}`;
  const list = (format: "base" | "webp") =>
    widths.map((width) => `${at(width, format)} ${width}w`).join(", ");
  const fallback = widths.find((width) => width >= FALLBACK_WIDTH) ?? (widths.at(-1) as number);
  return { src: at(fallback, "base"), srcSet: list("base"), webpSrcSet: list("webp") };
}
