import { describe, expect, it } from "vitest";
import type { WatchedSource } from "../../../domain/clip-watch";
import { dayText, whenText } from "../../../domain/dates";
import { lastCheckedText, lastNewClipText, sourceKindLabel, sourceStateText } from "./source-texts";

const NOW = new Date("2026-12-10T12:00:00Z");

const source = (changes: Partial<WatchedSource> = {}): WatchedSource => ({
  id: "s1",
  url: "https://outlet.example/feed.xml",
  kind: "feed",
  gzipped: false,
  addedAt: "2026-11-01T08:00:00Z",
  lastCheckedAt: null,
  lastNewClipAt: null,
  state: "ok",
  failures: 0,
  failingSince: null,
  lastError: "",
  autoAdd: false,
  ...changes,
});

describe("source texts", () => {
  it("names each kind, and says when a sitemap is gzipped", () => {
    expect(sourceKindLabel(source())).toBe("RSS/Atom/JSON Feed");
    expect(sourceKindLabel(source({ kind: "author-page" }))).toBe("Author page");
    expect(sourceKindLabel(source({ kind: "sitemap", gzipped: true }))).toBe("Sitemap (gzipped)");
    expect(sourceKindLabel(source({ kind: "news-sitemap" }))).toBe("News sitemap");
  });

  it("says how long ago within a day, and the day after that, with the year only when it is another", () => {
    expect(whenText("2026-12-10T11:59:30Z", NOW)).toBe("just now");
    expect(whenText("2026-12-10T12:00:05Z", NOW)).toBe("just now");
    expect(whenText("2026-12-10T11:59:00Z", NOW)).toBe("1 minute ago");
    expect(whenText("2026-12-10T11:15:00Z", NOW)).toBe("45 minutes ago");
    expect(whenText("2026-12-10T11:00:00Z", NOW)).toBe("1 hour ago");
    expect(whenText("2026-12-09T13:00:00Z", NOW)).toBe("23 hours ago");
    expect(whenText("2026-12-03T09:00:00Z", NOW)).toBe("3 December");
    expect(whenText("2025-12-03T09:00:00Z", NOW)).toBe("3 December 2025");
    expect(dayText("not a date", NOW)).toBe("");
  });

  it("says when a source was last checked and last brought a clip, or that it has not yet", () => {
    expect(lastCheckedText(source(), NOW)).toBe("Not checked yet");
    expect(lastNewClipText(source(), NOW)).toBe("No new clip yet");
    const checked = source({ lastCheckedAt: "2026-12-10T10:00:00Z", lastNewClipAt: "2026-11-28T07:00:00Z" });
    expect(lastCheckedText(checked, NOW)).toBe("Last checked 2 hours ago");
    expect(lastNewClipText(checked, NOW)).toBe("Last new clip 28 November");
  });

  it("says OK, why and since when a source fails, and that it paused", () => {
    expect(sourceStateText(source(), NOW)).toBe("OK");
    const failing = source({
      state: "failing",
      failures: 2,
      failingSince: "2026-12-03T06:00:00Z",
      lastError: "404",
    });
    expect(sourceStateText(failing, NOW)).toBe("404 since 3 December");
    expect(sourceStateText({ ...failing, lastError: "" }, NOW)).toBe("Failing since 3 December");
    expect(sourceStateText({ ...failing, state: "paused", failures: 5 }, NOW)).toBe(
      "Paused after 5 failed checks (404 since 3 December)",
    );
  });
});
