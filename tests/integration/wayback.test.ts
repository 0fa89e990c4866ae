import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { articleInputSchema, type Article } from "../../src/domain/content";
import { waybackStatusText, type WaybackReport } from "../../src/domain/wayback";
import { exportContent } from "../../src/server/content/content-backup";
import { loadConfig } from "../../src/server/kernel/config";
import { createLogger } from "../../src/server/kernel/logger";
import { createServices, type Services } from "../../src/server/services";
import { createFakeTimerClock, type FakeTimerClock } from "./support/fake-timer-clock";
import {
  FAKE_KEYS,
  FOUND_TIMESTAMP,
  SAVED_TIMESTAMP,
  startFakeWayback,
  type FakeWayback,
} from "../e2e/support/fake-wayback";
import { createTestApp, type TestApp } from "./support/test-app";
import { startFakePublisher } from "../e2e/support/fake-publisher";

const START = Date.parse("2026-11-26T09:00:00Z");
const MINUTE = 60_000;
/** How often the tests move the fake clock on: shorter than the worker's 10 s between status questions. */
const STEP_MS = 5_000;

let clock: FakeTimerClock;
let fake: FakeWayback;
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startFake(): Promise<FakeWayback> {
  clock = createFakeTimerClock(START);
  fake = await startFakeWayback(() => clock.now());
  cleanups.push(() => fake.close());
  return fake;
}

function waybackEnv(keys: boolean, perMinute = 3): Record<string, string> {
  return {
    FETCH_ALLOW_PRIVATE: "true",
    LINK_CHECK_PAUSE_MS: "0",
    WAYBACK_URL: fake.origin,
    WAYBACK_PER_MINUTE: String(perMinute),
    ...(keys ? { WAYBACK_ACCESS_KEY: FAKE_KEYS.access, WAYBACK_SECRET_KEY: FAKE_KEYS.secret } : {}),
  };
}

async function bootApp(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp(env, { wayback: { clock } });
  cleanups.push(async () => {
    await t.services.wayback.stop();
    t.close();
  });
  t.services.wayback.start();
  return t;
}

/** Services on a data directory the test keeps, so that it can close and open them again. */
function openServices(dataDir: string, env: Record<string, string>): Services {
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "false", ...env });
  const services = createServices(config, createLogger("silent"), { wayback: { clock } });
  services.wayback.start();
  return services;
}

function addArticle(services: Services, pathname: string): Article {
  return services.content.articles.create(
    articleInputSchema.parse({
      title: `Clip ${pathname}`,
      outlet: "The Coast Gazette",
      url: `https://news.example${pathname}`,
    }),
  );
}

/** Moves the fake clock on in steps, letting the worker finish each pass it wakes for. */
async function runFor(services: Services, ms: number): Promise<void> {
  await settled(services);
  for (let elapsed = 0; elapsed < ms; elapsed += STEP_MS) {
    clock.advance(STEP_MS);
    await settled(services);
  }
}

/** Waits for the pass a write or a timer just asked for (it starts a microtask later) to end. */
async function settled(services: Services): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await services.wayback.idle();
}

/** The most saves sent in any 60 seconds of fake time. */
function busiestMinute(times: number[]): number {
  return Math.max(0, ...times.map((start) => times.filter((t) => t >= start && t < start + MINUTE).length));
}

