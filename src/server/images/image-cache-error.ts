export type ImageCacheErrorCode = "load_failed" | "invalid_image" | "too_large";

/** Why an article image could not be served; `message` is the reason, fit for a log line. */
export class ImageCacheError extends Error {
  override readonly name = "ImageCacheError";

  constructor(
    readonly code: ImageCacheErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
