import { describe, expect, it } from "vitest";
import { listToasts } from "./list-config";

describe("listToasts", () => {
  it("gives the toast texts, plural only for loading", () => {
    expect(listToasts({ singular: "experience", plural: "experiences", title: "Experience" })).toEqual({
      loadFailed: "Failed to load experiences",
      addFailed: "Failed to add experience",
      saveFailed: "Failed to save experience",
      deleteFailed: "Failed to delete experience",
      added: "Experience added",
      saved: "Experience saved",
      deleted: "Experience deleted",
    });
    expect(listToasts({ singular: "education", plural: "education", title: "Education" }).loadFailed).toBe(
      "Failed to load education",
    );
  });
});
