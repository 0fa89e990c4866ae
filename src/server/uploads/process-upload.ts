import sharp from "sharp";
import type { Sharp } from "sharp";
import { UPLOAD_MAX_BYTES, type UploadExtension } from "../../domain/uploads";
import { IMAGE_LIMITS } from "../kernel/process-image";

export class UploadError extends Error {
  constructor(
    readonly status: 400 | 413,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type CleanImage = { body: Buffer; extension: UploadExtension; width: number; height: number };

const REFUSED = "Upload a JPEG, PNG, WebP, AVIF or GIF image.";

/** The container sharp reports, mapped to the stored extension; AVIF is sharp's 'heif' with AV1 inside. */
function extensionOf(metadata: sharp.Metadata): UploadExtension | undefined {
  switch (metadata.format) {
    case "jpeg":
      return "jpg";
    case "png":
    case "webp":
    case "gif":
      return metadata.format;
    case "heif":
      return metadata.compression === "av1" ? "avif" : undefined;
    default:
      return undefined;
  }
}

/**
 * Reads an image's header (format, size, frames) without decoding its pixels. sharp's own pixel
 * limit is off here: it would refuse a header claiming a huge size with the same error as a file
 * that is no image at all, while the caller answers it with the size and its own, lower, limit.
 */
export function readImageHeader(input: Buffer): Promise<sharp.Metadata> {
  return sharp(input, { limitInputPixels: false }).metadata();
}

/**
 * Checks an uploaded file by its content (never by its name or type header): the format and the
 * pixel limit from its header, before anything is decoded, then by decoding it. Re-encodes it in
 * the same format: orientation applied first, then every metadata block (EXIF with GPS, XMP, IPTC,
 * ICC, comments) left behind, because sharp writes none unless asked. Animated GIF and WebP keep
 * their frames; the pixel limit then counts all frames.
 */
export async function cleanUpload(input: Buffer): Promise<CleanImage> {
  if (input.length > UPLOAD_MAX_BYTES) throw tooLarge();
  let metadata: sharp.Metadata;
  try {
    metadata = await readImageHeader(input);
  } catch {
    throw new UploadError(400, "not_an_image", `This file is not an image we can read. ${REFUSED}`);
  }
  const extension = extensionOf(metadata);
  if (!extension) {
    const named =
      metadata.format === "svg" ? "SVG images are not accepted" : "This image format is not accepted";
    throw new UploadError(400, "unsupported_format", `${named}. ${REFUSED}`);
  }
  const pages = extension === "gif" || extension === "webp" ? (metadata.pages ?? 1) : 1;
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  const limit = IMAGE_LIMITS.maxInputPixels;
  if (width * height * pages > limit) {
    throw new UploadError(
      413,
      "too_many_pixels",
      `This image is ${width}x${height}${pages > 1 ? ` with ${pages} frames` : ""}, over the ${limit / 1e6} megapixel limit. Make it smaller and try again.`,
    );
  }
  const animated = pages > 1;
  let image: Sharp = sharp(input, { animated, limitInputPixels: limit });
  if (!animated) image = image.rotate();
  image = encodeAs(image, extension);
  try {
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return {
      body: data,
      extension,
      width: info.width,
      height: animated ? (info.pageHeight ?? height) : info.height,
    };
  } catch {
    throw new UploadError(400, "damaged_image", `The image data is damaged. ${REFUSED}`);
  }
}

function encodeAs(image: Sharp, extension: UploadExtension): Sharp {
  switch (extension) {
    case "jpg":
      return image.jpeg({ quality: 85, mozjpeg: true });
    case "png":
      return image.png();
    case "webp":
      return image.webp({ quality: 85 });
    case "avif":
      return image.avif({ quality: 60 });
    case "gif":
      return image.gif();
  }
}

export function tooLarge(): UploadError {
  return new UploadError(
    413,
    "too_large",
    `The file is larger than ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB. Upload a smaller image.`,
  );
}
