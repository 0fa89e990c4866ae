import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Temporal } from "@js-temporal/polyfill";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../kernel/db/open-database";
import { createSqliteKvStore } from "./sqlite-kv-store";
import { createSqliteMessageQueue } from "./sqlite-message-queue";

let dir: string;
let store: Store;
let clock = 1_000_000;
const now = () => clock;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-fedify-stores-"));
  store = openStore(dir);
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const reopen = () => {
  store.close();
  store = openStore(dir);
};

describe("Fedify's key-value store in SQLite", () => {
  it("keeps values across a reopening, forgets them after their time to live", async () => {
    const kv = createSqliteKvStore(store, now);
    await kv.set(["a", "kept"], { n: 1 });
    await kv.set(["a", "brief"], "soon gone", { ttl: Temporal.Duration.from({ seconds: 10 }) });
    reopen();
    const again = createSqliteKvStore(store, now);
    expect(await again.get(["a", "kept"])).toEqual({ n: 1 });
    expect(await again.get(["a", "brief"])).toBe("soon gone");
    clock += 10_000;
    expect(await again.get(["a", "brief"])).toBeUndefined();
    await again.delete(["a", "kept"]);
    expect(await again.get(["a", "kept"])).toBeUndefined();
  });

  it("lists by prefix, element by element", async () => {
    const kv = createSqliteKvStore(store, now);
    await kv.set(["p"], 0);
    await kv.set(["p", "1"], 1);
    await kv.set(["p", "2", "x"], 2);
    await kv.set(["pq"], 3);
    const listed = [];
    for await (const entry of kv.list(["p"])) listed.push(entry);
    expect(listed.map(({ key }) => key.join("/")).sort()).toEqual(["p", "p/1", "p/2/x"]);
  });

  it("swaps only the expected value", async () => {
    const kv = createSqliteKvStore(store, now);
    expect(await kv.cas!(["k"], undefined, "first")).toBe(true);
    expect(await kv.cas!(["k"], undefined, "second")).toBe(false);
    expect(await kv.cas!(["k"], "first", "third")).toBe(true);
    expect(await kv.get(["k"])).toBe("third");
  });
});

describe("Fedify's message queue in SQLite", () => {
  it("hands over messages in order, a delayed one when due, and keeps them across a restart", async () => {
    const queue = createSqliteMessageQueue(store, { now, pollMs: 20 });
    await queue.enqueue({ n: 1 });
    await queue.enqueue({ n: 2 }, { delay: Temporal.Duration.from({ minutes: 5 }) });
    reopen();
    const again = createSqliteMessageQueue(store, { now, pollMs: 20 });
    expect(again.waiting()).toBe(2);
    const seen: unknown[] = [];
    const stop = new AbortController();
    const listening = again.listen(
      (message) => {
        seen.push(message);
        if (seen.length === 1) clock += 5 * 60_000;
        if (seen.length === 2) stop.abort();
      },
      { signal: stop.signal },
    );
    await listening;
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect(again.waiting()).toBe(0);
  });

  it("gives a message a worker held when its process stopped to the next one", async () => {
    const queue = createSqliteMessageQueue(store, { now });
    await queue.enqueue({ n: 1 });
    store.sqlite.prepare("update fediverse_queue set taken_until = ?").run(clock + 60_000);
    reopen();
    const again = createSqliteMessageQueue(store, { now });
    const stop = new AbortController();
    const seen: unknown[] = [];
    await again.listen(
      (message) => {
        seen.push(message);
        stop.abort();
      },
      { signal: stop.signal },
    );
    expect(seen).toEqual([{ n: 1 }]);
  });
});
