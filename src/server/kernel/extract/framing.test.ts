import { describe, expect, it } from "vitest";
import { allowsFraming } from "./framing";

const OURS = "https://byline.example";
const PAGE = "https://news.example/story";

const check = (headers: Record<string, string>, ours = OURS, page = PAGE) =>
  allowsFraming(headers, ours, page);

describe("allowsFraming", () => {
  it("allows a page that sends no framing rules", () => {
    expect(check({})).toBe(true);
  });

  it.each(["DENY", "deny", "SAMEORIGIN", " SameOrigin ", "DENY, DENY", "SAMEORIGIN, SAMEORIGIN"])(
    "refuses X-Frame-Options %s",
    (value) => {
      expect(check({ "x-frame-options": value })).toBe(false);
    },
  );

  it("ignores X-Frame-Options values browsers ignore", () => {
    expect(check({ "x-frame-options": "ALLOW-FROM https://byline.example" })).toBe(true);
    expect(check({ "x-frame-options": "nonsense" })).toBe(true);
  });

  it("refuses frame-ancestors 'none' and 'self'", () => {
    expect(check({ "content-security-policy": "default-src 'self'; frame-ancestors 'none'" })).toBe(false);
    expect(check({ "content-security-policy": "frame-ancestors 'self'" })).toBe(false);
  });

  it("allows frame-ancestors that name us by host, wildcard, scheme or *", () => {
    for (const list of [
      "https://byline.example",
      "byline.example",
      "*.example",
      "https:",
      "*",
      "'self' https://byline.example:443",
      "https://byline.example/some/path",
    ]) {
      expect(check({ "content-security-policy": `frame-ancestors ${list}` }), list).toBe(true);
    }
  });

  it("refuses frame-ancestors that name only others", () => {
    for (const list of ["https://other.example", "*.other.example", "http://byline.example:8080", "'self'"]) {
      expect(check({ "content-security-policy": `frame-ancestors ${list}` }), list).toBe(false);
    }
  });

  it("lets frame-ancestors override X-Frame-Options, as browsers do", () => {
    expect(check({ "x-frame-options": "DENY", "content-security-policy": "frame-ancestors *" })).toBe(true);
    expect(
      check({ "x-frame-options": "ALLOWALL", "content-security-policy": "frame-ancestors 'none'" }),
    ).toBe(false);
  });

  it("needs every policy that restricts framing to allow it", () => {
    expect(check({ "content-security-policy": "frame-ancestors *, frame-ancestors 'none'" })).toBe(false);
    expect(check({ "content-security-policy": "script-src 'self', frame-ancestors https:" })).toBe(true);
  });

  it("matches ports and schemes of a plain-http site", () => {
    const ours = "http://127.0.0.1:4123";
    expect(check({ "content-security-policy": "frame-ancestors http://127.0.0.1:4123" }, ours)).toBe(true);
    expect(check({ "content-security-policy": "frame-ancestors http://127.0.0.1" }, ours)).toBe(false);
    expect(check({ "content-security-policy": "frame-ancestors http://127.0.0.1:*" }, ours)).toBe(true);
    expect(check({ "content-security-policy": "frame-ancestors https:" }, ours)).toBe(false);
  });

  it("refuses an http page inside our https site (mixed content)", () => {
    expect(check({}, OURS, "http://news.example/story")).toBe(false);
    expect(check({}, "http://localhost:3000", "http://news.example/story")).toBe(true);
  });

  it("allows SAMEORIGIN only for our own pages", () => {
    expect(check({ "x-frame-options": "SAMEORIGIN" }, OURS, "https://byline.example/page")).toBe(true);
  });
});
