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
