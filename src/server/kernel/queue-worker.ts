import { createBackgroundWorker } from "./background-worker";

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
  /** The first wait after a failed pass (it doubles); the worker's default without it. */
  errorBackoffMs?: number;
  /** A reason to hold the deliveries for now (the background worker's pauseWhen). */
  pauseWhen?: () => string | undefined;
  onError: (error: unknown) => void;
};

const BATCH = 20;

/**
 * The kernel's background worker set up for a delivery queue kept in the database (contact
 * mail, followers' mail): items go one at a time, passes never overlap (so this process sends
 * nothing twice), and it wakes when the next item falls due. Because the queue is in the
 * database, a restart resumes it.
 */
export function createQueueWorker<T>(deps: QueueWorkerDeps<T>) {
  /** Delivers what is due; true when a full batch asks for another pass. */
  async function pass(): Promise<boolean> {
    const batch = deps.due(deps.now(), BATCH);
    for (const item of batch) {
      if (worker.isStopped()) return false;
      await deps.deliver(item);
    }
    return batch.length === BATCH;
  }

  const worker = createBackgroundWorker({
    pass,
    nextWaitMs: () => {
      const next = deps.nextDueAt();
      return next ? Math.min(deps.pollMs, Math.max(0, next.getTime() - deps.now().getTime())) : deps.pollMs;
    },
    errorBackoffMs: deps.errorBackoffMs,
    pauseWhen: deps.pauseWhen,
    onError: deps.onError,
  });

  return {
    /** Delivers everything that is due now; resolves when nothing due is left to try. */
    runDue: worker.runNow,
    /** An item was queued: try it now rather than at the next wake-up. */
    kick: () => void worker.runNow(),
    /** Resolves once the current pass, if any, has finished. */
    idle: worker.idle,
    /** Starts the background worker, which first catches up on anything left from before a restart. */
    start: worker.start,
    /** Stops waking up; an attempt in flight is allowed to finish and be recorded. */
    stop: worker.stop,
  };
}

export type QueueWorker = ReturnType<typeof createQueueWorker>;
