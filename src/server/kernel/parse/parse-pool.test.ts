import { afterEach, describe, expect, it } from "vitest";
import { createParsePool, type ParsePool } from "./parse-pool";
import { UnreadablePageError } from "./unreadable-page";

const TASKS = new URL("./fixtures/pool-tasks.ts", import.meta.url);

let pool: ParsePool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

function open(options: Partial<Parameters<typeof createParsePool>[0]> = {}): ParsePool {
  pool = createParsePool({
    size: 2,
    deadlineMs: 30_000,
    idleMs: 60_000,
    maxHeapMb: 256,
    maxWaitMs: 60_000,
    ...options,
  });
  return pool;
}

/** Settles a promise into what it resolved to or the error it rejected with. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ value }),
    (error: Error) => ({ error }),
  );

describe("the parse pool", () => {
  it("runs a module's function in a worker on plain data, bytes included", async () => {
    const body = new Uint8Array(5 * 1024 * 1024);
    expect(await open().run(TASKS, "describePage", [{ body, url: "https://e.example/a" }])).toEqual({
      url: "https://e.example/a",
      bytes: 5 * 1024 * 1024,
    });
  });

  it("hands a refusal back with its reason, and any other error with its message", async () => {
    const tasks = open();
    const refused = await outcome(tasks.run(TASKS, "refuse", []));
    expect(refused).toEqual({ error: new UnreadablePageError("too_deep") });
    expect((refused as { error: UnreadablePageError }).error.reason).toBe("too_deep");
    expect(await outcome(tasks.run(TASKS, "fail", ["No luck"]))).toEqual({ error: new Error("No luck") });
  });

  it("stops a task past its deadline, replaces the worker, and the main thread goes on meanwhile", async () => {
    const tasks = open({ size: 1, deadlineMs: 1500 });
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    const slow = await outcome(tasks.run(TASKS, "spin", []));
    clearInterval(ticker);
    expect(slow).toEqual({ error: new UnreadablePageError("too_slow") });
    expect(ticks).toBeGreaterThan(0);
    expect(await tasks.run(TASKS, "describePage", [{ body: new Uint8Array(3), url: "u" }])).toEqual({
      url: "u",
      bytes: 3,
    });
  });

  it("gives up a task that waited too long for a worker, as busy, and runs the next one once a worker is free", async () => {
    const tasks = open({ size: 1, deadlineMs: 3000, maxWaitMs: 500 });
    const slow = outcome(tasks.run(TASKS, "spin", []));
    const waiting = await outcome(tasks.run(TASKS, "describePage", [{ body: new Uint8Array(4), url: "u" }]));
    expect(waiting).toEqual({ error: new UnreadablePageError("busy") });
    expect(await slow).toEqual({ error: new UnreadablePageError("too_slow") });
    expect(await tasks.run(TASKS, "describePage", [{ body: new Uint8Array(5), url: "u" }])).toEqual({
      url: "u",
      bytes: 5,
    });
  });

  it("counts the deadline from when the task starts, not from when a new worker starts", async () => {
    // Starting a worker (tsx, then the task's module) takes longer than this deadline.
    const tasks = open({ deadlineMs: 100 });
    expect(await tasks.run(TASKS, "describePage", [{ body: new Uint8Array(2), url: "u" }])).toEqual({
      url: "u",
      bytes: 2,
    });
  });

  it("fails a task that needs more memory than a worker has, and goes on with a new worker", async () => {
    const tasks = open({ size: 1, maxHeapMb: 64 });
    expect(await outcome(tasks.run(TASKS, "hoard", []))).toEqual({
      error: new UnreadablePageError("too_much_memory"),
    });
    expect(await tasks.run(TASKS, "describePage", [{ body: new Uint8Array(1), url: "u" }])).toEqual({
      url: "u",
      bytes: 1,
    });
  });

  it("runs tasks beyond its size one after another, and stops idle workers", async () => {
    const tasks = open({ size: 1, idleMs: 50 });
    const answers = await Promise.all(
      [1, 2, 3].map((n) => tasks.run(TASKS, "describePage", [{ body: new Uint8Array(n), url: `u${n}` }])),
    );
    expect(answers).toEqual([1, 2, 3].map((n) => ({ url: `u${n}`, bytes: n })));
    expect(tasks.size()).toBe(1);
    await expect.poll(() => tasks.size()).toBe(0);
  });
});
