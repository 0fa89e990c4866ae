/**
 * `npm run bench:http`: requests per second and latency for `/` (plain and as a browser asks for
 * it), `/api/articles` and an image from the image cache, at 50 connections, against a baseline
 * in the same run: a bare node:http server, in its own process like ours, sending the same bytes
 * (body and headers) from memory. The load generator is Debian's `wrk` (C, one thread): a Node load generator on the
 * same 2 cores saturates before the server does. Byline and the baseline take turns three times
 * per target; the table gives each run, the median ratio, and how much of one core wrk itself
 * used, so a saturated client shows.
 *
 * Last, `/?q=<a new random value per request>` (a wrk Lua script) takes turns with `/`, both
 * compressed, against Byline itself: a query the page does not read must cost what `/` costs
 * (goal: at least 0.8 of its requests per second; issue 26, decision 030).
 */
import { execFileSync, fork, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { startProductionServer } from "./lib/production-server";

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = 3;

function ensureWrk() {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
  } catch (error) {
    // wrk prints its version and exits 1; only a missing binary throws ENOENT.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") return;
    if (process.getuid?.() !== 0) throw new Error("wrk is missing: run 'sudo apt-get install wrk'");
    console.log("Installing Debian's wrk...");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "wrk"], { stdio: "inherit" });
  }
}
ensureWrk();

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
  // Featured and dated today, so the front page shows its photo.
  json: {
    title: "Bench photo",
    outlet: "Bench",
    url: "https://bench.example/photo",
    image: photoUrl,
    date: new Date().toISOString().slice(0, 10),
    featured: true,
  },
});
if (!added.ok) throw new Error(`could not add the bench article: HTTP ${added.status}`);

/**
 * The image address the front page links for the bench article's photo: the versioned (`&v=`,
 * immutable) one, which the page links once the image cache has stored the photo; a version of
 * the site that links none is measured with the address it does link.
 */
async function linkedImage(): Promise<string> {
  const encoded = encodeURIComponent(photoUrl);
  let linked: string | undefined;
  for (let attempt = 0; attempt < 25; attempt++) {
    const html = await (await fetch(`${server.url}/`)).text();
    const links = [...html.matchAll(/(?:src|srcset)="([^"]+)"/g)]
      .flatMap((match) => match[1]!.split(","))
      .map((candidate) => candidate.trim().split(/\s+/)[0]!.replaceAll("&amp;", "&"))
      .filter((url) => url.includes(encoded));
    const versioned = links.find((url) => url.includes("&v="));
    if (versioned) return versioned;
    linked ??= links[0];
    // Asking for it makes the cache store the photo; the page links its version from then on.
    if (links[0]) await fetch(server.url + links[0]);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!linked) throw new Error("the front page links no image of the bench article");
  return linked;
}

// "(compressed)": what a browser asks for; images stay as they are.
const BROWSER = { "accept-encoding": "gzip, deflate, br" };
const targets: { name: string; path: string; headers?: Record<string, string> }[] = [
  { name: "/", path: "/" },
  { name: "/ (compressed)", path: "/", headers: BROWSER },
  { name: "/api/articles", path: "/api/articles" },
  { name: "image (cached)", path: await linkedImage() },
];

/** The bytes on the wire, as sent (fetch would decompress them), with the headers as sent. */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ body: Buffer; headers: string[]; status: number }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ body: Buffer.concat(chunks), headers: res.rawHeaders, status: res.statusCode ?? 0 }),
        );
      })
      .on("error", reject);
  });
}

// Warm what the targets read (image cache, public cache) before taking their bytes, and wait until
// the front page stops changing: each image the warm-up stores changes the page's links.
for (const target of targets) await rawGet(server.url + target.path, target.headers);
for (let previous = "", attempt = 0; attempt < 30; attempt++) {
  const etag = (await fetch(`${server.url}/`)).headers.get("etag") ?? "";
  if (etag === previous) break;
  previous = etag;
  await new Promise((resolve) => setTimeout(resolve, 2000));
}

// The baseline serves exactly the bytes our server sends (at /0, /1, …): the same body and the
// same headers (its security headers are over a kilobyte), less those node:http writes itself.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-bench-"));
const manifest: Record<string, { file: string; headers: string[] }> = {};
for (const [index, target] of targets.entries()) {
  const sent = await rawGet(server.url + target.path, target.headers);
  if (sent.status !== 200) throw new Error(`${target.name}: HTTP ${sent.status}`);
  const file = path.join(dir, `${index}.bin`);
  fs.writeFileSync(file, sent.body);
  const headers: string[] = [];
  for (let i = 0; i < sent.headers.length; i += 2) {
    const name = sent.headers[i]!;
    if (!/^(date|connection|keep-alive|transfer-encoding|x-page-cache)$/i.test(name))
      headers.push(name, sent.headers[i + 1]!);
  }
  manifest[`/${index}`] = { file, headers };
}
const baselineSource = path.join(dir, "baseline.mjs");
fs.writeFileSync(
  baselineSource,
  `import http from "node:http"; import fs from "node:fs";
const manifest = ${JSON.stringify(manifest)};
const bodies = Object.fromEntries(Object.entries(manifest).map(([p, m]) => [p, { ...m, body: fs.readFileSync(m.file) }]));
const server = http.createServer((req, res) => { const hit = bodies[req.url]; if (!hit) { res.statusCode = 404; return res.end(); }
  res.writeHead(200, hit.headers); res.end(hit.body); });
server.listen(0, "127.0.0.1", () => process.send(server.address().port));`,
);
const baseline = fork(baselineSource, { stdio: "ignore" });
const baselinePort = await new Promise<number>((resolve) =>
  baseline.once("message", (port) => resolve(Number(port))),
);

