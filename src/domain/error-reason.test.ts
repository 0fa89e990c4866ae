import { describe, expect, it } from "vitest";
import { errorReason } from "./error-reason";

describe("errorReason", () => {
  it("gives an Error's message, and anything else thrown as text", () => {
    expect(errorReason(new TypeError("fetch failed"))).toBe("fetch failed");
    expect(errorReason("disk full")).toBe("disk full");
    expect(errorReason(404)).toBe("404");
    expect(errorReason(undefined)).toBe("undefined");
  });
});
