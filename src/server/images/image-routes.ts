import { Hono } from "hono";
import { z } from "zod";
import { isCacheableImage } from "../../domain/image-src";
import type { AppContext, AppEnv } from "../kernel/http/app-env";
import { apiError } from "../kernel/http/api-error";
import { createRateLimiter } from "../kernel/http/rate-limiter";
import { createTtlCache } from "../kernel/ttl-cache";
import type { ImageService } from "./image-service";
import { matchesEtag } from "../kernel/http/etag";
import { errorReason } from "../../domain/error-reason";

/** With the content hash in the URL (`&v=`), the response can never change: cache it for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Without it, browsers keep the image a day and then revalidate with If-None-Match. */
const REVALIDATE = "public, max-age=86400";
/** After a failure the same image is answered with 502 at once for a minute, not fetched again. */
const FAILURE_TTL_MS = 60 * 1000;

/** `w` and `f` pick one stored copy; without `f` the Accept header chooses between WebP and JPEG/PNG. */
const variantQuery = z.object({
  w: z
    .string()
    .regex(/^[1-9][0-9]{0,3}$/)
    .transform(Number)
    .optional(),
  f: z.enum(["base", "webp"]).optional(),
});

/** Downloads one address may cause (images not stored yet) per window; stored images are never limited. */
const MISS_WINDOW_MS = 10 * 60 * 1000;

export type ImageRouteOptions = {
  clientIp: (c: AppContext) => string;
  missesPerAddress: number;
};

/** `GET /images?url=…`: article and site images, resized and cached (docs/product.md, Images). */
export function imageRoutes(
  images: Pick<ImageService, "cache" | "isKnownImage">,
  options: ImageRouteOptions,
) {
  const failures = createTtlCache<string>({ ttlMs: FAILURE_TTL_MS, maxEntries: 500 });
  const misses = createRateLimiter({ limit: options.missesPerAddress, windowMs: MISS_WINDOW_MS });
  return new Hono<AppEnv>().get("/images", async (c) => {
    const url = c.req.query("url") ?? "";
    if (!isCacheableImage(url)) {
      return apiError(c, 400, "invalid_url", "Give the image's full http(s) address as ?url=.");
    }
    const variant = variantQuery.safeParse({ w: c.req.query("w"), f: c.req.query("f") });
    if (!variant.success) {
      return apiError(
        c,
        400,
        "invalid_variant",
        "Give w as a width in pixels (1 to 9999) and f as base or webp, or leave them out.",
      );
    }
    if (!images.isKnownImage(url)) {
      return apiError(c, 404, "unknown_image", "Only images used by this site's articles are served here.");
    }
    const failed = failures.get(url);
    if (failed !== undefined) return imageFailure(c, failed);
    if (!(await images.cache.has(url))) {
      const address = options.clientIp(c);
      if (!misses.hit(address)) {
        c.header("Retry-After", String(misses.retryAfterSeconds(address)));
        c.header("Cache-Control", "no-store");
        return apiError(
          c,
          429,
          "too_many_images",
          "Too many new images from your address. Try again in a few minutes.",
        );
      }
    }
    const { w: width, f } = variant.data;
    const negotiated = f === undefined;
    const format = f ?? (/(^|[\s,])image\/webp\b/i.test(c.req.header("accept") ?? "") ? "webp" : "base");
    let image;
    try {
      image = await images.cache.get(url, { format, width });
    } catch (error) {
      // The cache has logged 'Failed to load image' or 'Failed to cache image: {reason}'.
      const reason = errorReason(error);
      failures.set(url, reason);
      return imageFailure(c, reason);
    }
    // `v` is the stored version pages link (or, in older links, this copy's own ETag).
    const version = c.req.query("v");
    const current = version !== undefined && (version === image.version || `"${version}"` === image.etag);
    const headers: Record<string, string> = {
      ETag: image.etag,
      "Cache-Control": current ? IMMUTABLE : REVALIDATE,
    };
    if (negotiated) headers["Vary"] = "Accept";
    if (matchesEtag(c.req.header("if-none-match"), image.etag)) return c.body(null, 304, headers);
    // No Content-Length here: the Node adapter sets it for a byte body, and two would make the
    // response invalid for strict clients. A view of the cached bytes, not a copy.
    const body = new Uint8Array(image.body.buffer as ArrayBuffer, image.body.byteOffset, image.body.length);
    return c.body(body, 200, { ...headers, "Content-Type": image.contentType });
  });
}

function imageFailure(c: Parameters<typeof apiError>[0], reason: string) {
  c.header("Cache-Control", "no-store");
  return apiError(c, 502, "image_failed", `Failed to cache image: ${reason}`);
}
