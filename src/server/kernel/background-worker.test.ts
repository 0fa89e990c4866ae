import { describe, expect, it } from "vitest";
import { createFakeTimerClock } from "../../../tests/integration/support/fake-timer-clock";
import { createBackgroundWorker, type BackgroundWorkerOptions, type WorkerState } from "./background-worker";

const MINUTE = 60_000;

/** A worker on a fake clock whose passes are counted, and its announcements and errors kept. */
function setUp(options: Partial<BackgroundWorkerOptions> = {}) {
  const clock = createFakeTimerClock(0);
  const seen = { passes: 0, announced: [] as WorkerState[], errors: [] as unknown[] };
  const worker = createBackgroundWorker({
    pass: async () => void (seen.passes += 1),
    intervalMs: MINUTE,
    announce: (state) => seen.announced.push(state),
    onError: (error) => seen.errors.push(error),
    clock,
    ...options,
  });
  /** Moves the time on and lets the passes it woke finish. */
  const advance = (ms: number) => clock.advanceSettling(ms, () => worker.idle());
  return { seen, worker, advance };
}

/** A pass that waits until the test lets it end. */
function heldPasses() {
  const releases: (() => void)[] = [];
  let inFlight = 0;
  let peak = 0;
  const pass = () =>
    new Promise<void>((resolve) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      releases.push(() => {
        inFlight -= 1;
        resolve();
      });
    });
  return { pass, releases, peak: () => peak };
}

describe("the background worker", () => {
  it("catches up at start, then passes once every interval, announcing running and idle", async () => {
    const { seen, worker, advance } = setUp();
    worker.start();
    await worker.idle();
    expect(seen.passes).toBe(1);
    await advance(MINUTE - 1);
    expect(seen.passes).toBe(1);
    await advance(1);
    expect(seen.passes).toBe(2);
    await advance(3 * MINUTE);
    expect(seen.passes).toBe(5);
    expect(seen.announced.map(({ state }) => state).slice(0, 4)).toEqual([
      "running",
      "idle",
      "running",
      "idle",
    ]);
  });

  it("waits firstWaitMs before its first pass", async () => {
    const { seen, worker, advance } = setUp({ firstWaitMs: 10 * MINUTE });
    worker.start();
    await advance(10 * MINUTE - 1);
    expect(seen.passes).toBe(0);
    await advance(1);
    expect(seen.passes).toBe(1);
  });

  it("runs one pass at a time: asked during one, it runs one more after it, not a second at once", async () => {
    const held = heldPasses();
    const { seen, worker } = setUp({ pass: held.pass });
    const first = worker.runNow();
    expect(worker.state()).toEqual({ state: "running" });
    void worker.runNow();
    void worker.runNow();
    held.releases[0]!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(held.releases).toHaveLength(2);
    held.releases[1]!();
    await first;
    expect(held.releases).toHaveLength(2);
    expect(held.peak()).toBe(1);
    expect(worker.state()).toEqual({ state: "idle" });
    expect(seen.announced).toEqual([{ state: "running" }, { state: "idle" }]);
  });

  it("runs again at once after a pass that asks for it (a full batch)", async () => {
    let batches = 3;
    const { worker } = setUp({ pass: async () => (batches -= 1) > 0 });
    await worker.runNow();
    expect(batches).toBe(0);
  });

  it("skips the pass, and announces nothing, when nothing is due", async () => {
    let due = false;
    const { seen, worker, advance } = setUp({ isDue: () => due });
    worker.start();
    await advance(5 * MINUTE);
    expect(seen.passes).toBe(0);
    expect(seen.announced).toEqual([]);
    due = true;
    await advance(MINUTE);
    expect(seen.passes).toBe(1);
  });

  it("backs off after failed passes, doubling the wait, and keeps its interval again after a good one", async () => {
    let failing = true;
    const { seen, worker, advance } = setUp({
      errorBackoffMs: 2 * MINUTE,
      pass: async () => {
        seen.passes += 1;
        if (failing) throw new Error("database is locked");
      },
    });
    worker.start();
    await worker.idle();
    expect(seen.errors).toHaveLength(1);
    await advance(2 * MINUTE - 1);
    expect(seen.passes).toBe(1);
    await advance(1);
    expect(seen.passes).toBe(2);
    // Two failures in a row: twice the wait.
    await advance(4 * MINUTE - 1);
    expect(seen.passes).toBe(2);
    failing = false;
    await advance(1);
    expect(seen.passes).toBe(3);
    expect(seen.errors).toHaveLength(2);
    await advance(MINUTE);
    expect(seen.passes).toBe(4);
    expect(worker.state()).toEqual({ state: "idle" });
  });

  it("pauses with the reason while pauseWhen gives one, and resumes by itself", async () => {
    let reason: string | undefined = "The disk is nearly full";
    const { seen, worker, advance } = setUp({ pauseWhen: () => reason });
    worker.start();
    await worker.idle();
    expect(seen.passes).toBe(0);
    expect(worker.state()).toEqual({ state: "paused", reason: "The disk is nearly full" });
    await advance(3 * MINUTE);
    expect(seen.passes).toBe(0);
    // Announced once, not at every look.
    expect(seen.announced).toEqual([{ state: "paused", reason: "The disk is nearly full" }]);
    reason = undefined;
    await advance(MINUTE);
    expect(seen.passes).toBe(1);
    expect(worker.state()).toEqual({ state: "idle" });
    expect(seen.announced.at(-2)).toEqual({ state: "running" });
  });

  it("sleeps until woken when nextWaitMs has nothing to wait for, and wakes when it does", async () => {
    const due: { inMs?: number } = {};
    const { seen, worker, advance } = setUp({ nextWaitMs: () => due.inMs });
    worker.start();
    await worker.idle();
    await advance(60 * MINUTE);
    expect(seen.passes).toBe(1);
    due.inMs = 5 * MINUTE;
    await worker.runNow();
    expect(seen.passes).toBe(2);
    await advance(5 * MINUTE);
    expect(seen.passes).toBe(3);
  });

  it("spreads its interval by the jitter", async () => {
    const { seen, worker, advance } = setUp({ jitter: 0.5, random: () => 0 });
    worker.start();
    await worker.idle();
    await advance(MINUTE / 2 - 1);
    expect(seen.passes).toBe(1);
    await advance(1);
    expect(seen.passes).toBe(2);
  });

  it("stops: the pass under way finishes, none starts after, nothing is announced after", async () => {
    const held = heldPasses();
    const { seen, worker, advance } = setUp({ pass: held.pass });
    worker.start();
    const stopped = worker.stop();
    void worker.runNow();
    held.releases[0]!();
    await stopped;
    await advance(10 * MINUTE);
    await worker.runNow();
    expect(held.releases).toHaveLength(1);
    expect(worker.state()).toEqual({ state: "stopped" });
    expect(seen.announced).toEqual([{ state: "running" }]);
  });
});
