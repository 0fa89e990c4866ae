/**
 * `npm run bench:clip-book`: the time and peak memory to make the PDF clip book of 12 and of 200
 * articles with their full text (about 1,000 words each; every third with a picture from the
 * demo files), cold (first request after start) and cached (the same book asked for again).
 * Each size runs in a fresh process, so one's fonts, pictures and heap do not help the other.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { articleInputSchema } from "../src/domain/content";
import { loadConfig } from "../src/server/kernel/config";
import { createLogger } from "../src/server/kernel/logger";
import { createServices } from "../src/server/services";

const SIZES = [12, 200];
const PICTURES = ["/demo/harbour-dawn.jpg", "/demo/council-chamber.jpg", "/demo/river-flood.jpg"];
const PARAGRAPH =
  "The council's own figures, obtained through a freedom of information request, show that the " +
  "repairs were deferred three times in four years, each time with a note that the risk was " +
  "acceptable for one more winter. Engineers who inspected the embankment said otherwise. ";

function article(n: number) {
  return articleInputSchema.parse({
    title: `Story ${n}: what the inspections found on the embankment`,
    outlet: ["The Ledger", "City Weekly", "The Meridian Herald"][n % 3],
    url: `https://outlet.example/story-${n}`,
    date: `2025-${String((n % 12) + 1).padStart(2, "0")}-${String((n % 27) + 1).padStart(2, "0")}`,
    description: "Internal reports flagged erosion months before it failed.",
    image: n % 3 === 0 ? PICTURES[n % PICTURES.length] : "",
    content: Array.from({ length: 22 }, () => PARAGRAPH).join("\n\n"),
  });
}

/** Runs `work`, sampling the resident set every 10 ms: its time and the highest RSS seen. */
async function measure<T>(work: () => Promise<T>): Promise<{ ms: number; peakMb: number; result: T }> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const start = performance.now();
  const result = await work();
  const ms = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakMb: peak / 1024 / 1024, result };
}

async function runOne(count: number): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-bench-clip-book-"));
  const services = createServices(
    loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "false", PUBLIC_URL: "https://clips.example" }),
    createLogger("silent"),
  );
  try {
    services.content.site.merge({
      name: "Morgan Hale",
      heroImage: "/demo/portrait.jpg",
      about: "Investigative reporter covering councils, water and the people who run both.",
      hero: { professions: ["Reporter", "Editor"] },
      social: { email: "morgan@clips.example", linkedin: "" },
    });
    for (let n = 0; n < count; n++) services.content.articles.create(article(n));
    const request = { size: "a4", text: "full" } as const;
    const cold = await measure(() => services.clipBooks.book(request));
    const cached = await measure(() => services.clipBooks.book(request));
    const kb = Math.round(cold.result.pdf.length / 1024);
    console.log(
      `${String(count).padStart(3)} articles, full text: ${kb} KB; ` +
        `cold ${Math.round(cold.ms)} ms, peak RSS ${Math.round(cold.peakMb)} MB; ` +
        `cached ${cached.ms.toFixed(1)} ms, peak RSS ${Math.round(cached.peakMb)} MB`,
    );
  } finally {
    await services.images.idle();
    services.store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const only = process.argv[2];
if (only) {
  await runOne(Number(only));
} else {
  const self = fileURLToPath(import.meta.url);
  for (const count of SIZES) {
    execFileSync(process.execPath, ["--import", "tsx", self, String(count)], { stdio: "inherit" });
  }
}
