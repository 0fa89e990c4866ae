import { Worker } from "node:worker_threads";
import { isUnreadableReason, UnreadablePageError } from "./unreadable-page";

export type ParsePoolOptions = {
  /** Workers at most; each runs one task at a time, the others wait in line. */
  size: number;
  /**
   * A task still running after this long (from when the worker starts it: a new worker first loads
   * the task's module) costs its worker: stopped, replaced, the caller told `too_slow`.
   */
  deadlineMs: number;
  /** An idle worker is stopped after this long. Idle workers never keep the process alive. */
  idleMs: number;
  /** Each worker's heap; a document that needs more gets `too_much_memory`. */
  maxHeapMb: number;
  /**
   * A task still waiting for a worker after this long is given up (`busy`): behind an import's
   * pages, a visitor's reader would otherwise wait several deadlines.
   */
  maxWaitMs: number;
};

/**
 * Parsing what others publish happens here (docs/decisions/029): 2 workers, 10 s for a document
 * (real pages take well under a second), 512 MB of heap each (a 50,000-address sitemap needs more than 128).
 */
export const PARSE_POOL: ParsePoolOptions = {
  size: 2,
  deadlineMs: 10_000,
  idleMs: 60_000,
  maxHeapMb: 512,
  maxWaitMs: 15_000,
};

const WORKER = new URL("./parse-worker.mjs", import.meta.url);
/** A new worker loads the task's module (from the sources, tsx first) in about half a second; this bounds one that never does. */
const START_MS = 30_000;

type Job = {
  module: string;
  name: string;
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: Error): void;
  waiting?: NodeJS.Timeout;
};
type Slot = { worker: Worker; job?: Job; deadline?: NodeJS.Timeout; idle?: NodeJS.Timeout };
type Reply =
  | { started: true }
  | { ok: true; value: unknown }
  | { ok: false; reason?: string; message: string };

function replyError(reply: { reason?: string; message: string }): Error {
  return isUnreadableReason(reply.reason) ? new UnreadablePageError(reply.reason) : new Error(reply.message);
}

/**
 * A small pool of worker threads that run exported functions of server modules (named by file
 * URL) on arguments and results that are plain data. The main thread only hands the bytes over and
 * takes the result back: a document that is slow to parse costs a worker, never the server.
 */
export function createParsePool(options: ParsePoolOptions) {
  const slots = new Set<Slot>();
  const queue: Job[] = [];

  function start(): Slot {
    const worker = new Worker(WORKER, {
      // From the sources the worker registers tsx itself; inherited loader flags would register it twice.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
    });
    const slot: Slot = { worker };
    worker.on("message", (reply: Reply) => {
      const job = slot.job;
      if (!job || !slots.has(slot)) return;
      if ("started" in reply) {
        clearTimeout(slot.deadline);
        slot.deadline = timeLimit(slot, options.deadlineMs);
        return;
      }
      rest(slot);
      if (reply.ok) job.resolve(reply.value);
      else job.reject(replyError(reply));
      dispatch();
    });
    worker.on("error", (error: Error & { code?: string }) => {
      retire(
        slot,
        error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new UnreadablePageError("too_much_memory") : error,
      );
    });
    worker.on("exit", () => retire(slot, new Error("The parse worker stopped")));
    slots.add(slot);
    return slot;
  }

  /** Takes a worker out of the pool for good, failing the task it was running. */
  function retire(slot: Slot, error: Error): void {
    if (!slots.delete(slot)) return;
    clearTimeout(slot.deadline);
    clearTimeout(slot.idle);
    slot.job?.reject(error);
    slot.job = undefined;
    void slot.worker.terminate();
    dispatch();
  }

  function timeLimit(slot: Slot, ms: number): NodeJS.Timeout {
    return setTimeout(() => retire(slot, new UnreadablePageError("too_slow")), ms);
  }

  function rest(slot: Slot): void {
    clearTimeout(slot.deadline);
    slot.job = undefined;
    slot.worker.unref();
    slot.idle = setTimeout(() => retire(slot, new Error("idle")), options.idleMs).unref();
  }

  function dispatch(): void {
    while (queue.length > 0) {
      let slot = [...slots].find((candidate) => !candidate.job);
      if (!slot) {
        if (slots.size >= options.size) return;
        slot = start();
      }
      const job = queue.shift() as Job;
      clearTimeout(job.waiting);
      slot.job = job;
      clearTimeout(slot.idle);
      slot.worker.ref();
      slot.deadline = timeLimit(slot, START_MS + options.deadlineMs);
      try {
        slot.worker.postMessage({ module: job.module, name: job.name, args: job.args });
      } catch (error) {
        // Arguments that cannot be cloned: the caller's mistake, not the worker's.
        rest(slot);
        job.reject(error as Error);
      }
    }
  }

  return {
    /** Runs `module`'s export `name` on `args` in a worker; rejects with the task's error. */
    run(module: URL, name: string, args: unknown[]): Promise<unknown> {
      return new Promise((resolve, reject) => {
        const job: Job = { module: module.href, name, args, resolve, reject };
        job.waiting = setTimeout(() => {
          queue.splice(queue.indexOf(job), 1);
          reject(new UnreadablePageError("busy"));
        }, options.maxWaitMs);
        queue.push(job);
        dispatch();
      });
    },
    /** Stops every worker; waiting and running tasks fail. */
    async close(): Promise<void> {
      for (const job of queue.splice(0)) {
        clearTimeout(job.waiting);
        job.reject(new Error("The parse pool was closed"));
      }
      const workers = [...slots].map((slot) => slot.worker);
      for (const slot of [...slots]) retire(slot, new Error("The parse pool was closed"));
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
    /** Workers started and not yet stopped (for tests). */
    size: () => slots.size,
  };
}

export type ParsePool = ReturnType<typeof createParsePool>;

let shared: ParsePool | undefined;

type AsyncTask<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;

/**
 * `name` of the module at `module`, run in the process's parse pool: the same function, taking and
 * returning plain data, made asynchronous. `Module` is the module's type, for the signature:
 * `inParseWorker<typeof Links, "readPageLinks">(new URL("./discover-links.ts", import.meta.url), …)`.
 */
export function inParseWorker<Module, Name extends keyof Module & string>(
  module: URL,
  name: Name,
): AsyncTask<Module[Name]> {
  const task = (...args: unknown[]) => (shared ??= createParsePool(PARSE_POOL)).run(module, name, args);
  return task as AsyncTask<Module[Name]>;
}
