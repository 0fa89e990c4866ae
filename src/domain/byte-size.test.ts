import { describe, expect, it } from "vitest";
import { formatBytes } from "./byte-size";

describe("formatBytes", () => {
  it("uses B up to KB, then one decimal below 10 of a unit and none above", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(900)).toBe("900 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(250_000)).toBe("244 KB");
    expect(formatBytes(3 * 1024 * 1024 + 200_000)).toBe("3.2 MB");
    expect(formatBytes(40 * 1024 ** 3)).toBe("40 GB");
    expect(formatBytes(2048 * 1024 ** 4)).toBe("2048 TB");
  });
});