type Run = { rps: number; p50: number; p99: number; errors: number; wrkCpu: number };

/** wrk's Lua hook for a new query on every request: `/?q=<count>-<random>`. */
const randomQueryScript = path.join(dir, "random-query.lua");
fs.writeFileSync(
  randomQueryScript,
  `local count = 0
request = function()
  count = count + 1
  return wrk.format(nil, "/?q=" .. count .. "-" .. math.random(1, 1000000000))
end
`,
);

/**
 * One wrk run (with a Lua `script` if given); its CPU time comes from bash's `times`, as a share
 * of one core over the run.
 */
function wrk(
  url: string,
  headers: Record<string, string> = {},
  seconds = DURATION_S,
  script?: string,
): Promise<Run> {
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  if (script) args.push("-s", script);
  const quoted = [...args, url].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(" ");
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", `wrk ${quoted}; times`]);
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("close", () => {
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      const ms = (label: string) => {
        const match = new RegExp(`\\s${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
        if (!match) return NaN;
        const value = Number(match[1]);
        return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
      };
      const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? "0";
      const socketErrors = /Socket errors: (.*)/.exec(out)?.[1] ?? "";
      // `times` prints the shell's own, then its children's user and system time: "0m1.234s 0m0.567s".
      const childTimes = out.trim().split("\n").at(-1) ?? "";
      const cpu = [...childTimes.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
        (sum, m) => sum + Number(m[1]) * 60 + Number(m[2]),
        0,
      );
      if (!Number.isFinite(rps)) return reject(new Error(`wrk printed no rate:\n${out}`));
      resolve({
        rps,
        p50: ms("50"),
        p99: ms("99"),
        errors: Number(errors) + (socketErrors.match(/\d+/g) ?? []).reduce((s, n) => s + Number(n), 0),
        wrkCpu: cpu / seconds,
      });
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  for (const [index, target] of targets.entries()) {
    await wrk(server.url + target.path, target.headers, 2);
    await wrk(`http://127.0.0.1:${baselinePort}/${index}`, {}, 2);
  }
  await wrk(`${server.url}/`, BROWSER, 2, randomQueryScript);
  console.log(
    `bench:http — wrk, 1 thread, ${CONNECTIONS} connections, ${DURATION_S} s per run, Byline and the baseline alternating ${ROUNDS} times; ` +
      `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load ${os.loadavg()[0]!.toFixed(2)}\n`,
  );
  const rows: string[][] = [
    ["target", "server", "req/s (each run)", "p50 ms", "p99 ms", "errors", "wrk CPU", "ratio (median)"],
  ];
  const fmt = (r: Run[], key: "p50" | "p99") => median(r.map((x) => x[key])).toFixed(2);
  const row = (target: string, name: string, runs: Run[], last: string) => [
    target,
    name,
    runs.map((r) => r.rps.toFixed(0)).join(" / "),
    fmt(runs, "p50"),
    fmt(runs, "p99"),
    String(runs.reduce((s, r) => s + r.errors, 0)),
    `${(median(runs.map((r) => r.wrkCpu)) * 100).toFixed(0)}%`,
    last,
  ];
  for (const [index, target] of targets.entries()) {
    const ours: Run[] = [];
    const base: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(await wrk(server.url + target.path, target.headers));
      base.push(await wrk(`http://127.0.0.1:${baselinePort}/${index}`));
    }
    const ratio = median(ours.map((run, i) => run.rps / base[i]!.rps));
    rows.push(row(target.name, "baseline", base, ""));
    rows.push(row(target.name, "byline", ours, ratio.toFixed(2)));
  }
  // A new query per request against `/` itself, in the same rounds.
  const front: Run[] = [];
  const busting: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    front.push(await wrk(`${server.url}/`, BROWSER));
    busting.push(await wrk(`${server.url}/`, BROWSER, DURATION_S, randomQueryScript));
  }
  const bustingRatio = median(busting.map((run, i) => run.rps / front[i]!.rps));
  rows.push(row("/?q=<random> (compressed)", "byline, /", front, ""));
  rows.push(row("/?q=<random> (compressed)", "byline", busting, bustingRatio.toFixed(2)));
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log(r.map((cell, i) => cell.padEnd(widths[i]!)).join("  "));
  console.log(
    "\nwrk CPU: the load generator's own CPU time over the run, as a share of one core; near 100% it, not the server, sets the pace." +
      "\n/?q=<random>: a new query on every request (wrk Lua script), its ratio against Byline's own / in the same rounds (goal: 0.8 or more).",
  );
} finally {
  baseline.kill();
  await server.stop();
  publisher.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
