import { describe, expect, it } from "vitest";
import {
  classifyAnswer,
  isBrokenLink,
  isHomePage,
  nextCheckState,
  originalGoneText,
  type LinkCheckState,
} from "./link-health";

const URL_A = "https://news.example/2024/03/story";
const answer = (url: string, status: number, statusText = "") => ({ url, status, statusText });

describe("isHomePage", () => {
  it.each([
    ["https://news.example/", true],
    ["https://news.example/?from=404", true],
    ["https://news.example/en/", true],
    ["https://news.example/en-gb", true],
    ["https://news.example/index.html", true],
    ["https://news.example/home", true],
    ["https://other.example/", true],
    ["https://news.example/news", false],
    ["https://news.example/2024/03/story", false],
    ["https://news.example/en/story", false],
  ])("%s: %s", (url, home) => {
    expect(isHomePage(url)).toBe(home);
  });
});

describe("classifyAnswer", () => {
  it("reads the page where the redirects ended", () => {
    expect(classifyAnswer(URL_A, answer(URL_A, 200))).toEqual({ kind: "ok" });
    expect(classifyAnswer(`${URL_A}#part`, answer(URL_A, 200))).toEqual({ kind: "ok" });
    expect(classifyAnswer(URL_A, answer("https://news.example/new/story", 200))).toEqual({
      kind: "moved",
      movedTo: "https://news.example/new/story",
    });
    expect(classifyAnswer(URL_A, answer("https://news.example/", 200))).toEqual({
      kind: "gone",
      reason: "Redirected to https://news.example/",
    });
    // An article whose own address is a front page can move to another one.
    expect(classifyAnswer("https://old.example/", answer("https://new.example/", 200))).toEqual({
      kind: "moved",
      movedTo: "https://new.example/",
    });
  });

  it("sorts statuses into gone, failed and turned away", () => {
    expect(classifyAnswer(URL_A, answer(URL_A, 404, "Not Found"))).toEqual({
      kind: "gone",
      reason: "404 Not Found",
    });
    expect(classifyAnswer(URL_A, answer(URL_A, 410, "Gone"))).toEqual({ kind: "gone", reason: "410 Gone" });
    expect(classifyAnswer(URL_A, answer("https://news.example/", 404))).toMatchObject({ kind: "gone" });
    expect(classifyAnswer(URL_A, answer(URL_A, 503, "Service Unavailable"))).toEqual({
      kind: "failed",
      reason: "503 Service Unavailable",
    });
    expect(classifyAnswer(URL_A, answer(URL_A, 403, "Forbidden"))).toEqual({
      kind: "turned-away",
      reason: "403 Forbidden",
    });
    expect(classifyAnswer(URL_A, answer(URL_A, 429))).toEqual({ kind: "turned-away", reason: "429" });
  });
});

describe("nextCheckState", () => {
  const day = (d: number, hour = 9) => new Date(Date.UTC(2026, 5, d, hour));
  const failed = { kind: "failed", reason: "503 Service Unavailable" } as const;

  it("keeps the previous verdict through two days of failures and says unreachable on the third", () => {
    let state: LinkCheckState = nextCheckState(
      undefined,
      URL_A,
      { kind: "moved", movedTo: `${URL_A}-new` },
      day(1),
    );
    expect(state).toMatchObject({ status: "moved", movedTo: `${URL_A}-new`, failures: 0 });
    state = nextCheckState(state, URL_A, failed, day(1, 12));
    state = nextCheckState(state, URL_A, failed, day(1, 23));
    expect(state).toMatchObject({ status: "moved", failures: 1, note: "503 Service Unavailable" });
    state = nextCheckState(state, URL_A, failed, day(2));
    expect(state).toMatchObject({ status: "moved", failures: 2 });
    state = nextCheckState(state, URL_A, failed, day(3));
    expect(state).toMatchObject({ status: "unreachable", movedTo: null, failures: 3 });
    expect(state.checkedAt).toBe(day(3).toISOString());
    state = nextCheckState(state, URL_A, { kind: "ok" }, day(4));
    expect(state).toEqual({
      url: URL_A,
      status: "ok",
      movedTo: null,
      checkedAt: day(4).toISOString(),
      failures: 0,
      lastFailedAt: null,
      note: null,
    });
  });

  it("has no verdict while an article never checked fails, and a turned-away check changes only date and note", () => {
    let state = nextCheckState(undefined, URL_A, failed, day(1));
    expect(state).toMatchObject({ status: null, failures: 1 });
    state = nextCheckState(state, URL_A, { kind: "turned-away", reason: "403 Forbidden" }, day(2));
    expect(state).toMatchObject({ status: null, failures: 1, note: "Turned away: 403 Forbidden" });
    expect(state.lastFailedAt).toBe(day(1).toISOString());
  });
});

describe("isBrokenLink", () => {
  it("is gone or unreachable", () => {
    const statuses = ["ok", "moved", "gone", "unreachable", null] as const;
    expect(statuses.map((status) => isBrokenLink({ status }))).toEqual([false, false, true, true, false]);
    expect(isBrokenLink(undefined)).toBe(false);
  });
});

describe("originalGoneText", () => {
  it("names the outlet, or the address's host", () => {
    expect(originalGoneText({ outlet: "Vanished Weekly", url: URL_A })).toBe(
      "The original at Vanished Weekly is no longer available.",
    );
    expect(originalGoneText({ outlet: " ", url: "https://www.news.example/a" })).toBe(
      "The original at news.example is no longer available.",
    );
  });
});
