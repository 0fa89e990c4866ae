/**
 * `npm run bench:load`: 200 concurrent visitors on `/` for 30 s, each with a live stream open,
 * while the owner saves 20 changes. Then the same load across a server restart: no acknowledged
 * write may be lost and every stream must reconnect and catch up.
 */
import fs from "node:fs";
import autocannon from "autocannon";
import { startServer } from "../tests/e2e/support/test-server";
import { startProductionServer } from "./lib/production-server";
import { openSseClient } from "./lib/sse-client";

const VISITORS = Number(process.env.LOAD_VISITORS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CHANGES = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Every simulated visitor comes from 127.0.0.1, so the per-address stream cap is lifted here.
const serverEnv = { LIVE_STREAMS_PER_ADDRESS: "10000" };
let server = await startProductionServer({
  buildDir: "build-bench",
  build: process.env.LOAD_SKIP_BUILD !== "1",
  env: serverEnv,
});
const port = new URL(server.url).port;
const dataDir = server.dataDir;
await server.api("/api/session");

// Phase 1: steady load with live streams.
const streams = Array.from({ length: VISITORS }, () => openSseClient(`${server.url}/api/events`));
while (streams.some((s) => s.connects === 0)) await sleep(50);
const load = autocannon({ url: `${server.url}/`, connections: VISITORS, duration: SECONDS });
let saved = 0;
for (let i = 0; i < CHANGES; i++) {
  await sleep((SECONDS * 1000 * 0.8) / CHANGES);
  const response = await server.api("/api/site", {
    method: "PUT",
    json: { hero: { tagline: `Load test change ${i + 1}` } },
  });
  if (response.ok) saved += 1;
}
const result = await load;
await sleep(500);
const complete = streams.filter(
  (s) => s.changes.filter((c) => c.collection === "site").length === CHANGES,
).length;
console.log(
  `bench:load — phase 1: ${VISITORS} visitors on / for ${SECONDS} s, ${VISITORS} live streams, ${CHANGES} owner saves`,
);
console.log(
  `  requests ${result.requests.total}, req/s ${result.requests.average.toFixed(0)}, p99 ${result.latency.p99} ms`,
);
console.log(
  `  errors ${result.errors + result.timeouts}, non-2xx ${result.non2xx}, saves acknowledged ${saved}/${CHANGES}`,
);
console.log(`  streams that received every change: ${complete}/${VISITORS}`);

// Phase 2: restart under load.
const acknowledged: string[] = [];
let writing = true;
const writer = (async () => {
  let n = 0;
  while (writing) {
    n += 1;
    try {
      const response = await server.api("/api/articles", {
        method: "POST",
        json: {
          title: `Restart write ${n}`,
          outlet: "Load",
          url: `https://load.example/${n}`,
          date: "2026-01-01",
        },
      });
      if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
    } catch {
      // Refused while the server restarts: not acknowledged.
    }
    await sleep(20);
  }
})();
const restartLoad = autocannon({ url: `${server.url}/`, connections: VISITORS, duration: 12 });
await sleep(4000);
const connectsBefore = streams.map((s) => s.connects);
const old = server;
server.process.kill("SIGTERM");
await new Promise((r) => old.process.once("exit", r));
server = await startServer({ dataDir, env: { ...serverEnv, PORT: port, BUILD_DIR: "build-bench" } });
await sleep(4000);
writing = false;
await writer;
const restartResult = await restartLoad;
const lastWriteSeq = Math.max(...streams.flatMap((s) => s.changes.map((c) => c.id)));
await sleep(1500);
const articles = (await (await fetch(`${server.url}/api/articles`)).json()) as { id: string }[];
const found = new Set(articles.map((a) => a.id));
const lost = acknowledged.filter((id) => !found.has(id)).length;
const reconnected = streams.filter((s, i) => s.connects > connectsBefore[i]!).length;
const caughtUp = streams.filter((s) => s.changes.some((c) => c.id >= lastWriteSeq)).length;
console.log(`bench:load — phase 2: restart under load (SIGTERM, start again on the same port and data)`);
console.log(
  `  requests ${restartResult.requests.total}, errors during the restart ${restartResult.errors + restartResult.timeouts}, non-2xx ${restartResult.non2xx}`,
);
console.log(`  acknowledged writes ${acknowledged.length}, lost ${lost}`);
console.log(
  `  streams reconnected ${reconnected}/${VISITORS}, caught up to the last write ${caughtUp}/${VISITORS}`,
);

for (const s of streams) s.close();
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(
  result.errors + result.timeouts + result.non2xx === 0 && complete === VISITORS && lost === 0 ? 0 : 1,
);
