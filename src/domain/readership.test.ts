import { describe, expect, it } from "vitest";
import { beaconSchema, downloadedText, lastDays, openedText } from "./readership";

const NOW = new Date("2026-11-26T12:00:00Z");

describe("read counts in the dashboard's words", () => {
  it("says how often and when last a collection was opened, or that it was not", () => {
    expect(openedText({ opens: 0, lastOpenedAt: null }, NOW)).toBe("Not opened yet");
    expect(openedText({ opens: 1, lastOpenedAt: "2026-11-26T11:59:40Z" }, NOW)).toBe(
      "Opened 1 time, last just now",
    );
    expect(openedText({ opens: 3, lastOpenedAt: "2026-11-26T10:00:00Z" }, NOW)).toBe(
      "Opened 3 times, last 2 hours ago",
    );
    expect(openedText({ opens: 12, lastOpenedAt: "2026-11-03T10:00:00Z" }, NOW)).toBe(
      "Opened 12 times, last on 3 November",
    );
  });

  it("says how often its PDF was downloaded", () => {
    expect(downloadedText(0)).toBe("PDF not downloaded yet");
    expect(downloadedText(1)).toBe("PDF downloaded 1 time");
    expect(downloadedText(4)).toBe("PDF downloaded 4 times");
  });

  it("lists the period's UTC days, oldest first, today last", () => {
    const days = lastDays(new Date("2026-03-01T23:30:00Z"), 30);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe("2026-03-01");
    expect(days.at(-2)).toBe("2026-02-28");
    expect(days[0]).toBe("2026-01-31");
  });
});

describe("beaconSchema", () => {
  it("keeps a referring site's host name, lower-cased, and refuses a whole address", () => {
    expect(beaconSchema.parse({ kind: "article", subject: "a", referrer: "News.Example" }).referrer).toBe(
      "news.example",
    );
    expect(
      beaconSchema.safeParse({ kind: "article", subject: "a", referrer: "https://news.example/" }).success,
    ).toBe(false);
    expect(
      beaconSchema.safeParse({ kind: "article", subject: "a", referrer: "news.example:8080" }).success,
    ).toBe(false);
  });
});
