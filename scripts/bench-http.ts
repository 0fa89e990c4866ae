/**
 * `npm run bench:http`: requests per second and latency for `/`, `/api/articles` and a cached
 * image at 50 connections, side by side with a baseline in the same run: a plain node:http server
 * (in its own process, like ours) sending the same bytes from memory.
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startProductionServer } from "./lib/production-server";

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

const server = await startProductionServer({ buildDir: "build-bench" });
const imagePath = "/demo/river-flood.jpg";
const targets = [
  { name: "/", path: "/" },
  { name: "/api/articles", path: "/api/articles" },
  { name: "cached image", path: imagePath },
];

// The baseline serves exactly the bytes our server sends, with the same content types.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-bench-"));
const manifest: Record<string, { file: string; type: string }> = {};
for (const [index, target] of targets.entries()) {
  const response = await fetch(server.url + target.path);
  const file = path.join(dir, `${index}.bin`);
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  manifest[target.path] = { file, type: response.headers.get("content-type") ?? "application/octet-stream" };
}
const baselineSource = path.join(dir, "baseline.mjs");
fs.writeFileSync(
  baselineSource,
  `import http from "node:http"; import fs from "node:fs";
const manifest = ${JSON.stringify(manifest)};
const bodies = Object.fromEntries(Object.entries(manifest).map(([p, m]) => [p, { body: fs.readFileSync(m.file), type: m.type }]));
const server = http.createServer((req, res) => { const hit = bodies[req.url]; if (!hit) { res.statusCode = 404; return res.end(); }
  res.writeHead(200, { "Content-Type": hit.type, "Content-Length": hit.body.length }); res.end(hit.body); });
server.listen(0, "127.0.0.1", () => process.send(server.address().port));`,
);
const baseline = fork(baselineSource, { stdio: "ignore" });
const baselinePort = await new Promise<number>((resolve) => baseline.once("message", (port) => resolve(Number(port))));

try {
  // Warm both (page cache, image cache, JIT) before measuring.
  for (const target of targets) {
    await autocannon({ url: server.url + target.path, connections: 10, amount: 200 });
    await autocannon({ url: `http://127.0.0.1:${baselinePort}${target.path}`, connections: 10, amount: 200 });
  }
  console.log(`bench:http — ${CONNECTIONS} connections, ${DURATION_S} s per run, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"})\n`);
  const rows: string[][] = [["target", "server", "req/s", "p50 ms", "p99 ms", "errors", "non-2xx", "vs baseline"]];
  for (const target of targets) {
    const base = await autocannon({ url: `http://127.0.0.1:${baselinePort}${target.path}`, connections: CONNECTIONS, duration: DURATION_S });
    const ours = await autocannon({ url: server.url + target.path, connections: CONNECTIONS, duration: DURATION_S });
    const row = (name: string, r: typeof ours, ratio: string) => [
      target.name,
      name,
      r.requests.average.toFixed(0),
      String(r.latency.p50),
      String(r.latency.p99),
      String(r.errors + r.timeouts),
      String(r.non2xx),
      ratio,
    ];
    rows.push(row("baseline", base, "100%"));
    rows.push(row("byline", ours, `${((ours.requests.average / base.requests.average) * 100).toFixed(0)}%`));
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log(r.map((cell, i) => cell.padEnd(widths[i]!)).join("  "));
} finally {
  baseline.kill();
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
