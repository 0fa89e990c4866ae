import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ImportJob } from "../../src/domain/back-catalogue";
import type { Topic } from "../../src/domain/content";
import { openStore, type Store } from "../../src/server/kernel/db/open-database";
import { createCatalogueJobs } from "../../src/server/back-catalogue/catalogue-jobs";
import { RSS_FEED, serveFakeOutlet } from "../e2e/support/fake-outlet";
import { startFakePublisher, type FakePublisher } from "../e2e/support/fake-publisher";
import { readChanges, type ReadChange } from "./support/sse-reader";
import { createTestApp, type TestApp } from "./support/test-app";

/** The import screen follows its job over `/api/events`: "imports" changes, for the owner alone. */
describe("an import's progress on the live stream", () => {
  let t: TestApp;
  let publisher: FakePublisher;
  let renders = 0;

  beforeAll(async () => {
    t = await createTestApp(
      { FETCH_ALLOW_PRIVATE: "true" },
      {
        pages: {
          render: async () => {
            renders += 1;
            return new Response("<html><h1>Front page</h1></html>", {
              headers: new Headers({ "Content-Type": "text/html; charset=utf-8" }),
            });
          },
        },
      },
    );
    publisher = await startFakePublisher();
    serveFakeOutlet(publisher);
  });

  afterAll(async () => {
    await t.services.imports.stop();
    await publisher.close();
    t.close();
  });

  const named = (topic: Topic) => (events: readonly ReadChange[]) =>
    events.some((event) => (event.data as { topic: string }).topic === topic);

  it("tells the owner's stream as the job moves on, a visitor's never, and leaves cached pages as they are", async () => {
    const { cookie, owner } = await t.signIn();
    await t.request("/");
    expect(renders).toBe(1);
    // Opened at the current change: whatever is written from here on is sent, however soon.
    const since = t.services.store.currentSeq();
    const ownerStream = await t.request(`/api/events?since=${since}`, { headers: { Cookie: cookie } });
    const visitorStream = await t.request(`/api/events?since=${since}`);

    const started = await owner("/api/imports", { method: "POST", json: { url: publisher.url(RSS_FEED) } });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as ImportJob;
    await t.services.imports.finished(id);
    expect(t.services.imports.get(id)?.status).toBe("done");
    // Owner-only: visitors' cached pages stay as they were.
    expect((await t.request("/")).headers.get("x-page-cache")).toBe("hit");
    expect(renders).toBe(1);
    // The visitor has now been sent everything the import announced; this ends both readings.
    t.services.store.write("articles", () => undefined);

    const ownerEvents = (await readChanges(ownerStream, named("articles"))).events.map((e) => e.data);
    const visitorEvents = (await readChanges(visitorStream, named("articles"))).events.map((e) => e.data);
    expect(ownerEvents).toContainEqual({ topic: "imports" });
    expect(ownerEvents.at(-1)).toEqual({ topic: "articles" });
    expect(visitorEvents).toEqual([{ topic: "articles" }]);
  });
});

describe("import jobs announce", () => {
  let dir: string;
  let store: Store;
  let announced: number;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-import-events-"));
    store = openStore(dir);
    store.onChange((event) => {
      if (event.topic === "imports") announced += 1;
    });
  });

  afterAll(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  afterEach(() => {
    // One job at a time: the next test's job may start.
    store.sqlite.prepare("update import_jobs set status = 'done', holder = null, lease_until = 0").run();
  });

  const holder = "this-test";
  const lease = () => ({ holder, now: Date.now(), until: Date.now() + 60_000 });
  const urls = Array.from({ length: 20 }, (_, i) => `https://outlet.example/article-${i}`);

  function readingJob() {
    const jobs = createCatalogueJobs(store);
    announced = 0;
    const id = jobs.create("https://outlet.example/feed", lease())!;
    expect(announced).toBe(1);
    jobs.saveDiscovery(id, holder, { kind: "feed", urls, pagesRead: 1 });
    expect(announced).toBe(2);
    return { jobs, id };
  }

  it("a burst of progress once, then once more with the newest, and the end at once", async () => {
    const { jobs, id } = readingJob();
    for (const position of urls.keys()) jobs.saveRead(id, holder, position, { error: "Not found" });
    // Every page read within the cooldown the discovery started: one announcement when it is up.
    expect(announced).toBe(2);
    await vi.waitFor(() => expect(announced).toBe(3));
    jobs.finish(id, holder, "done");
    expect(announced).toBe(4);
  });

  it("a cancel at once, even within a cooldown", () => {
    const { jobs, id } = readingJob();
    jobs.saveRead(id, holder, 0, { error: "Not found" });
    expect(announced).toBe(2);
    jobs.cancel(id);
    expect(announced).toBe(3);
    // Nothing to announce: the job had ended already.
    jobs.cancel(id);
    jobs.finish(id, holder, "done");
    expect(announced).toBe(3);
  });

  it("a job set aside as interrupted, and its resumption", () => {
    const { jobs, id } = readingJob();
    jobs.release(id, holder);
    expect(jobs.takeOver(id, lease(), 1)).toBe("interrupted");
    expect(announced).toBe(3);
    expect(jobs.resume(id, lease())).toBe("run");
    expect(announced).toBe(4);
  });
});
