import { describe, expect, it } from "vitest";
import { savedSnapshotLink, waybackSnapshotLink, waybackTimestampToIso } from "./wayback";

const BASE = "https://web.archive.org";

describe("Wayback snapshot links", () => {
  it("keeps a /web/ link on the Wayback Machine's host, on the configured scheme", () => {
    expect(
      waybackSnapshotLink(BASE, "http://web.archive.org/web/20240305120000/https://paper.example/a"),
    ).toBe("https://web.archive.org/web/20240305120000/https://paper.example/a");
  });

  it.each([
    "https://evil.example/web/20240305120000/https://paper.example/a",
    "https://web.archive.org.evil.example/web/1/x",
    "javascript:alert(1)//web.archive.org/web/",
    "https://user:pass@web.archive.org/web/1/x",
    "https://web.archive.org/save/x",
    "not a url",
  ])("refuses %s", (candidate) => {
    expect(waybackSnapshotLink(BASE, candidate)).toBeUndefined();
  });

  it("builds Save Page Now's capture link only from a real timestamp and a web address", () => {
    expect(savedSnapshotLink(BASE, "20261126093000", "https://paper.example/a")).toBe(
      "https://web.archive.org/web/20261126093000/https://paper.example/a",
    );
    expect(savedSnapshotLink(BASE, "2026", "https://paper.example/a")).toBeUndefined();
    expect(savedSnapshotLink(BASE, "20261126093000", "javascript:alert(1)")).toBeUndefined();
    expect(waybackTimestampToIso("20261126093000")).toBe("2026-11-26T09:30:00.000Z");
    expect(waybackTimestampToIso("20261399999999")).toBeUndefined();
  });
});
