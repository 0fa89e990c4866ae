import { describe, expect, it } from "vitest";
import { uploadNameSchema } from "./upload-schemas";

const name = `${"0123456789abcdef".repeat(4)}.jpg`;

describe("upload names", () => {
  it("accepts only <sha256>.<accepted extension>", () => {
    expect(uploadNameSchema.safeParse(name).success).toBe(true);
    for (const bad of [
      `${"0".repeat(63)}.jpg`,
      `${"A".repeat(64)}.jpg`,
      `${"0".repeat(64)}.svg`,
      `${"0".repeat(64)}.jpg.exe`,
      `../${"0".repeat(64)}.jpg`,
      `${"0".repeat(64)}.jpg/`,
      "byline.sqlite",
    ]) {
      expect(uploadNameSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
