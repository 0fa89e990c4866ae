/**
 * Image-cache benchmark: bytes before and after the processing the image cache applies
 * (fit 600x400, JPEG q80 or PNG, WebP q80).
 *
 *   npx tsx scripts/bench-images.ts                 # generated article-like images
 *   npx tsx scripts/bench-images.ts public/demo/*.jpg photo.png
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import sharp from "sharp";
import { processImage } from "../src/server/kernel/process-image";
import { opaqueRgbaPng, photoJpeg, transparentPng } from "../tests/support/sample-images";

type Sample = { name: string; body: Buffer };

async function generatedSamples(): Promise<Sample[]> {
  return [
    { name: "camera photo 4000x3000 jpeg", body: await photoJpeg(4000, 3000) },
    { name: "article photo 2000x1500 jpeg", body: await photoJpeg(2000, 1500) },
    { name: "social card 1200x630 jpeg", body: await photoJpeg(1200, 630) },
    { name: "thumbnail 480x320 jpeg", body: await photoJpeg(480, 320) },
    { name: "outlet logo 800x800 png (alpha)", body: await transparentPng(800, 800) },
    { name: "banner 900x500 png (opaque alpha)", body: await opaqueRgbaPng(900, 500) },
  ];
}

async function fileSamples(files: string[]): Promise<Sample[]> {
  return Promise.all(files.map(async (file) => ({ name: path.basename(file), body: await readFile(file) })));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

async function main(): Promise<void> {
  const files = process.argv.slice(2);
  const samples = files.length > 0 ? await fileSamples(files) : await generatedSamples();
  const rows: Record<string, string>[] = [];
  let before = 0;
  let afterBase = 0;
  let afterWebp = 0;
  for (const { name, body } of samples) {
    const input = await sharp(body)
      .metadata()
      .then(({ format, width, height }) => `${format} ${width}x${height}`)
      .catch(() => "unreadable");
    const started = performance.now();
    try {
      const { base, webp } = await processImage(body);
      const ms = performance.now() - started;
      before += body.length;
      afterBase += base.body.length;
      afterWebp += webp.body.length;
      rows.push({
        image: name,
        input,
        "bytes before": kb(body.length),
        output: `${base.contentType.slice(6)} ${base.width}x${base.height}`,
        "bytes after": `${kb(base.body.length)} (${percent(base.body.length, body.length)})`,
        "webp after": `${kb(webp.body.length)} (${percent(webp.body.length, body.length)})`,
        ms: ms.toFixed(0),
      });
    } catch (error) {
      rows.push({ image: name, input, "bytes before": kb(body.length), output: String(error) });
    }
  }
  console.table(rows);
  if (before > 0) {
    console.log(
      `total: ${kb(before)} before, ${kb(afterBase)} after (${percent(afterBase, before)}), ` +
        `${kb(afterWebp)} as WebP (${percent(afterWebp, before)})`,
    );
  }
}

await main();
