/**
 * `npm run bench:watch`: the clip watch with 50 watched feeds at the default interval, against
 * 50 fake outlets (one loopback address each, in a child process so that their work is not
 * counted). Prints the requests a day of checks makes when nothing changes and the share answered
 * 304, then the CPU time (all threads: the parse workers too) and the memory of one full check:
 * the first (each feed's 10 newest stories read), one where nothing changed, and one where every
 * outlet published a story. The pause between two requests to one outlet is left out (0 ms):
 * with the default 3 s a full first check takes minutes of waiting, not of work.
 */
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../src/server/kernel/config";
import { createLogger } from "../src/server/kernel/logger";
import { createServices } from "../src/server/services";
import {
  startWatchedOutlet,
  type Story,
  type WatchedOutlet,
} from "../tests/integration/support/watched-outlet";

const OUTLETS = 50;
const STORIES_PER_FEED = 20;
const OWNER = "Zoë Okafor";
const MINUTE = 60_000;

type Command = { publish: number } | { count: true };
type Report = { origins: string[] } | { requests: number; notModified: number } | { published: true };

const story = (outlet: number, n: number): Story => ({
  path: `/news/outlet-${outlet}-story-${n}`,
  title: `Story ${n} from outlet ${outlet} about the harbour`,
  author: n % 10 === 0 ? OWNER : `Reporter ${n}`,
  authorIn: n % 2 === 0 ? "json-ld" : "meta",
});

/** The child: 50 outlets, each a feed of its newest stories; publishes on request, counts requests. */
async function serveOutlets(): Promise<void> {
  const outlets: WatchedOutlet[] = [];
  const latest: number[] = [];
  const publish = (index: number, upTo: number) => {
    const outlet = outlets[index]!;
    const stories = Array.from({ length: STORIES_PER_FEED }, (_, i) => story(index, upTo - i));
    for (const item of stories) outlet.publish(item);
    outlet.feed(
      "/feed.xml",
      stories.map((item) => item.path),
    );
    latest[index] = upTo;
  };
  for (let index = 0; index < OUTLETS; index++) {
    const outlet = await startWatchedOutlet(`127.0.1.${index + 1}`);
    outlet.robots("User-agent: *\nDisallow: /private/\n");
    outlets.push(outlet);
    publish(index, STORIES_PER_FEED);
  }
  const send = (report: Report) => process.send!(report);
  process.on("message", (command: Command) => {
    if ("publish" in command) {
      for (let index = 0; index < OUTLETS; index++) publish(index, latest[index]! + command.publish);
      send({ published: true });
    } else {
      const all = outlets.flatMap((outlet) => outlet.requests);
      send({ requests: all.length, notModified: all.filter((request) => request.status === 304).length });
    }
  });
  send({ origins: outlets.map((outlet) => outlet.origin) });
}

function ask<T extends Report>(child: ChildProcess, command: Command | undefined): Promise<T> {
  return new Promise((resolve) => {
    child.once("message", (report: T) => resolve(report));
    if (command) child.send(command);
  });
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** CPU (user + system, every thread of this process) and peak memory while `work` runs. */
async function measure(label: string, work: () => Promise<unknown>): Promise<void> {
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  console.log(
    `${label}: CPU ${((used.user + used.system) / 1000).toFixed(0)} ms (wall ${wall.toFixed(0)} ms), ` +
      `RSS peak ${megabytes(peakRss)} (+${megabytes(peakRss - before.rss)}), heap peak ${megabytes(peakHeap)}`,
  );
}

async function main(): Promise<void> {
  if (process.argv.includes("--serve-outlets")) return serveOutlets();
  const child = fork(fileURLToPath(import.meta.url), ["--serve-outlets"], { stdio: "inherit" });
  const { origins } = await ask<{ origins: string[] }>(child, undefined);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-bench-watch-"));
  const clock = { now: Date.parse("2026-03-02T00:00:00Z") };
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    FETCH_ALLOW_PRIVATE: "true",
    LINK_CHECK_PAUSE_MS: "0",
  });
  const services = createServices(config, createLogger("silent"), { now: () => new Date(clock.now) });
  const { watch } = services;
  try {
    services.content.site.merge({ name: OWNER });
    for (const origin of origins) await watch.addSource(`${origin}/feed.xml`);
    const counted = () => ask<{ requests: number; notModified: number }>(child, { count: true });

    await measure(`First full check of ${OUTLETS} feeds (each feed's 10 newest stories read)`, () =>
      watch.checkNow(),
    );
    const overview = watch.overview();
    console.log(`  found ${overview.waiting} clips by the owner`);

    const beforeUnchanged = await counted();
    clock.now += 6 * 60 * MINUTE;
    await measure("Full check, nothing changed", () => watch.checkNow());
    const afterUnchanged = await counted();
    const asked = afterUnchanged.requests - beforeUnchanged.requests;
    const notModified = afterUnchanged.notModified - beforeUnchanged.notModified;
    console.log(`  ${asked} requests, ${notModified} answered 304`);

    await ask(child, { publish: 1 });
    clock.now += 6 * 60 * MINUTE;
    await measure("Full check, every outlet published one story", () => watch.checkNow());

    // A day of the schedule with nothing new: a look every minute, as the server does, after an
    // interval of looks (not counted) in which the sources the checks above left overdue catch up.
    for (let minute = 0; minute < config.watchIntervalMinutes; minute++) {
      clock.now += MINUTE;
      await watch.tick();
    }
    const dayStart = await counted();
    let busiestLook = 0;
    for (let minute = 0; minute < 24 * 60; minute++) {
      clock.now += MINUTE;
      const before = await counted();
      await watch.tick();
      busiestLook = Math.max(busiestLook, (await counted()).requests - before.requests);
    }
    const dayEnd = await counted();
    const day = dayEnd.requests - dayStart.requests;
    const day304 = dayEnd.notModified - dayStart.notModified;
    console.log(
      `A day of checks at WATCH_INTERVAL_MINUTES=${config.watchIntervalMinutes}, nothing new: ${day} requests ` +
        `(${(day / OUTLETS).toFixed(1)} per outlet), ${day304} answered 304 (${((100 * day304) / day).toFixed(0)}%; ` +
        `the rest are robots.txt, read once a day per outlet); at most ${busiestLook} requests in one look`,
    );
  } finally {
    await watch.stop();
    services.store.close();
    child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
