import { getDomain } from "tldts";

/**
 * The outlet a page belongs to: its registrable domain from the public suffix list. The one
 * definition of an outlet (pacing, the watch's and the import's same-outlet checks, link health's
 * queues); `siteHost` is only the host shown to people. From the public suffix
 * list (`news.bbc.co.uk` and `www.bbc.co.uk` are both `bbc.co.uk`). Only the ICANN part of the
 * list is used, so every blog of one platform (`*.blogspot.com`) counts as one outlet: they share
 * its servers. An IP address or a one-label name (`localhost`) is its own outlet.
 */
export function outletOf(url: string): string {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return "";
  }
  return getDomain(hostname) ?? hostname;
}

export type ReadLimits = {
  /** Pages read at the same time in all. */
  total: number;
  /** Pages read at the same time on one outlet. */
  perOutlet: number;
};

/**
 * Runs page reads under two caps at once: `total` in all, `perOutlet` per registrable domain,
 * whichever job they belong to. Waiting reads start in the order they were queued, skipping those
 * whose outlet is at its cap.
 */
export function createReadLimiter(limits: ReadLimits) {
  let active = 0;
  const activeByOutlet = new Map<string, number>();
  const waiting: { outlet: string; start: () => void }[] = [];

  const busy = (outlet: string) => (activeByOutlet.get(outlet) ?? 0) >= limits.perOutlet;
  const count = (outlet: string, step: 1 | -1) => {
    const next = (activeByOutlet.get(outlet) ?? 0) + step;
    if (next === 0) activeByOutlet.delete(outlet);
    else activeByOutlet.set(outlet, next);
    active += step;
  };

  function startWaiting(): void {
    for (let index = 0; index < waiting.length && active < limits.total; ) {
      const next = waiting[index]!;
      if (busy(next.outlet)) {
        index += 1;
        continue;
      }
      waiting.splice(index, 1);
      next.start();
    }
  }

  return {
    /**
     * Reads every page with `read` as the caps allow; resolves when all were read, or, once
     * `signal` aborts, when the reads already started have ended (the others are dropped). A
     * `read` that throws drops the rest too, and the error rejects the whole once those ended.
     */
    readAll<T extends { url: string }>(
      pages: readonly T[],
      signal: AbortSignal,
      read: (page: T) => Promise<void>,
    ): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const mine = new Set<{ outlet: string; start: () => void }>();
        let reading = 0;
        let failure: { error: unknown } | undefined;
        const settleIfDone = () => {
          if (reading > 0 || mine.size > 0) return;
          signal.removeEventListener("abort", drop);
          if (failure) reject(failure.error);
          else resolve();
        };
        function drop() {
          for (let index = waiting.length - 1; index >= 0; index--) {
            if (mine.has(waiting[index]!)) waiting.splice(index, 1);
          }
          mine.clear();
          settleIfDone();
        }
        for (const page of pages) {
          const outlet = outletOf(page.url);
          const entry = {
            outlet,
            start: () => {
              mine.delete(entry);
              reading += 1;
              count(outlet, 1);
              void read(page)
                .catch((error: unknown) => {
                  failure ??= { error };
                  drop();
                })
                .finally(() => {
                  reading -= 1;
                  count(outlet, -1);
                  startWaiting();
                  settleIfDone();
                });
            },
          };
          mine.add(entry);
          waiting.push(entry);
        }
        if (signal.aborted) return drop();
        signal.addEventListener("abort", drop, { once: true });
        startWaiting();
        settleIfDone();
      });
    },
  };
}

export type ReadLimiter = ReturnType<typeof createReadLimiter>;
