import type { ReadersDay } from "../../../domain/readership";

/** The Readers chart's three lines, in the order of its table's columns. */
export const READERS_SERIES = [
  { key: "articleOpens", label: "Reader opens", color: "#1e3a8a" },
  { key: "collectionOpens", label: "Collection openings", color: "#b45309" },
  { key: "pdfDownloads", label: "PDF downloads", color: "#14532d" },
] as const satisfies readonly { key: keyof ReadersDay; label: string; color: string }[];
