import { createSerialPasses } from "./serial-passes";

export type QueueWorkerDeps<T> = {
  /** The items due at `now`, oldest first, at most `limit`. */
  due(now: Date, limit: number): T[];
  /** When the next queued item falls due; undefined when none waits. */
  nextDueAt(): Date | undefined;
  /** Tries one item and records the outcome (delivered, or failed with a later due time). */
  deliver(item: T): Promise<void>;
  now: () => Date;
  /** The longest the worker sleeps before looking at the queue again. */
  pollMs: number;
  onError: (error: unknown) => void;
};

const BATCH = 20;

/**
 * The worker of a delivery queue kept in the database (contact mail, followers' mail): items go
 * one at a time, passes never overlap (so this process sends nothing twice), and it wakes when
 * the next item falls due. Because the queue is in the database, a restart resumes it.
 */
export function createQueueWorker<T>(deps: QueueWorkerDeps<T>) {
  let started = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Delivers what is due; true when a full batch asks for another pass. */
  async function pass(): Promise<boolean> {
    const batch = deps.due(deps.now(), BATCH);
    for (const item of batch) {
      if (passes.isStopped()) return false;
      await deps.deliver(item);
    }
    return batch.length === BATCH;
  }

  const passes = createSerialPasses(pass, { onError: deps.onError, after: () => schedule() });

  function schedule() {
    clearTimeout(timer);
    if (!started || passes.isStopped()) return;
    const next = deps.nextDueAt();
    const wait = next
      ? Math.min(deps.pollMs, Math.max(0, next.getTime() - deps.now().getTime()))
      : deps.pollMs;
    timer = setTimeout(() => void passes.run(), wait);
    timer.unref?.();
  }

  return {
    /** Delivers everything that is due now; resolves when nothing due is left to try. */
    runDue: passes.run,
    /** An item was queued: try it now rather than at the next wake-up. */
    kick: () => void passes.run(),
    /** Resolves once the current pass, if any, has finished. */
    idle: passes.idle,
    /** Starts the background worker, which first catches up on anything left from before a restart. */
    start() {
      if (started || passes.isStopped()) return;
      started = true;
      void passes.run();
    },
    /** Stops waking up; an attempt in flight is allowed to finish and be recorded. */
    async stop() {
      clearTimeout(timer);
      await passes.stop();
    },
  };
}

export type QueueWorker = ReturnType<typeof createQueueWorker>;
