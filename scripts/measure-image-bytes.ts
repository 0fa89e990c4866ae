/**
 * The image bytes a phone downloads for the landing page, with an uploaded 4000x3000 camera
 * photo as the portrait (docs/decisions/025-responsive-images.md): at 375 px for device pixel
 * ratios 1, 2 and 3, and at 1280 px for comparison; on load, and after scrolling to the end.
 *
 *   npm run build && npx tsx scripts/measure-image-bytes.ts
 *
 * The server is started from the current directory (`src/server/main.ts` and `build/`), so the
 * same script measures another checkout when run from there.
 */
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_PATH, QUIET_CHROMIUM_ARGS } from "./lib/chromium";
import { startServer } from "../tests/e2e/support/test-server";
import { cameraJpeg } from "../tests/support/sample-images";

const VIEWS = [
  { label: "375 px, DPR 1", width: 375, height: 740, dpr: 1 },
  { label: "375 px, DPR 2", width: 375, height: 740, dpr: 2 },
  { label: "375 px, DPR 3", width: 375, height: 740, dpr: 3 },
  { label: "1280 px, DPR 1", width: 1280, height: 800, dpr: 1 },
];

type Count = { files: number; bytes: number };

/** Image bytes in a fresh browser context: after load, and after scrolling to the end of the page. */
async function measure(browser: Browser, url: string, view: (typeof VIEWS)[number]) {
  const context = await browser.newContext({
    viewport: { width: view.width, height: view.height },
    deviceScaleFactor: view.dpr,
  });
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() === "image") sizes.push(request.sizes().then((size) => size.responseBodySize));
  });
  const count = async (): Promise<Count> => {
    const bytes = await Promise.all(sizes);
    return { files: bytes.length, bytes: bytes.reduce((sum, size) => sum + size, 0) };
  };
  await page.goto(url, { waitUntil: "networkidle" });
  const onLoad = await count();
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += view.height / 2) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  const scrolled = await count();
  await context.close();
  return { onLoad, scrolled };
}

const kb = ({ files, bytes }: Count) => `${(bytes / 1024).toFixed(1)} KB in ${files} files`;

const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ["--headless", ...QUIET_CHROMIUM_ARGS],
});
try {
  const form = new FormData();
  const photo = await cameraJpeg(4000, 3000);
  form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "IMG_4000x3000.jpg");
  const upload = await server.api("/api/uploads", { method: "POST", form });
  if (upload.status !== 201) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  const { url: portrait } = (await upload.json()) as { url: string };
  await server.api("/api/site", { method: "PUT", json: { heroImage: portrait } });
  console.log(`portrait: ${portrait}, uploaded ${(photo.length / 1024).toFixed(0)} KB (a 4000x3000 JPEG)`);
  // Every copy is made once before measuring: a first visitor's wait is not what is measured here.
  for (const view of VIEWS) await measure(browser, server.url, view);
  const rows: Record<string, string>[] = [];
  for (const view of VIEWS) {
    const { onLoad, scrolled } = await measure(browser, server.url, view);
    rows.push({ view: view.label, "on load": kb(onLoad), "scrolled to the end": kb(scrolled) });
  }
  console.table(rows);
} finally {
  await browser.close();
  await server.stop();
}
