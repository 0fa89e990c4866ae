import zlib from "node:zlib";
import sharp from "sharp";

// Generated images for the tests and scripts/bench-images.ts, so the repository holds no binary fixtures.

/** A photo-like JPEG: smooth gradients with fine detail, so it compresses like a real picture. */
export async function photoJpeg(width = 2000, height = 1500): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      pixels[offset] = (x * 255) / width;
      pixels[offset + 1] = (y * 255) / height;
      pixels[offset + 2] = 128 + 100 * Math.sin(x / 17) * Math.cos(y / 23);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A logo-like PNG whose corners are see-through. */
export async function transparentPng(width = 800, height = 800): Promise<Buffer> {
  const circle = Buffer.from(
    `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${width / 3}" fill="#c0392b"/></svg>`,
  );
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: circle }])
    .png()
    .toBuffer();
}

/** A PNG that has an alpha channel but no transparent pixel. */
export async function opaqueRgbaPng(width = 900, height = 500): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
}

export async function smallPng(width = 40, height = 30, shade = 90): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: shade, g: 60, b: 30 } } })
    .png()
    .toBuffer();
}

/**
 * A camera-like JPEG: the photo's gradients under fine grain, so it weighs about what a phone's
 * picture of that size does (2.6 MB at 4000x3000; a phone's is 2 to 5 MB) instead of compressing
 * like a drawing.
 */
export async function cameraJpeg(width = 4000, height = 3000): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .blur(0.8)
    .png()
    .toBuffer();
  return sharp(await photoJpeg(width, height))
    .composite([{ input: grain, blend: "overlay" }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A PNG of a few dozen bytes whose header claims `width` x `height`: a valid IHDR (8-bit RGB) and an
 * IDAT holding one byte of pixels, so only a decoder would find out that the rest is missing.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(1))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A 16x16 image of `format` whose header is rewritten to claim `width` x `height` (the pixel data
 * stays 16x16). JPEG: the frame header (SOF); GIF: the screen and the first image descriptor; AVIF:
 * the image spatial extents box; WebP (lossy): the VP8 frame header, which holds at most 16383.
 */
export async function imageClaiming(
  format: "jpeg" | "gif" | "avif" | "webp",
  width: number,
  height: number,
): Promise<Buffer> {
  const small = sharp({ create: { width: 16, height: 16, channels: 3, background: "#808080" } });
  const file = Buffer.from(await small.toFormat(format).toBuffer());
  switch (format) {
    case "jpeg": {
      // Walk the marker segments to the frame header: FF Cn, length, precision, height, width.
      let offset = 2;
      while (!(file[offset + 1]! >= 0xc0 && file[offset + 1]! <= 0xc2))
        offset += 2 + file.readUInt16BE(offset + 2);
      file.writeUInt16BE(height, offset + 5);
      file.writeUInt16BE(width, offset + 7);
      break;
    }
    case "gif": {
      file.writeUInt16LE(width, 6);
      file.writeUInt16LE(height, 8);
      const packed = file[10]!;
      let offset = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
      while (file[offset] === 0x21) {
        // An extension: label, then sub-blocks until an empty one.
        offset += 2;
        while (file[offset] !== 0) offset += 1 + file[offset]!;
        offset += 1;
      }
      file.writeUInt16LE(width, offset + 5);
      file.writeUInt16LE(height, offset + 7);
      break;
    }
    case "avif": {
      const box = file.indexOf("ispe", 0, "latin1");
      file.writeUInt32BE(width, box + 8);
      file.writeUInt32BE(height, box + 12);
      break;
    }
    case "webp": {
      if (file.toString("latin1", 12, 16) !== "VP8 ") throw new Error("expected a lossy WebP");
      file.writeUInt16LE(width, 26);
      file.writeUInt16LE(height, 28);
      break;
    }
  }
  return file;
}
