/**
 * `npm run bench:start [RUNS]`: how long the production server takes from its start to the first
 * answered `/`, run from the TypeScript sources through tsx (as before decision 041) and as the
 * compiled `node build/server/main.js` (after). Each variant starts RUNS times (5 unless given),
 * in turns, each on a fresh DATA_DIR that the demo seed fills, on loopback; `/` is asked every
 * 20 ms from the moment the process is started until it answers 200. Builds first if the sources
 * changed since the last build.
 */
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const RUNS = Number(process.argv[2] ?? 5);
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const VARIANTS = [
  { name: "tsx src/server/main.ts (before)", args: ["--import", "tsx", "src/server/main.ts"] },
  { name: "node build/server/main.js (after)", args: [path.join(buildDir, "server", "main.js")] },
];
const GIVE_UP_MS = 120_000;

/** A port the system has just handed out and freed: the server prints its address only once its pages are warm, so it is chosen here and asked for at once. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function answered(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** Milliseconds from the spawn to the first 200 for `/`. */
async function startOnce(args: string[]): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-bench-start-"));
  const port = await freePort();
  let output = "";
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      // Nothing inherited may load tsx into the compiled variant.
      NODE_OPTIONS: "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      SEED_DEMO: "true",
      LINK_CHECK_DAILY: "false",
      WAYBACK_URL: "http://127.0.0.1:9",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  let exited = false;
  child.once("exit", () => void (exited = true));
  try {
    while (!(await answered(`http://127.0.0.1:${port}/`))) {
      if (exited) throw new Error(`The server stopped before answering:\n${output}`);
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`No answer in time:\n${output}`);
      await sleep(20);
    }
    return performance.now() - started;
  } finally {
    if (!exited) {
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await gone;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

execFileSync(process.execPath, ["scripts/build-if-changed.mjs"], { stdio: "inherit" });
const times = VARIANTS.map(() => [] as number[]);
for (let run = 0; run < RUNS; run++) {
  // In turns, the order swapped each round, so both meet the same load on the machine.
  const order = run % 2 ? [...VARIANTS.keys()].reverse() : [...VARIANTS.keys()];
  for (const index of order) times[index]!.push(await startOnce(VARIANTS[index]!.args));
  console.error(`round ${run + 1} of ${RUNS} done`);
}

const ms = (value: number) => `${Math.round(value)} ms`;
console.log(`\nStart to first answered / (${RUNS} starts each, demo seed, fresh DATA_DIR)\n`);
console.log("| server | median | min | max |");
console.log("|---|---|---|---|");
VARIANTS.forEach(({ name }, index) => {
  const values = times[index]!;
  console.log(
    `| ${name} | ${ms(median(values))} | ${ms(Math.min(...values))} | ${ms(Math.max(...values))} |`,
  );
});
