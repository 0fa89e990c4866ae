import { describe, expect, it } from "vitest";
import { pickerMeta } from "./collection-editor";

describe("the collection editor's article picker", () => {
  it("shows every date in the site's format, whatever its text was typed as", () => {
    const article = (date: string) => ({ id: date, title: "T", outlet: "Gazette", date });
    expect(
      ["2026-10-14", "2 September 2026", "January 19, 2026"].map((date) => pickerMeta(article(date))),
    ).toEqual(["Gazette · 14 October 2026", "Gazette · 2 September 2026", "Gazette · 19 January 2026"]);
    expect(pickerMeta(article(""))).toBe("Gazette");
  });
});
