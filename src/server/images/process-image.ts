import sharp from "sharp";
import type { Sharp } from "sharp";
import { ImageCacheError } from "./image-cache-error";

export type ImageType = "image/jpeg" | "image/png" | "image/webp";

export type EncodedImage = { body: Buffer; contentType: ImageType; width: number; height: number };

/** The served image (JPEG, or PNG for transparency and oversized JPEGs) and its WebP alternative. */
export type ProcessedImage = { base: EncodedImage; webp: EncodedImage };

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
    throw new ImageCacheError(
      "too_large",
      `image is ${megabytes(input.length)} MB, over the ${megabytes(limits.maxInputBytes)} MB limit`,
    );
  }
  const pixels = await decodeResized(input, limits);
  const transparent = usesAlpha(pixels);
  const webp = await encode(pixels, transparent, "image/webp", limits);
  if (transparent) return { base: await encode(pixels, true, "image/png", limits), webp };
  const jpeg = await encode(pixels, false, "image/jpeg", limits);
  const base =
    jpeg.body.length > limits.maxJpegBytes ? await encode(pixels, false, "image/png", limits) : jpeg;
  return { base, webp };
}

/** Decode once into small raw pixels; every output format is encoded from these. */
async function decodeResized(input: Buffer, limits: ImageLimits): Promise<Pixels> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch (error) {
    throw new ImageCacheError("invalid_image", "not an image or a damaged one", { cause: error });
  }
  const { format, width = 0, height = 0 } = metadata;
  if (!INPUT_FORMATS.has(format)) {
    throw new ImageCacheError("invalid_image", `unsupported image format ${format}`);
  }
  if (width * height > limits.maxInputPixels) {
    const megapixels = Math.round((width * height) / 1e6);
    throw new ImageCacheError(
      "too_large",
      `image is ${width}x${height} (${megapixels} megapixels), over the ${limits.maxInputPixels / 1e6} megapixel limit`,
    );
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: limits.maxInputPixels })
      .rotate()
      .resize(limits.width, limits.height, { fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch (error) {
    throw new ImageCacheError("invalid_image", "the image data is damaged", { cause: error });
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
