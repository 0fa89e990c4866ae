import type { ReadersDay } from "../../../domain/readership";

type Series = {
  key: keyof ReadersDay;
  label: string;
  color: string;
  /** Line width in CSS pixels. */
  width: number;
  /** Canvas dash pattern; empty: solid. */
  dash: readonly number[];
};

/**
 * The Readers chart's three lines, in the order of its table's columns. Where two lines share
 * days (a collection opened and its PDF downloaded as often), colour alone would leave one under
 * the other: each line has its own dash and width too.
 */
export const READERS_SERIES = [
  { key: "articleOpens", label: "Reader opens", color: "#1e3a8a", width: 2, dash: [] },
  { key: "collectionOpens", label: "Collection openings", color: "#b45309", width: 4, dash: [] },
  { key: "pdfDownloads", label: "PDF downloads", color: "#14532d", width: 2, dash: [6, 4] },
] as const satisfies readonly Series[];

/**
 * The order the chart draws them in, later on top: the dashed and thin lines over the thick one,
 * so where lines meet every one still shows.
 */
export const DRAW_ORDER = [...READERS_SERIES].sort((a, b) => b.width - a.width);
