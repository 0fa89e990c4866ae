import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limiter";

describe("createRateLimiter", () => {
  it("refuses past the limit and opens again when the window ends", () => {
    const clock = { now: 0 };
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000, now: () => clock.now });
    expect([limiter.hit("a"), limiter.hit("a"), limiter.hit("a")]).toEqual([true, true, false]);
    expect(limiter.isLimited("a")).toBe(true);
    expect(limiter.isLimited("b")).toBe(false);
    expect(limiter.retryAfterSeconds("a")).toBe(1);
    clock.now = 1000;
    expect(limiter.count("a")).toBe(0);
    expect(limiter.hit("a")).toBe(true);
  });

  it("takes back an undone hit", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    limiter.hit("a");
    limiter.undo("a");
    expect(limiter.hit("a")).toBe(true);
  });

  it("holds at most maxKeys keys: expired windows are swept first, then the oldest keys go", () => {
    const clock = { now: 0 };
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: () => clock.now, maxKeys: 100 });
    for (let i = 0; i < 50; i++) limiter.hit(`old-${i}`);
    clock.now = 500;
    for (let i = 0; i < 5000; i++) limiter.hit(`flood-${i}`);
    expect(limiter.size()).toBe(100);
    // The newest keys are still counted.
    expect(limiter.isLimited("flood-4999")).toBe(true);
    clock.now = 2000;
    limiter.hit("late");
    expect(limiter.size()).toBeLessThanOrEqual(100);
  });
});
