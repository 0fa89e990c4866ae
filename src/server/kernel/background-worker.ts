import { DEFAULT_RETRY_BASE_MS, retryDelayMs } from "./retry-backoff";

/** A worker's time and timer: the system's in the server, a fake one in tests. */
export type WorkerClock = {
  now(): number;
  /** Calls `wake` after `ms`; the returned function cancels it. */
  setTimer(wake: () => void, ms: number): () => void;
};

export const systemClock: WorkerClock = {
  now: () => Date.now(),
  setTimer(wake, ms) {
    const timer = setTimeout(wake, ms);
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};

export type WorkerState =
  | { state: "idle" }
  | { state: "running" }
  | { state: "paused"; reason: string }
  | { state: "stopped" };

export type BackgroundWorkerOptions = {
  /** One pass of the work; true asks for one more at once (a full batch). */
  pass: () => Promise<boolean | void>;
  /** Whether there is anything to do now; false skips the pass, which is then neither 'running' nor announced. */
  isDue?: () => boolean;
  /** The wait between two passes; with `jitter`, spread by up to that fraction either way. */
  intervalMs?: number;
  jitter?: number;
  /** The wait after a pass, when it depends on the work (the next message due); undefined: until woken. */
  nextWaitMs?: () => number | undefined;
  /** The wait from start() to the first pass (default: none, the worker catches up at once). */
  firstWaitMs?: number;
  /** After n failed passes in a row the next waits `retryDelayMs(n, errorBackoffMs)` instead (30 s, 1 min… 1 h by default). */
  errorBackoffMs?: number;
  /**
   * A reason not to work now (the disk is nearly full, say): while it gives one the pass is
   * skipped, the state is 'paused' with that reason, and the worker looks again after its wait.
   */
  pauseWhen?: () => string | undefined;
  /** The live announcement: the state changed (running, idle, paused). Never called after stop(). */
  announce?: (state: WorkerState) => void;
  onError: (error: unknown) => void;
  clock?: WorkerClock;
  random?: () => number;
};

/** How soon a paused worker without a regular interval looks again. */
const PAUSED_LOOK_MS = 60_000;

/**
 * A background loop (link health, the clip watch, Wayback saves, import leases, contact and followers'
 * delivery): passes run one at a time; asked while one runs, it runs one more after it instead
 * of a second at once (so nothing is sent twice by this process). After the passes end it sleeps
 * until the next one is due, longer after failures.
 */
export function createBackgroundWorker(options: BackgroundWorkerOptions) {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const backoffBase = options.errorBackoffMs ?? DEFAULT_RETRY_BASE_MS;
  let current: WorkerState = { state: "idle" };
  let running: Promise<void> | undefined;
  let again = false;
  let started = false;
  let stopped = false;
  let failures = 0;
  let cancelTimer: (() => void) | undefined;

  function enter(next: WorkerState): void {
    const same =
      next.state === current.state &&
      (next.state !== "paused" || (current.state === "paused" && current.reason === next.reason));
    current = next;
    if (same || stopped || !options.announce) return;
    try {
      options.announce(next);
    } catch (error) {
      options.onError(error);
    }
  }

  function waitMs(): number | undefined {
    if (failures > 0) return retryDelayMs(failures, backoffBase);
    if (current.state === "paused") return options.intervalMs ?? PAUSED_LOOK_MS;
    if (options.nextWaitMs) return options.nextWaitMs();
    if (options.intervalMs === undefined) return undefined;
    const spread = (options.jitter ?? 0) * (random() * 2 - 1);
    return options.intervalMs * (1 + spread);
  }

  function schedule(wait: number | undefined = waitMs()): void {
    cancelTimer?.();
    cancelTimer = undefined;
    if (!started || stopped || wait === undefined) return;
    cancelTimer = clock.setTimer(() => void run(), Math.max(0, wait));
  }

  function run(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    // A skipped pass ends before `running` is assigned: it must not stay assigned after.
    let ended = false;
    const passes = (async () => {
      try {
        do {
          again = false;
          const reason = options.pauseWhen?.();
          if (reason !== undefined) {
            enter({ state: "paused", reason });
            break;
          }
          if (options.isDue && !options.isDue()) {
            enter({ state: "idle" });
            break;
          }
          enter({ state: "running" });
          if (await options.pass()) again = true;
          failures = 0;
        } while (again && !stopped);
      } catch (error) {
        failures += 1;
        options.onError(error);
      } finally {
        ended = true;
        running = undefined;
        if (current.state === "running") enter({ state: "idle" });
        if (stopped) current = { state: "stopped" };
        schedule();
      }
    })();
    if (!ended) running = passes;
    return passes;
  }

  return {
    /** Runs a pass now, or one more after the pass under way; resolves when they end. */
    runNow: run,
    /** Resolves once the pass in progress, if any, has finished. */
    idle: (): Promise<void> => running ?? Promise.resolve(),
    state: (): WorkerState => current,
    isRunning: () => current.state === "running",
    isStopped: () => stopped,
    /** Wakes regularly from now on: the first pass at once, or after `firstWaitMs`. */
    start(): void {
      if (started || stopped) return;
      started = true;
      if (options.firstWaitMs) schedule(options.firstWaitMs);
      else void run();
    },
    /** No pass starts after this; the one under way is allowed to finish. */
    async stop(): Promise<void> {
      stopped = true;
      cancelTimer?.();
      cancelTimer = undefined;
      if (!running) current = { state: "stopped" };
      await running;
    },
  };
}

export type BackgroundWorker = ReturnType<typeof createBackgroundWorker>;
