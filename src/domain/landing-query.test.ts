import { describe, expect, it } from "vitest";
import { landingSearch } from "./landing-query";

describe("landingSearch", () => {
  it("keeps the landing page's own parameters, in one order, and drops the rest", () => {
    expect(landingSearch("")).toBe("");
    expect(landingSearch("?")).toBe("");
    expect(landingSearch("?q=123&utm_source=news")).toBe("");
    expect(landingSearch("?pq=flood&article=a1&fbclid=x&portfolio=1")).toBe(
      "?article=a1&portfolio=1&pq=flood",
    );
    expect(landingSearch("?portfolio=1&pq=flood&article=a1")).toBe(
      landingSearch("?article=a1&pq=flood&portfolio=1"),
    );
  });

  it("reads values as the page does: decoded, the first of each name", () => {
    expect(landingSearch("?article=a%20b")).toBe(landingSearch("?article=a+b"));
    expect(landingSearch("?article=first&article=second")).toBe("?article=first");
    expect(landingSearch("?article=")).toBe("?article=");
  });
});
