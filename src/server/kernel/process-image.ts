import sharp from "sharp";
import type { Sharp } from "sharp";
import { ImageError } from "./image-error";
import { IMAGE_WIDTHS } from "../../domain/image-src";

export type ImageType = "image/jpeg" | "image/png" | "image/webp";

export type EncodedImage = { body: Buffer; contentType: ImageType; width: number; height: number };

/** One width of the image in both formats: `base` is JPEG, or PNG when the image is transparent. */
export type ResponsiveVariant = { width: number; base: EncodedImage; webp: EncodedImage };

/**
 * `base` and `webp` fit 600x400 (JPEG, or PNG for transparency and oversized JPEGs): what
 * `/api/images?url=…` without a width serves. `responsive` holds the widths pages list in `srcset`.
 */
export type ProcessedImage = { base: EncodedImage; webp: EncodedImage; responsive: ResponsiveVariant[] };

const MAX_WIDTH = IMAGE_WIDTHS.at(-1)!;
/** Bounds the decoded pixels of a very tall image (a long infographic). */
const MAX_HEIGHT = 4 * MAX_WIDTH;

export type ImageLimits = {
  maxInputBytes: number;
  maxInputPixels: number;
  width: number;
  height: number;
  quality: number;
  /** Above this a JPEG is replaced by PNG (docs/product.md, Images). */
  maxJpegBytes: number;
};

export const IMAGE_LIMITS: ImageLimits = {
  maxInputBytes: 5 * 1024 * 1024,
  maxInputPixels: 40_000_000,
  width: 600,
  height: 400,
  quality: 80,
  maxJpegBytes: 500_000,
};

/** Formats article images come in. SVG is left out on purpose: it is a document, not a picture. */
const INPUT_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif"]);

type Pixels = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

/** Resize an untrusted image to fit the limits and encode the variants we serve. */
export async function processImage(
  input: Buffer,
  limits: ImageLimits = IMAGE_LIMITS,
): Promise<ProcessedImage> {
  if (input.length > limits.maxInputBytes) {
    throw new ImageError(
      "too_large",
      `image is ${megabytes(input.length)} MB, over the ${megabytes(limits.maxInputBytes)} MB limit`,
    );
  }
  const decoded = await decodeResized(input, limits);
  const transparent = usesAlpha(decoded);
  const baseType = transparent ? "image/png" : "image/jpeg";
  const fitted = await resized(decoded, { width: limits.width, height: limits.height });
  const webp = await encode(fitted, transparent, "image/webp", limits);
  const first = await encode(fitted, transparent, baseType, limits);
  const base =
    !transparent && first.body.length > limits.maxJpegBytes
      ? await encode(fitted, false, "image/png", limits)
      : first;
  const responsive: ResponsiveVariant[] = [];
  for (const width of responsiveWidths(decoded.width)) {
    const pixels = await resized(decoded, { width });
    responsive.push({
      width: pixels.width,
      base: await encode(pixels, transparent, baseType, limits),
      webp: await encode(pixels, transparent, "image/webp", limits),
    });
  }
  return { base, webp, responsive };
}

/** The standard widths clearly below the image's own, then its own (at most 1280). */
export function responsiveWidths(width: number): number[] {
  const smaller = IMAGE_WIDTHS.filter((standard) => standard <= width * 0.9);
  return [...smaller, Math.min(width, MAX_WIDTH)];
}

async function resized(pixels: Pixels, box: { width: number; height?: number }): Promise<Pixels> {
  if (pixels.width <= box.width && (box.height === undefined || pixels.height <= box.height)) return pixels;
  const { data, info } = await sharp(pixels.data, {
    raw: { width: pixels.width, height: pixels.height, channels: pixels.channels },
  })
    .resize(box.width, box.height, { fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Decode once into raw pixels at most 1280 wide; every variant is made from these. */
async function decodeResized(input: Buffer, limits: ImageLimits): Promise<Pixels> {
  let metadata: sharp.Metadata;
  try {
    // sharp's own pixel limit would call a header claiming a huge size damaged; ours, below, is lower.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ImageError("invalid_image", "not an image or a damaged one", { cause: error });
  }
  const { format, width = 0, height = 0 } = metadata;
  if (!INPUT_FORMATS.has(format)) {
    throw new ImageError("invalid_image", `unsupported image format ${format}`);
  }
  if (width * height > limits.maxInputPixels) {
    const megapixels = Math.round((width * height) / 1e6);
    throw new ImageError(
      "too_large",
      `image is ${width}x${height} (${megapixels} megapixels), over the ${limits.maxInputPixels / 1e6} megapixel limit`,
    );
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: limits.maxInputPixels })
      .rotate()
      .resize(MAX_WIDTH, MAX_HEIGHT, { fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch (error) {
    throw new ImageError("invalid_image", "the image data is damaged", { cause: error });
  }
}

/** True when some pixel is not fully opaque: an alpha channel that is all 255 does not count. */
function usesAlpha({ data, channels }: Pixels): boolean {
  if (channels !== 2 && channels !== 4) return false;
  for (let i = channels - 1; i < data.length; i += channels) {
    if (data[i] !== 255) return true;
  }
  return false;
}

async function encode(
  pixels: Pixels,
  keepAlpha: boolean,
  type: ImageType,
  limits: ImageLimits,
): Promise<EncodedImage> {
  let image: Sharp = sharp(pixels.data, {
    raw: { width: pixels.width, height: pixels.height, channels: pixels.channels },
  });
  if (!keepAlpha) image = image.removeAlpha();
  if (type === "image/jpeg") image = image.jpeg({ quality: limits.quality, mozjpeg: true });
  else if (type === "image/png") image = image.png({ compressionLevel: 9 });
  else image = image.webp({ quality: limits.quality });
  return { body: await image.toBuffer(), contentType: type, width: pixels.width, height: pixels.height };
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}
