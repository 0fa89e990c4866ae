import { describe, expect, it } from "vitest";
import { signInDelayMs } from "./auth-routes";

describe("signInDelayMs", () => {
  it("lets the first five attempts through at once, then grows to a 3 second ceiling", () => {
    expect(Array.from({ length: 11 }, (_, attempts) => signInDelayMs(attempts))).toEqual([
      0, 0, 0, 0, 0, 500, 1000, 2000, 3000, 3000, 3000,
    ]);
    expect(signInDelayMs(10_000)).toBe(3000);
  });
});
