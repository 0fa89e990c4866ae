import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ImageError } from "./image-error";
import { IMAGE_LIMITS, processImage } from "./process-image";
import {
  opaqueRgbaPng,
  photoJpeg,
  pngClaiming,
  smallPng,
  transparentPng,
} from "../../../tests/support/sample-images";

async function expectRefusal(input: Buffer, code: ImageError["code"]): Promise<ImageError> {
  const error = await processImage(input).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImageError);
  expect((error as ImageError).code).toBe(code);
  return error as ImageError;
}

describe("processImage", () => {
  it("fits a large photo inside 600x400 as a JPEG, with a WebP alternative", async () => {
    const input = await photoJpeg(2000, 1500);
    const { base, webp } = await processImage(input);
    const jpeg = await sharp(base.body).metadata();
    expect(base.contentType).toBe("image/jpeg");
    expect(jpeg).toMatchObject({ format: "jpeg", width: 533, height: 400 });
    expect([base.width, base.height]).toEqual([533, 400]);
    expect(base.body.length).toBeLessThan(input.length / 5);
    expect(webp.contentType).toBe("image/webp");
    expect(await sharp(webp.body).metadata()).toMatchObject({
      format: "webp",
      width: 533,
      height: 400,
      hasAlpha: false,
    });
  });

  it("fits tall and wide images by their longer side", async () => {
    const tall = await processImage(await smallPng(1000, 3000));
    expect([tall.base.width, tall.base.height]).toEqual([133, 400]);
    const wide = await processImage(await smallPng(3000, 1000));
    expect([wide.base.width, wide.base.height]).toEqual([600, 200]);
  });

  it("never enlarges a small image", async () => {
    const { base } = await processImage(await smallPng(120, 80));
    expect(await sharp(base.body).metadata()).toMatchObject({ width: 120, height: 80 });
  });

  it("keeps transparency as PNG and WebP with alpha", async () => {
    const { base, webp } = await processImage(await transparentPng(800, 800));
    expect(base.contentType).toBe("image/png");
    expect(await sharp(base.body).metadata()).toMatchObject({
      format: "png",
      width: 400,
      height: 400,
      hasAlpha: true,
    });
    expect(await sharp(webp.body).metadata()).toMatchObject({ format: "webp", hasAlpha: true });
    const corner = await sharp(base.body).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect(corner[3]).toBe(0);
  });

  it("uses JPEG when an alpha channel is present but every pixel is opaque", async () => {
    const { base, webp } = await processImage(await opaqueRgbaPng());
    expect(base.contentType).toBe("image/jpeg");
    expect(await sharp(webp.body).metadata()).toMatchObject({ hasAlpha: false });
  });

  it("switches to PNG when the JPEG would be over the size limit", async () => {
    const input = await photoJpeg(800, 600);
    const { base } = await processImage(input, { ...IMAGE_LIMITS, maxJpegBytes: 1000 });
    expect(base.contentType).toBe("image/png");
    expect((await sharp(base.body).metadata()).format).toBe("png");
  });

  it("applies the EXIF orientation", async () => {
    const sideways = await sharp(await smallPng(300, 100))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { base } = await processImage(sideways);
    expect([base.width, base.height]).toEqual([100, 300]);
  });

  it("gives identical bytes for identical input", async () => {
    const input = await photoJpeg(900, 700);
    const first = await processImage(input);
    const second = await processImage(input);
    expect(first.base.body.equals(second.base.body)).toBe(true);
    expect(first.webp.body.equals(second.webp.body)).toBe(true);
  });

  it("refuses data that is not an image", async () => {
    const error = await expectRefusal(Buffer.from("<html>not an image</html>"), "invalid_image");
    expect(error.message).toBe("not an image or a damaged one");
  });

  it("refuses a truncated JPEG", async () => {
    const jpeg = await photoJpeg(400, 300);
    await expectRefusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)), "invalid_image");
  });

  it("refuses SVG, which is a document rather than a picture", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const error = await expectRefusal(svg, "invalid_image");
    expect(error.message).toContain("svg");
  });

  it("refuses input over 5 MB before decoding it", async () => {
    const error = await expectRefusal(Buffer.alloc(5 * 1024 * 1024 + 1), "too_large");
    expect(error.message).toContain("5.0 MB limit");
  });

  it("refuses images over 40 megapixels", async () => {
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(IMAGE_LIMITS.maxInputBytes);
    const error = await expectRefusal(huge, "too_large");
    expect(error.message).toContain("40 megapixel limit");
  });

  it("judges the pixel limit from the header: a PNG claiming 20000x20000 is too large, not damaged", async () => {
    const error = await expectRefusal(pngClaiming(20_000, 20_000), "too_large");
    expect(error.message).toContain("400 megapixels");
  });
});
