import { describe, expect, it } from "vitest";
import { endsBeforeStart, experienceToDraft, experienceToInput } from "./experience-draft";

const now = new Date("2026-11-22T10:00:00Z");

describe("experience drafts", () => {
  const stored = {
    role: "Reporter",
    organization: "Herald",
    type: "Freelance",
    duration: "Mar 2021 - Jun 2023 · 2 yrs 4 mos",
    bullets: ["One", "  ", "Two"],
    links: [
      { label: "Clip", url: "https://example.com/clip" },
      { label: "", url: "" },
    ],
  };

  it("reads the duration into its controls and rebuilds the same text", () => {
    const draft = experienceToDraft(stored, now);
    expect(draft.controls).toEqual({
      startMonth: 2,
      startYear: 2021,
      endMonth: 5,
      endYear: 2023,
      current: false,
    });
    expect(experienceToInput(draft, now).duration).toBe("Mar 2021 - Jun 2023 · 2 yrs 4 mos");
  });

  it("leaves blank bullets and blank links out of the save", () => {
    const input = experienceToInput(experienceToDraft(stored, now), now);
    expect(input.bullets).toEqual(["One", "Two"]);
    expect(input.links).toEqual([{ label: "Clip", url: "https://example.com/clip" }]);
  });

  it("keeps a half-filled link so the server can say what is missing", () => {
    const draft = { ...experienceToDraft(stored, now), links: [{ label: "", url: "https://example.com" }] };
    expect(experienceToInput(draft, now).links).toHaveLength(1);
  });

  it("does not share arrays with the stored item", () => {
    const draft = experienceToDraft(stored, now);
    draft.bullets.push("Three");
    expect(stored.bullets).toHaveLength(3);
  });

  it("notices an end before the start, never for a current role", () => {
    const base = { startMonth: 5, startYear: 2024, endMonth: 4, endYear: 2024, current: false };
    expect(endsBeforeStart(base)).toBe(true);
    expect(endsBeforeStart({ ...base, endMonth: 5 })).toBe(false);
    expect(endsBeforeStart({ ...base, current: true })).toBe(false);
  });
});
