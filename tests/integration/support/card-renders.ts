import { setTimeout as sleep } from "node:timers/promises";
import { cardVersion, renderCard, type CardInput } from "../../../src/server/social-card/social-card";

type Drawn = { input: CardInput; photo: Buffer | null; version: string };

/**
 * Watches the share cards the app draws (pass `renderCard` in the app's `generatedImages`): what
 * each was drawn with, how many were drawn at once at the most, and, while `hold()` is on, keeps
 * new drawings waiting until `release()`.
 */
export function watchCardRenders() {
  const started: Drawn[] = [];
  let ended = 0;
  let active = 0;
  let peak = 0;
  let gate: Promise<void> | undefined;
  let open = () => {};
  return {
    async renderCard(input: CardInput, photo: Buffer | null): Promise<Buffer> {
      started.push({ input, photo, version: cardVersion(input) });
      await gate;
      active++;
      peak = Math.max(peak, active);
      try {
        return await renderCard(input, photo);
      } finally {
        active--;
        ended++;
      }
    },
    started,
    peak: () => peak,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      gate = undefined;
      open();
    },
    /** Waits (as long as the test may run) until `count` drawings have begun, or ended. */
    async untilStarted(count: number) {
      while (started.length < count) await sleep(5);
    },
    async untilEnded(count: number) {
      while (ended < count) await sleep(5);
    },
  };
}
