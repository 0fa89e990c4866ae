/**
 * Article-extraction benchmark: our extractArticle against plain Readability on the shared
 * development set, scored by the set's own score.py (word 4-gram F1 over the full body).
 *
 *   npm run bench:extract
 *   EXTRACTION_BENCHMARK_DIR=/path/to/set npm run bench:extract
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { decodeHtml } from "../src/server/kernel/extract/decode-html";
import { extractArticle } from "../src/server/kernel/extract/extract-article";
import { errorReason } from "../src/domain/error-reason";

type Predictions = Record<string, { articleBody: string }>;
type Score = { pages: number; f1: number; precision: number; recall: number };
type Extractor = { name: string; extract: (html: string, url: string) => string };

/** Each page is timed this many times and its best time kept, so a busy machine skews less. */
const TIMING_ROUNDS = 3;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const benchDir =
  process.env.EXTRACTION_BENCHMARK_DIR ?? path.resolve(repoRoot, "../shared/extraction-benchmark");

const extractors: Extractor[] = [
  { name: "byline extractArticle", extract: (html, url) => extractArticle(html, url).content },
  {
    name: "readability 0.6.0",
    extract: (html) => new Readability(parseHTML(html).document).parse()?.textContent ?? "",
  },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function main(): void {
  const truth = JSON.parse(readFileSync(path.join(benchDir, "ground-truth.json"), "utf8")) as Record<
    string,
    { url?: string }
  >;
  const files = readdirSync(path.join(benchDir, "html"))
    .filter((f) => f.endsWith(".html.gz"))
    .sort();
  const pages = files.map((file) => {
    const key = file.slice(0, -".html.gz".length);
    return {
      key,
      url: truth[key]?.url ?? "",
      html: decodeHtml({
        body: gunzipSync(readFileSync(path.join(benchDir, "html", file))),
        contentType: "",
      }),
    };
  });
  const outDir = mkdtempSync(path.join(tmpdir(), "bench-extract-"));

  const rows = extractors.map((extractor, index) => {
    const predictions: Predictions = {};
    const times: number[] = [];
    const failures: string[] = [];
    for (const page of pages) {
      let best = Infinity;
      let body = "";
      for (let round = 0; round < TIMING_ROUNDS; round++) {
        const started = performance.now();
        try {
          body = extractor.extract(page.html, page.url);
        } catch (error) {
          if (round === 0) failures.push(`${page.key.slice(0, 12)}: ${errorReason(error)}`);
        }
        best = Math.min(best, performance.now() - started);
      }
      times.push(best);
      predictions[page.key] = { articleBody: body };
    }
    const predictionFile = path.join(outDir, `predictions-${index}.json`);
    writeFileSync(predictionFile, JSON.stringify(predictions));
    const output = execFileSync("python3", [path.join(benchDir, "score.py"), predictionFile], {
      encoding: "utf8",
    });
    return { extractor, score: JSON.parse(output) as Score, ms: median(times), failures, predictionFile };
  });

  const header = ["extractor", "pages", "F1", "precision", "recall", "median ms/page"];
  const table = rows.map(({ extractor, score, ms }) => [
    extractor.name,
    String(score.pages),
    score.f1.toFixed(4),
    score.precision.toFixed(4),
    score.recall.toFixed(4),
    ms.toFixed(1),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...table.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]): string =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  console.log(
    `benchmark: ${benchDir} (${pages.length} pages; time = parse + extract, best of ${TIMING_ROUNDS} runs per page)`,
  );
  console.log(line(header));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const row of table) console.log(line(row));
  for (const { extractor, failures, predictionFile } of rows) {
    console.log(`${extractor.name}: predictions in ${predictionFile}`);
    for (const failure of failures) console.log(`  failed ${failure}`);
  }
}

main();
