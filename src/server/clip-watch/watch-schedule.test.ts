import { describe, expect, it } from "vitest";
import { nextSlot } from "./watch-schedule";

const HOUR = 60 * 60 * 1000;
const INTERVAL = 6 * HOUR;

describe("nextSlot", () => {
  it("checks a source once per interval at its own moment", () => {
    const first = nextSlot("source-1", 0, INTERVAL);
    expect(first).toBeGreaterThanOrEqual(INTERVAL / 2);
    expect(nextSlot("source-1", first, INTERVAL)).toBe(first + INTERVAL);
  });

  it("comes back to the same moment after a check out of turn", () => {
    const slot = nextSlot("source-1", 0, INTERVAL);
    const afterCheckNow = nextSlot("source-1", slot + HOUR, INTERVAL);
    expect(afterCheckNow - slot).toBeGreaterThanOrEqual(INTERVAL);
    expect((afterCheckNow - slot) % INTERVAL).toBe(0);
  });

  it("spreads 50 sources checked together across the interval", () => {
    const slots = Array.from({ length: 50 }, (_, i) => nextSlot(`source-${i}`, 0, INTERVAL) % INTERVAL);
    const hours = new Set(slots.map((slot) => Math.floor(slot / HOUR)));
    expect(hours.size).toBe(6);
  });
});
