/**
 * `npm run bench:http`: requests per second and latency for `/`, `/api/articles`, an image from
 * the image cache (`/api/images`, resized from a publisher on loopback) and a static image at 50
 * connections, plain and as a browser asks for them (Brotli), side by side with a baseline in the
 * same run: a plain node:http server (in its own process, like ours) sending the same bytes from
 * memory.
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { startProductionServer } from "./lib/production-server";

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

// A publisher on loopback whose photo an article uses, so the image cache has something to cache.
const photo = fs.readFileSync(path.join(import.meta.dirname, "..", "public", "demo", "river-flood.jpg"));
const publisher = http.createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": photo.length });
  res.end(photo);
});
await new Promise<void>((resolve) => publisher.listen(0, "127.0.0.1", resolve));
const photoUrl = `http://127.0.0.1:${(publisher.address() as AddressInfo).port}/photo.jpg`;

const server = await startProductionServer({ buildDir: "build-bench", env: { FETCH_ALLOW_PRIVATE: "true" } });
const added = await server.api("/api/articles", {
  method: "POST",
  json: { title: "Bench photo", outlet: "Bench", url: "https://bench.example/photo", image: photoUrl },
});
if (!added.ok) throw new Error(`could not add the bench article: HTTP ${added.status}`);
// "(compressed)": what a browser asks for (Accept-Encoding: gzip, deflate, br); images stay as they are.
const BROWSER = { "accept-encoding": "gzip, deflate, br" };
const targets: { name: string; path: string; headers?: Record<string, string> }[] = [
  { name: "/", path: "/" },
  { name: "/ (compressed)", path: "/", headers: BROWSER },
  { name: "/api/articles", path: "/api/articles" },
  { name: "/api/articles (compressed)", path: "/api/articles", headers: BROWSER },
  { name: "image cache", path: `/api/images?url=${encodeURIComponent(photoUrl)}` },
  { name: "static image", path: "/demo/river-flood.jpg" },
];

/** The bytes on the wire, as sent (fetch would decompress them). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ body: Buffer; type: string; encoding?: string }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            body: Buffer.concat(chunks),
            type: res.headers["content-type"] ?? "application/octet-stream",
            encoding: res.headers["content-encoding"],
          }),
        );
      })
      .on("error", reject);
  });
}

// The baseline serves exactly the bytes our server sends (at /0, /1, …), with the same content
// type and encoding.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-bench-"));
const manifest: Record<string, { file: string; type: string; encoding?: string }> = {};
for (const [index, target] of targets.entries()) {
  const sent = await rawGet(server.url + target.path, target.headers);
  const file = path.join(dir, `${index}.bin`);
  fs.writeFileSync(file, sent.body);
  manifest[`/${index}`] = { file, type: sent.type, encoding: sent.encoding };
}
const baselineSource = path.join(dir, "baseline.mjs");
fs.writeFileSync(
  baselineSource,
  `import http from "node:http"; import fs from "node:fs";
const manifest = ${JSON.stringify(manifest)};
const bodies = Object.fromEntries(Object.entries(manifest).map(([p, m]) => [p, { ...m, body: fs.readFileSync(m.file) }]));
const server = http.createServer((req, res) => { const hit = bodies[req.url]; if (!hit) { res.statusCode = 404; return res.end(); }
  const headers = { "Content-Type": hit.type, "Content-Length": hit.body.length };
  if (hit.encoding) headers["Content-Encoding"] = hit.encoding;
  res.writeHead(200, headers); res.end(hit.body); });
server.listen(0, "127.0.0.1", () => process.send(server.address().port));`,
);
const baseline = fork(baselineSource, { stdio: "ignore" });
const baselinePort = await new Promise<number>((resolve) =>
  baseline.once("message", (port) => resolve(Number(port))),
);

try {
  // Warm both (page cache, image cache, JIT) before measuring.
  for (const [index, target] of targets.entries()) {
    await autocannon({
      url: server.url + target.path,
      headers: target.headers,
      connections: 10,
      amount: 200,
    });
    await autocannon({ url: `http://127.0.0.1:${baselinePort}/${index}`, connections: 10, amount: 200 });
  }
  console.log(
    `bench:http — ${CONNECTIONS} connections, ${DURATION_S} s per run, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"})\n`,
  );
  const rows: string[][] = [
    ["target", "server", "req/s", "p50 ms", "p99 ms", "errors", "non-2xx", "vs baseline"],
  ];
  for (const [index, target] of targets.entries()) {
    const base = await autocannon({
      url: `http://127.0.0.1:${baselinePort}/${index}`,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    const ours = await autocannon({
      url: server.url + target.path,
      headers: target.headers,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
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
  publisher.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
