import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./retry-backoff";

describe("retryDelayMs", () => {
  it("doubles from 30 s and stops at 1 h", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => retryDelayMs(n))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });

  it("scales with a configured base", () => {
    expect([1, 2, 3, 20].map((n) => retryDelayMs(n, 500))).toEqual([500, 1000, 2000, 60_000]);
  });
});
