/**
 * How much disk Byline takes per clip (issue 41, docs/deploy.md "Disk space"): reads 20 clips from
 * a fake outlet on loopback (about 1,000 words a page, a lead photo each), keeps each as an article
 * with its web-archive capture, caches each photo as the site serves it, and prints the bytes per
 * capture, per cached image and per article in the database. Twice: with the demo's small photos,
 * and with a camera-like 1200x800 JPEG (grainy, so it compresses as little as a real one).
 *
 *   npx tsx scripts/measure-disk.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { articleInputSchema } from "../src/domain/content";
import { loadConfig } from "../src/server/kernel/config";
import { bytesUnder } from "../src/server/kernel/disk/disk-monitor";
import { createLogger } from "../src/server/kernel/logger";
import { createServices } from "../src/server/services";
import { articlePage, startFakePublisher } from "../tests/e2e/support/fake-publisher";
import { cameraJpeg } from "../tests/support/sample-images";

const CLIPS = 20;
const PARAGRAPH =
  "The council's own figures, obtained through a freedom of information request, show that the " +
  "repairs were deferred three times in four years, each time with a note that the risk was " +
  "acceptable for one more winter. Engineers who inspected the embankment said otherwise.";

async function measure(label: string, photos: Buffer[]): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-measure-disk-"));
  const outlet = await startFakePublisher();
  const services = createServices(
    loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      FETCH_ALLOW_PRIVATE: "true",
      LINK_CHECK_PAUSE_MS: "0",
    }),
    createLogger("silent"),
  );
  try {
    const databaseBefore = fs.statSync(path.join(dataDir, "byline.sqlite")).size;
    const images: string[] = [];
    for (let n = 0; n < CLIPS; n++) {
      // A photo of its own per clip: the demo's photos, each made distinct by its address.
      const photo = outlet.url(`/photo-${n}.jpg`);
      outlet.route(`/photo-${n}.jpg`, {
        headers: { "Content-Type": "image/jpeg" },
        body: photos[n % photos.length]!,
      });
      outlet.route(`/story-${n}`, {
        body: articlePage({
          title: `Story ${n}: what the inspections found on the embankment`,
          author: "Morgan Hale",
          published: "2025-03-05T09:00:00Z",
          image: photo,
          blocks: Array.from({ length: 18 }, (_, i) => `${PARAGRAPH} (${n}.${i})`),
        }),
      });
      const details = await services.pageReading.fetchDetails(outlet.url(`/story-${n}`));
      const article = services.content.articles.create(
        articleInputSchema.parse({
          title: details.title,
          outlet: "The Ledger",
          url: outlet.url(`/story-${n}`),
          date: details.date,
          image: photo,
        }),
      );
      await services.pageReading.readArticle(article.id);
      images.push(photo);
    }
    await services.images.cache.warm(images);
    services.store.sqlite.pragma("wal_checkpoint(TRUNCATE)");
    const captures = bytesUnder(path.join(dataDir, "archive"));
    const cache = bytesUnder(path.join(dataDir, "images"));
    const database = fs.statSync(path.join(dataDir, "byline.sqlite")).size - databaseBefore;
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const withPhoto = services.webArchive.captures.all().filter((found) => found.imageUrl).length;
    const photoKb = photos.reduce((sum, photo) => sum + photo.length, 0) / photos.length / 1024;
    console.log(
      `${CLIPS} clips with ${label} (${photoKb.toFixed(1)} KB a photo; ${withPhoto} captures hold theirs):`,
    );
    console.log(`  web-archive capture (.warc.gz, page and photo): ${kb(captures / CLIPS)} a clip`);
    console.log(`  image cache (the photo's resized copies):       ${kb(cache / CLIPS)} a clip`);
    console.log(`  database (article, kept text, capture row):     ${kb(database / CLIPS)} a clip`);
    console.log(
      `  in all:                                          ${kb((captures + cache + database) / CLIPS)} a clip`,
    );
  } finally {
    services.store.close();
    await outlet.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const demoPhotos = fs
  .readdirSync("public/demo")
  .filter((name) => name.endsWith(".jpg"))
  .map((name) => fs.readFileSync(path.join("public/demo", name)));
await measure("the demo's photos", demoPhotos);
await measure("1200x800 camera-like photos", [await cameraJpeg(1200, 800)]);
