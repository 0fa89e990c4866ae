import type { WaybackClock } from "../../../src/server/wayback/wayback-service";

export type FakeTimerClock = WaybackClock & {
  /** Moves the time on by `ms`, waking every timer that comes due on the way, in order. */
  advance(ms: number): void;
};

/** A clock whose time moves only when the test says, with timers that fire as it passes them. */
export function createFakeTimerClock(start: number): FakeTimerClock {
  let time = start;
  const timers = new Set<{ at: number; wake: () => void }>();
  return {
    now: () => time,
    setTimer(wake, ms) {
      const timer = { at: time + ms, wake };
      timers.add(timer);
      return () => timers.delete(timer);
    },
    advance(ms) {
      const end = time + ms;
      for (;;) {
        const next = [...timers].filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        timers.delete(next);
        time = next.at;
        next.wake();
      }
      time = end;
    },
  };
}
