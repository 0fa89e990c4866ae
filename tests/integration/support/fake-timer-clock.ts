import type { WorkerClock } from "../../../src/server/kernel/background-worker";

export type FakeTimerClock = WorkerClock & {
  /** Moves the time on by `ms`, waking every timer that comes due on the way, in order. */
  advance(ms: number): void;
  /** The same, letting what each timer started settle (`settle`) before the next one is woken. */
  advanceSettling(ms: number, settle: () => Promise<void>): Promise<void>;
};

/** A clock whose time moves only when the test says, with timers that fire as it passes them. */
export function createFakeTimerClock(start: number): FakeTimerClock {
  let time = start;
  const timers = new Set<{ at: number; wake: () => void }>();
  /** The first timer due by `end`, taken off the list with the time moved to it. */
  const nextDue = (end: number) => {
    const next = [...timers].filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
    if (!next) return undefined;
    timers.delete(next);
    time = next.at;
    return next;
  };
  return {
    now: () => time,
    setTimer(wake, ms) {
      const timer = { at: time + ms, wake };
      timers.add(timer);
      return () => timers.delete(timer);
    },
    advance(ms) {
      const end = time + ms;
      for (let next = nextDue(end); next; next = nextDue(end)) next.wake();
      time = end;
    },
    async advanceSettling(ms, settle) {
      const end = time + ms;
      for (let next = nextDue(end); next; next = nextDue(end)) {
        next.wake();
        await settle();
      }
      time = end;
    },
  };
}
