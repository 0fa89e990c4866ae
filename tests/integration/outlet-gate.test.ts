import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ImportJob } from "../../src/domain/back-catalogue";
import { articlePage } from "../e2e/support/fake-publisher";
import { smallPng } from "../support/sample-images";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * Issue 36, the outlet gate: an import, a watch check and a link check of one outlet, at the same
 * time, through the real app. The outlet logs every request as it arrives and how many were
 * under way then: robots.txt comes first, never more than two at once, and the pause between
 * two starts is kept.
 */

const PAUSE_MS = 150;
/**
 * The outlet logs a request when its handler runs, which can come later than the gate started it
 * (the app and the outlet share one event loop, and the machine is shared): a request logged late
 * shortens the gap after it by that lag, never the gap the gate kept. This much lag is allowed.
 */
const ARRIVAL_LAG_MS = 50;
const ALLOWED_AT_ONCE = 2;
const OWNER_NAME = "Zoë Okafor";
const STORIES = 4;

type Logged = { path: string; at: number; inFlight: number };

let t: TestApp;
let outlet: http.Server;
let origin: string;
const log: Logged[] = [];

const storyPath = (n: number) => `/2026/03/story-${n}`;

beforeAll(async () => {
  const png = await smallPng();
  let inFlight = 0;
  outlet = http.createServer((request, response) => {
    inFlight += 1;
    const path = request.url ?? "";
    log.push({ path, at: performance.now(), inFlight });
    response.on("close", () => (inFlight -= 1));
    if (path === "/robots.txt") {
      response.writeHead(200, { "Content-Type": "text/plain" }).end("User-agent: *\nDisallow: /private/\n");
    } else if (path === "/feed.xml") {
      const links = [...Array.from({ length: STORIES }, (_, i) => storyPath(i)), "/private/draft"];
      const items = links.map(
        (link, i) => `<item><title>Story ${i}</title><link>${origin}${link}</link></item>`,
      );
      response
        .writeHead(200, { "Content-Type": "application/rss+xml" })
        .end(
          `<?xml version="1.0"?><rss version="2.0"><channel><title>Courier</title>${items.join("")}</channel></rss>`,
        );
    } else if (path.startsWith("/2026/03/story-")) {
      const n = path.slice("/2026/03/story-".length);
      const page = articlePage({
        title: `The harbour story number ${n}`,
        siteName: "The Estuary Courier",
        author: OWNER_NAME,
        published: "2026-03-01T08:00:00Z",
        image: `${origin}/img/${n}.png`,
        blocks: [
          `Story ${n}: the council met on Tuesday evening to hear from residents who had waited months for an answer.`,
          "Officials said the figures would be published in full next week, after a review by the auditors of the port authority.",
        ],
      });
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page);
    } else if (path.startsWith("/img/")) {
      response.writeHead(200, { "Content-Type": "image/png" }).end(png);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => outlet.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(outlet.address() as AddressInfo).port}`;
  t = await createTestApp({ FETCH_ALLOW_PRIVATE: "true", LINK_CHECK_PAUSE_MS: String(PAUSE_MS) });
  t.services.content.site.merge({ name: OWNER_NAME });
});

afterAll(async () => {
  await t.services.watch.stop();
  await t.services.linkHealth.stop();
  t.close();
  outlet.closeAllConnections();
  await new Promise<void>((resolve) => outlet.close(() => resolve()));
});

it("reads robots.txt first, asks two at a time at most and keeps the pause, for an import, a watch check and a link check at once", async () => {
  const { owner } = await t.signIn();
  for (const n of [100, 101]) {
    t.services.content.articles.create({
      title: `Older story ${n}`,
      outlet: "The Estuary Courier",
      url: `${origin}${storyPath(n)}`,
      date: "",
      description: "",
      image: "",
      featured: false,
      content: "",
      tags: [],
    });
  }

  const watched = owner("/api/watch/sources", { method: "POST", json: { url: `${origin}/feed.xml` } });
  const imported = owner("/api/imports", { method: "POST", json: { url: `${origin}/feed.xml` } });
  t.services.linkHealth.runNow();
  expect((await watched).status).toBe(201);
  const started = await imported;
  expect(started.status).toBe(202);
  const { id } = (await started.json()) as ImportJob;
  await Promise.all([
    t.services.watch.checkNow(),
    t.services.imports.finished(id),
    t.services.linkHealth.idle(),
  ]);

  const job = (await (await owner(`/api/imports/${id}`)).json()) as ImportJob;
  expect(job.candidates.filter((c) => c.status === "ready")).toHaveLength(STORIES);
  const checks = t.services.linkHealth.report();
  expect(Object.values(checks.articles).map((a) => a.status)).toEqual(["ok", "ok"]);
  // Added, a story becomes an article: its page is read again and kept, with its lead image.
  const added = await owner(`/api/imports/${id}/add`, { method: "POST", json: { candidates: [0] } });
  expect(added.status).toBe(200);
  await t.services.pageReading.idle();
  expect(t.services.webArchive.captures.all()).toHaveLength(1);

  const paths = log.map((entry) => entry.path);
  expect(paths[0]).toBe("/robots.txt");
  expect(paths.filter((path) => path === "/robots.txt")).toHaveLength(1);
  expect(paths).not.toContain("/private/draft");
  // Pages, the feed, lead images and link checks all came through the gate.
  expect(paths.filter((path) => path === "/feed.xml").length).toBeGreaterThanOrEqual(2);
  expect(paths.some((path) => path.startsWith("/img/"))).toBe(true);
  expect(paths).toContain(storyPath(100));
  expect(Math.max(...log.map((entry) => entry.inFlight))).toBeLessThanOrEqual(ALLOWED_AT_ONCE);
  for (let i = 1; i < log.length; i++) {
    expect(log[i]!.at - log[i - 1]!.at, `${log[i - 1]!.path} then ${log[i]!.path}`).toBeGreaterThanOrEqual(
      PAUSE_MS - ARRIVAL_LAG_MS,
    );
  }
});
