/**
 * `npm run bench:wacz`: the web archive's costs (docs/decisions/036). For 12 and for 500 clips
 * read from a fake outlet on loopback (about 1,000 words a page, one lead photo each), it prints
 * the disk each capture takes (its .warc.gz), then the time and peak memory (the child process's
 * maxRSS) of writing the portfolio's WACZ. The export runs in a fresh process per size, as
 * `npx byline archive export` would, so the captures' work does not count in its memory.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { articleInputSchema } from "../src/domain/content";
import { loadConfig } from "../src/server/kernel/config";
import { createLogger } from "../src/server/kernel/logger";
import { createServices } from "../src/server/services";
import { articlePage, startFakePublisher } from "../tests/e2e/support/fake-publisher";

const SIZES = [12, 500];
const PARAGRAPH =
  "The council's own figures, obtained through a freedom of information request, show that the " +
  "repairs were deferred three times in four years, each time with a note that the risk was " +
  "acceptable for one more winter. Engineers who inspected the embankment said otherwise.";

const servicesFor = (dataDir: string) =>
  createServices(
    // The fake outlet is on loopback: no pause between its requests.
    loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      FETCH_ALLOW_PRIVATE: "true",
      LINK_CHECK_PAUSE_MS: "0",
    }),
    createLogger("silent"),
  );

/** Reads `count` clips from the fake outlet, each kept as a capture; the average file size. */
async function capture(dataDir: string, count: number): Promise<number> {
  const photo = fs.readFileSync("public/demo/harbour-dawn.jpg");
  const outlet = await startFakePublisher();
  outlet.route("/photo.jpg", { headers: { "Content-Type": "image/jpeg" }, body: photo });
  const services = servicesFor(dataDir);
  try {
    for (let n = 0; n < count; n++) {
      const pathname = `/story-${n}`;
      outlet.route(pathname, {
        body: articlePage({
          title: `Story ${n}: what the inspections found on the embankment`,
          author: "Morgan Hale",
          published: "2025-03-05T09:00:00Z",
          image: outlet.url("/photo.jpg"),
          blocks: Array.from({ length: 18 }, (_, i) => `${PARAGRAPH} (${n}.${i})`),
        }),
      });
      const details = await services.pageReading.fetchDetails(outlet.url(pathname));
      const article = services.content.articles.create(
        articleInputSchema.parse({
          title: details.title,
          outlet: "The Ledger",
          url: outlet.url(pathname),
          date: details.date,
        }),
      );
      // A page is kept once it is one of the owner's articles: reading it for the article keeps it.
      await services.pageReading.readArticle(article.id);
    }
    const captures = services.webArchive.captures.all();
    return captures.reduce((sum, one) => sum + one.fileBytes, 0) / captures.length;
  } finally {
    services.store.close();
    await outlet.close();
  }
}

/** In the child: the export alone, then its time and the process's peak resident set. */
async function exportOnly(dataDir: string, out: string): Promise<void> {
  const services = servicesFor(dataDir);
  const start = performance.now();
  await pipeline(await services.webArchive.portfolioWacz(), fs.createWriteStream(out));
  const ms = performance.now() - start;
  services.store.close();
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ ms, maxRssMb }));
}

async function runSize(count: number): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-bench-wacz-"));
  try {
    const perCapture = await capture(dataDir, count);
    const out = path.join(dataDir, "portfolio.wacz");
    const self = fileURLToPath(import.meta.url);
    const answer = execFileSync(process.execPath, ["--import", "tsx", self, "export", dataDir, out], {
      encoding: "utf8",
    });
    const { ms, maxRssMb } = JSON.parse(answer) as { ms: number; maxRssMb: number };
    console.log(
      `${String(count).padStart(3)} clips: ${(perCapture / 1024).toFixed(1)} KB a capture (.warc.gz, page and photo); ` +
        `WACZ ${Math.round(fs.statSync(out).size / 1024)} KB in ${Math.round(ms)} ms, ` +
        `export process peak RSS ${Math.round(maxRssMb)} MB`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const [mode, ...args] = process.argv.slice(2);
if (mode === "export") {
  await exportOnly(args[0]!, args[1]!);
} else {
  for (const count of mode ? [Number(mode)] : SIZES) await runSize(count);
}
