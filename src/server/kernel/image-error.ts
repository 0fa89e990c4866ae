export type ImageErrorCode = "load_failed" | "invalid_image" | "too_large";

/** Why an article image could not be served; `message` is the reason, fit for a log line. */
export class ImageError extends Error {
  override readonly name = "ImageError";

  constructor(
    readonly code: ImageErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
