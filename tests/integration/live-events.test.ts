import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore } from "../../src/server/kernel/db/open-database";
import { createContentRepositories } from "../../src/server/content/content-repositories";
import { readChanges } from "./support/sse-reader";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({}, { live: { maxStreams: 2, heartbeatMs: 100 } });
});
afterEach(() => t.close());

describe("GET /api/events", () => {
  it("emits one event per committed write, naming the topic", async () => {
    const { owner } = await t.signIn();
    const stream = await t.request("/api/events");
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const reading = readChanges(stream, 3);
    await new Promise((r) => setTimeout(r, 50));
    await owner("/api/articles", { method: "POST" });
    await owner("/api/site", { method: "PUT", json: { name: "Live" } });
    await owner("/api/education", { method: "POST" });
    const { events } = await reading;
    expect(events.map((e) => e.data)).toEqual([
      { topic: "articles" },
      { topic: "site" },
      { topic: "education" },
    ]);
    const ids = events.map((e) => Number(e.id));
    expect(ids[1]).toBeGreaterThan(ids[0]!);
  });

  it("does not emit for a refused write", async () => {
    const { owner } = await t.signIn();
    const stream = await t.request("/api/events");
    const reading = readChanges(stream, 1);
    await new Promise((r) => setTimeout(r, 50));
    await owner("/api/site", { method: "PUT", json: { name: "" } });
    await owner("/api/experiences", { method: "POST" });
    const { events } = await reading;
    expect(events[0]?.data).toEqual({ topic: "experiences" });
  });

  it("sends what a reconnecting client missed (Last-Event-ID), once per topic", async () => {
    const { owner } = await t.signIn();
    await owner("/api/articles", { method: "POST" });
    const seq = t.services.store.sqlite.prepare("select max(seq) as seq from changes").get() as {
      seq: number;
    };
    await owner("/api/articles", { method: "POST" });
    await owner("/api/articles", { method: "POST" });
    await owner("/api/experiences", { method: "POST" });
    const stream = await t.request("/api/events", { headers: { "Last-Event-ID": String(seq.seq) } });
    const { events } = await readChanges(stream, 2);
    expect(events.map((e) => e.data)).toEqual([{ topic: "articles" }, { topic: "experiences" }]);
  });

  it("replays from ?since= (the change a page was rendered at) and names the current change on 'ready'", async () => {
    const { owner } = await t.signIn();
    await owner("/api/articles", { method: "POST" });
    const rendered = t.services.store.currentSeq();
    await owner("/api/education", { method: "POST" });
    const stream = await t.request(`/api/events?since=${rendered}`);
    const reader = stream.body!.getReader();
    let text = "";
    while (!text.includes("event: change")) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    const ready = /event: ready\ndata: \{\}\nid: (\d+)/.exec(text);
    expect(Number(ready?.[1])).toBe(t.services.store.currentSeq());
    expect(text).toContain('data: {"topic":"education"}');
    expect(text).not.toContain('"topic":"articles"');
  });

  it("a stream opened with nothing missed says 'ready' with the current change and sends no change", async () => {
    const { owner } = await t.signIn();
    await owner("/api/articles", { method: "POST" });
    const stream = await t.request(`/api/events?since=${t.services.store.currentSeq()}`);
    const reader = stream.body!.getReader();
    let text = "";
    while (!text.includes(": heartbeat")) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    expect(text).toContain(`event: ready\ndata: {}\nid: ${t.services.store.currentSeq()}\n`);
    expect(text).not.toContain("event: change");
  });

  it("tells only the owner's streams that a contact message arrived", async () => {
    const { cookie } = await t.signIn();
    const visitor = await t.request("/api/events");
    const owner = await t.request("/api/events", { headers: { Cookie: cookie } });
    const visitorReading = readChanges(visitor, 1);
    const ownerReading = readChanges(owner, 2);
    await new Promise((r) => setTimeout(r, 50));
    t.services.store.write("messages", () => undefined);
    t.services.store.write("articles", () => undefined);
    expect((await ownerReading).events.map((e) => e.data)).toEqual([
      { topic: "messages" },
      { topic: "articles" },
    ]);
    expect((await visitorReading).events.map((e) => e.data)).toEqual([{ topic: "articles" }]);

    const since = t.services.store.currentSeq();
    t.services.store.write("messages", () => undefined);
    t.services.store.write("education", () => undefined);
    const caughtUp = await readChanges(await t.request(`/api/events?since=${since}`), 1);
    expect(caughtUp.events.map((e) => e.data)).toEqual([{ topic: "education" }]);
  });

  it("sends heartbeats and bounds the number of open streams", async () => {
    const first = await t.request("/api/events");
    const second = await t.request("/api/events");
    await new Promise((r) => setTimeout(r, 20));
    const third = await t.request("/api/events");
    expect(third.status).toBe(503);
    const reader = first.body!.getReader();
    let text = "";
    while (!text.includes(": heartbeat")) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toContain(": heartbeat");
    await reader.cancel();
    await second.body!.cancel();
  });

  it("passes on what another process wrote to the same file (the CLI's import): lists, then one event each", async () => {
    await t.request("/api/articles");
    const other = openStore(t.dataDir);
    const events: unknown[] = [];
    const off = t.services.store.onChange((event) => events.push(event));
    try {
      createContentRepositories(other).articles.create({
        title: "Written by the CLI",
        outlet: "Elsewhere",
        url: "https://elsewhere.example/cli",
        date: "",
        description: "",
        image: "",
        featured: false,
        content: "",
        tags: [],
      });
      t.services.store.emitExternalWrites();
      expect(events).toEqual([{ seq: expect.any(Number), topic: "articles" }]);
      const titles = ((await (await t.request("/api/articles")).json()) as { title: string }[]).map(
        (a) => a.title,
      );
      expect(titles).toContain("Written by the CLI");
      t.services.store.emitExternalWrites();
      await t.signIn().then(({ owner }) => owner("/api/site", { method: "PUT", json: { name: "Ours" } }));
      t.services.store.emitExternalWrites();
      expect(events).toHaveLength(2);
    } finally {
      off();
      other.close();
    }
  });
});
