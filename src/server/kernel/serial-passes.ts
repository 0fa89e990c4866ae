/**
 * Runs a background worker's passes one at a time. Asked while a pass runs, it runs one more
 * after it instead of a second at once (so nothing is sent twice by this process); `pass`
 * returning true asks for one more too (a full batch). `after` runs when the passes end, to set
 * the next wake-up; a failed pass goes to `onError` and ends them.
 */
export function createSerialPasses(
  pass: () => Promise<boolean | void>,
  hooks: { onError: (error: unknown) => void; after: () => void },
) {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  function run(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          if (await pass()) again = true;
        } while (again && !stopped);
      } catch (error) {
        hooks.onError(error);
      } finally {
        running = undefined;
        hooks.after();
      }
    })();
    return running;
  }

  return {
    /** Runs a pass now, or one more after the pass under way; resolves when they end. */
    run,
    /** Resolves once the pass in progress, if any, has finished. */
    idle: () => running ?? Promise.resolve(),
    isStopped: () => stopped,
    /** No pass starts after this; the one under way is allowed to finish. */
    async stop() {
      stopped = true;
      await running;
    },
  };
}
