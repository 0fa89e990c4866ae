import { describe, expect, it } from "vitest";
import type { WatchedSource } from "../../../domain/clip-watch";
import { dayText, whenText } from "../../../domain/dates";
import {
  checkSummaryText,
  clipActionText,
  lastCheckedText,
  lastNewClipText,
  sourceKindLabel,
  sourceStateText,
} from "./source-texts";

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

describe("the summaries of a check and of an Add or Dismiss", () => {
  it("says how many sources were checked and what they found", () => {
    expect(checkSummaryText({ run: 1, sources: 1, newClips: 2, failing: 0 })).toBe(
      "Checked 1 source: 2 new clips.",
    );
    expect(checkSummaryText({ run: 2, sources: 3, newClips: 0, failing: 1 })).toBe(
      "Checked 3 sources: no new clips; 1 failed.",
    );
  });

  it("says what an Add or Dismiss did, one clip or several", () => {
    const added = { id: "a", outcome: "added", articleId: "1" } as const;
    const already = { id: "b", outcome: "already", articleId: "2" } as const;
    const dismissed = { id: "c", outcome: "dismissed" } as const;
    expect(clipActionText([added])).toBe("Added to your portfolio");
    expect(clipActionText([already])).toBe("Already in your portfolio");
    expect(clipActionText([dismissed])).toBe("Clip dismissed");
    expect(clipActionText([added, { ...added, id: "d" }, already])).toBe(
      "2 clips added to your portfolio; 1 was already in it",
    );
    expect(clipActionText([already, { ...already, id: "e" }])).toBe("2 clips already in your portfolio");
    expect(clipActionText([dismissed, { ...dismissed, id: "f" }])).toBe("2 clips dismissed");
  });
});
