/**
 * `npm run bench:lighthouse`: Lighthouse 12.8 (mobile settings, its defaults) on the production
 * build of `/` with demo content, in Debian's Chromium; median of 3 runs.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startProductionServer } from "./lib/production-server";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await startProductionServer({ buildDir: "build-bench", build: process.env.LIGHTHOUSE_SKIP_BUILD !== "1" });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  const runs: Record<string, number>[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(`${server.url}/`, { port: chrome.port, output: "json", logLevel: "error" });
    const lhr = result!.lhr;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    runs.push({
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
      "LCP ms": Math.round(audit("largest-contentful-paint")),
      "TBT ms": Math.round(audit("total-blocking-time")),
      CLS: Number(audit("cumulative-layout-shift").toFixed(3)),
    });
    const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary");
    if (i === 0 && failing.length) console.log(`failing binary audits (run 1): ${failing.map((a) => a.id).join(", ")}`);
  }
  console.log(`bench:lighthouse — Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile, median of ${RUNS} runs on ${server.url}/`);
  for (const key of Object.keys(runs[0]!)) {
    console.log(`  ${key.padEnd(16)} ${String(median(runs.map((r) => r[key]!))).padStart(6)}   (runs: ${runs.map((r) => r[key]).join(", ")})`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}
