import { describe, expect, it } from "vitest";
import { archiveText, backupText, needLines } from "./home-lines";

const NONE = {
  newClips: 0,
  unreadMessages: 0,
  brokenLinks: 0,
  waybackFailures: 0,
  importWaiting: 0,
  importInterrupted: false,
};

describe("home lines", () => {
  it("says nothing when nothing needs the owner, and counts in words otherwise", () => {
    expect(needLines(NONE)).toEqual([]);
    expect(needLines({ ...NONE, unreadMessages: 1, newClips: 2, brokenLinks: 3 })).toEqual([
      { text: "1 message is unread", to: "messages" },
      { text: "2 new clips wait for you", to: "clips" },
      { text: "3 links are broken", to: "articles" },
    ]);
  });

  it("dates the archive and the backup, and calls a week-old backup stale", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    expect(archiveText({ count: 0, lastCapturedAt: null }, now)).toBe(
      "No page captured in the web archive yet",
    );
    expect(archiveText({ count: 2, lastCapturedAt: "2026-11-03T10:00:00Z" }, now)).toBe(
      "2 pages captured in the web archive, the newest 3 November",
    );
    expect(backupText(null, now)).toEqual({ text: "No backup made yet", stale: true });
    expect(backupText("2026-11-26T02:00:00Z", now)).toEqual({
      text: "Last backup 26 November",
      stale: false,
    });
    expect(backupText("2026-10-20T02:00:00Z", now).stale).toBe(true);
  });
});
