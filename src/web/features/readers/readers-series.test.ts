import { describe, expect, it } from "vitest";
import { DRAW_ORDER, READERS_SERIES } from "./readers-series";

describe("the Readers chart's lines", () => {
  it("differ in more than colour, so one never hides another", () => {
    const looks = READERS_SERIES.map((series) => `${series.width} ${series.dash.join(",")}`);
    expect(new Set(looks).size).toBe(READERS_SERIES.length);
  });

  it("draw the thick line first, the openings under the thinner PDF and reader lines", () => {
    expect(DRAW_ORDER.map((series) => series.key)).toEqual([
      "collectionOpens",
      "articleOpens",
      "pdfDownloads",
    ]);
    expect(new Set(DRAW_ORDER)).toEqual(new Set(READERS_SERIES));
  });
});