describe("Save Page Now", () => {
  it("sends each new article with the owner's keys, asks after the job until it is saved, and records it", async () => {
    await startFake();
    const t = await bootApp(waybackEnv(true));
    const { owner } = await t.signIn();
    const created = await owner("/api/articles", {
      method: "POST",
      json: { title: "Harbour pilots", outlet: "The Coast Gazette", url: "https://news.example/harbour" },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await runFor(t.services, 30_000);

    const [save] = fake.saves();
    expect(save).toMatchObject({
      authorization: `LOW ${FAKE_KEYS.access}:${FAKE_KEYS.secret}`,
      accept: "application/json",
      url: "https://news.example/harbour",
    });
    const statusQuestions = fake.hits.filter((hit) => hit.path.startsWith("/save/status/"));
    expect(statusQuestions.length).toBe(2); // pending, then success
    expect(statusQuestions.every((hit) => hit.authorization === save?.authorization)).toBe(true);

    const report = (await (await owner("/api/wayback")).json()) as WaybackReport;
    const snapshot = `${fake.origin}/web/${SAVED_TIMESTAMP}/https://news.example/harbour`;
    expect(report.configured).toBe(true);
    expect(report.articles[id]).toMatchObject({ status: "saved", snapshotUrl: snapshot, error: null });
    expect(waybackStatusText(report.articles[id]!)).toBe("Saved to the Wayback Machine on 26 November 2026");
    // Visitors get the link too, and the viewer shows it.
    const articles = (await (await t.request("/api/articles")).json()) as Article[];
    expect(articles.find((article) => article.id === id)?.wayback).toBe(snapshot);
    // A finding, not content: the export leaves it out.
    expect(
      exportContent(t.services.content).articles.find((article) => article.id === id),
    ).not.toHaveProperty("wayback");
    // The report is the owner's alone.
    expect((await t.request("/api/wayback")).status).toBe(401);
  });

  it("sends at most WAYBACK_PER_MINUTE saves in any minute of a backlog", async () => {
    await startFake();
    const t = await bootApp(waybackEnv(true, 3));
    for (let i = 1; i <= 8; i++) addArticle(t.services, `/story-${i}`);
    await runFor(t.services, 4 * MINUTE);

    const times = fake.saves().map((hit) => hit.at);
    expect(times).toHaveLength(8);
    expect(busiestMinute(times)).toBe(3);
    const { articles } = t.services.wayback.report();
    expect(Object.values(articles).map((save) => save.status)).toEqual(Array(8).fill("saved"));
  });

  it("waits as long as a 429's Retry-After asks, then sends the article again", async () => {
    await startFake();
    fake.answerNextSave(429, { "Retry-After": "120", "Content-Type": "application/json" }, "{}");
    const t = await bootApp(waybackEnv(true));
    const article = addArticle(t.services, "/busy-day");
    await runFor(t.services, MINUTE);
    expect(fake.saves().map((hit) => hit.at)).toEqual([START]);
    expect(t.services.wayback.report().articles[article.id]).toMatchObject({
      status: "queued",
      attempts: 1,
      error: "The Wayback Machine asked us to slow down (429)",
    });
    expect(waybackStatusText(t.services.wayback.report().articles[article.id]!)).toBe(
      "Waiting to be saved to the Wayback Machine (last try: The Wayback Machine asked us to slow down (429))",
    );

    await runFor(t.services, 2 * MINUTE);
    expect(fake.saves().map((hit) => hit.at)).toEqual([START, START + 120_000]);
    expect(t.services.wayback.report().articles[article.id]).toMatchObject({ status: "saved", error: null });
  });

  it("never follows a redirect with the keys: they reach WAYBACK_URL and nothing else", async () => {
    await startFake();
    const elsewhere = await startFakePublisher({ "/save": { body: "{}" } }, "127.0.0.2");
    cleanups.push(() => elsewhere.close());
    fake.answerNextSave(307, { Location: elsewhere.url("/save") });
    const t = await bootApp(waybackEnv(true));
    const article = addArticle(t.services, "/redirected");
    await runFor(t.services, 20_000);
    expect(elsewhere.hits("/save")).toBe(0);
    expect(t.services.wayback.report().articles[article.id]).toMatchObject({ status: "failed" });
  });

  it("records a page Save Page Now will not save, with its reason, and does not send it again", async () => {
    await startFake();
    const t = await bootApp(waybackEnv(true));
    const article = addArticle(t.services, "/refused");
    await runFor(t.services, 5 * MINUTE);
    expect(fake.saves()).toHaveLength(1);
    const save = t.services.wayback.report().articles[article.id]!;
    expect(save).toMatchObject({ status: "failed", error: "The server cannot find the requested resource." });
    expect(waybackStatusText(save)).toBe(
      "Not saved to the Wayback Machine: The server cannot find the requested resource.",
    );
  });

  it("without keys sends nothing and keeps every article waiting; with keys the backlog drains after a restart, at the same pace", async () => {
    await startFake();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-wayback-"));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    let services = openServices(dataDir, waybackEnv(false, 2));
    const ids = [1, 2, 3, 4, 5].map((i) => addArticle(services, `/back-catalogue-${i}`).id);
    await runFor(services, 5 * MINUTE);
    expect(fake.hits).toEqual([]);
    const waiting = services.wayback.report();
    expect(waiting.configured).toBe(false);
    expect(ids.map((id) => waiting.articles[id]?.status)).toEqual(Array(5).fill("queued"));
    await services.wayback.stop();
    services.store.close();

    // The owner adds the keys and restarts: the worker picks up the queue and sends two.
    services = openServices(dataDir, waybackEnv(true, 2));
    await runFor(services, 20_000);
    expect(fake.saves()).toHaveLength(2);
    await services.wayback.stop();
    services.store.close();

    // A restart within the same minute sends no more: the pace counts the saves sent before it.
    services = openServices(dataDir, waybackEnv(true, 2));
    cleanups.push(async () => {
      await services.wayback.stop();
      services.store.close();
    });
    await runFor(services, 30_000);
    expect(fake.saves()).toHaveLength(2);
    await runFor(services, 3 * MINUTE);

    const times = fake.saves().map((hit) => hit.at);
    expect(
      fake
        .saves()
        .map((hit) => hit.url)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5].map((i) => `https://news.example/back-catalogue-${i}`));
    expect(busiestMinute(times)).toBe(2);
    const done = services.wayback.report();
    expect(ids.map((id) => done.articles[id]?.status)).toEqual(Array(5).fill("saved"));
  });
});

describe("A gone original with no kept text", () => {
  async function goneArticle(t: TestApp, pathname: string): Promise<string> {
    const article = t.services.content.articles.create(
      articleInputSchema.parse({
        title: `Lost ${pathname}`,
        outlet: "The Coast Gazette",
        url: `${fake.origin}/outlet${pathname}`,
        description: "A story whose outlet took it down.",
      }),
    );
    t.services.linkHealth.runNow();
    await t.services.linkHealth.idle();
    await t.services.wayback.runDue();
    return article.id;
  }

  it("sends visitors to the Wayback Machine's closest snapshot, asked for without keys", async () => {
    await startFake();
    const t = await bootApp(waybackEnv(false));
    const id = await goneArticle(t, "/closed-paper");
    const original = `${fake.origin}/outlet/closed-paper`;
    const snapshot = `${fake.origin}/web/${FOUND_TIMESTAMP}/${original}`;

    expect(fake.hits.filter((hit) => hit.path === "/wayback/available")).toHaveLength(1);
    expect(fake.hits.every((hit) => hit.authorization === undefined)).toBe(true);
    expect(fake.saves()).toEqual([]);

    const articles = (await (await t.request("/api/articles")).json()) as Article[];
    expect(articles.find((article) => article.id === id)).toMatchObject({
      gone: "unarchived",
      wayback: snapshot,
    });
    // Asked once: a later change does not ask again.
    await t.services.wayback.runDue();
    expect(fake.hits.filter((hit) => hit.path === "/wayback/available")).toHaveLength(1);
  });

  it("asks at most WAYBACK_PER_MINUTE questions a minute, and comes back for the rest", async () => {
    await startFake();
    const t = await bootApp(waybackEnv(false, 2));
    const ids = [1, 2, 3, 4, 5].map(
      (i) =>
        t.services.content.articles.create(
          articleInputSchema.parse({
            title: `Lost ${i}`,
            outlet: "Gone Gazette",
            url: `${fake.origin}/outlet/lost-${i}`,
          }),
        ).id,
    );
    t.services.linkHealth.runNow();
    await t.services.linkHealth.idle();
    await runFor(t.services, 3 * MINUTE);

    const questions = fake.hits.filter((hit) => hit.path === "/wayback/available").map((hit) => hit.at);
    expect(questions).toHaveLength(5);
    expect(busiestMinute(questions)).toBe(2);
    const articles = (await (await t.request("/api/articles")).json()) as Article[];
    expect(ids.every((id) => articles.find((article) => article.id === id)?.wayback)).toBe(true);
  });

  it("refuses a garbled answer, an oversized one and a snapshot on another host, and offers no link", async () => {
    await startFake();
    const t = await bootApp(waybackEnv(false));
    const ids = [
      await goneArticle(t, "/garbled"),
      await goneArticle(t, "/huge"),
      await goneArticle(t, "/elsewhere"),
    ];
    expect(fake.hits.filter((hit) => hit.path === "/wayback/available")).toHaveLength(3);
    const articles = (await (await t.request("/api/articles")).json()) as Article[];
    for (const id of ids) {
      expect(articles.find((article) => article.id === id)).toMatchObject({ gone: "unarchived" });
      expect(articles.find((article) => article.id === id)?.wayback).toBeUndefined();
    }
  });
});
