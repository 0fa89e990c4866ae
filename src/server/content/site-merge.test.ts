import { describe, expect, it } from "vitest";
import { siteSchema } from "../../domain/content";
import { mergeSite } from "./site-merge";

const current = siteSchema.parse({
  name: "Sam",
  hero: { location: "Leeds", tagline: "Old", professions: ["Reporter", "Editor"] },
  social: { email: "sam@example.com" },
  featuredOutlets: ["A", "B"],
});

describe("mergeSite", () => {
  it("merges nested groups field by field and replaces top-level fields", () => {
    const merged = mergeSite(current, { hero: { tagline: "New" }, featuredOutlets: ["C"] });
    expect(merged.success && merged.data).toMatchObject({
      name: "Sam",
      hero: { location: "Leeds", tagline: "New", professions: ["Reporter", "Editor"] },
      social: { email: "sam@example.com" },
      featuredOutlets: ["C"],
    });
  });

  it("reports an invalid result instead of returning it", () => {
    const merged = mergeSite(current, { name: "" });
    expect(merged.success).toBe(false);
  });
});
