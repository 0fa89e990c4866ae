import { describe, expect, it } from "vitest";
import { oddPathStatus } from "./path-guard";

describe("oddPathStatus", () => {
  it.each([
    "/",
    "/admin",
    "/admin/",
    "/admin/dashboard/articles.data",
    "/assets/root-PgIRgZVh.js",
    "/demo/portrait.jpg",
    "/feed.xml",
    "/some/unknown/path",
    "/caf%C3%A9",
    "/a.b/c..d/e.",
  ])("lets %s through", (path) => {
    expect(oddPathStatus(path)).toBeUndefined();
  });

  it.each([
    "/demo/../package.json",
    "/demo/..",
    "/.",
    "/%2e%2e/package.json",
    "/%252e%252e/package.json",
    "/demo/..%2fpackage.json",
    "/demo/..%252fpackage.json",
    "/demo/%5cetc",
    "/demo/..\\package.json",
    "//etc/passwd",
    "/demo//etc/passwd",
    "/....//package.json",
    "/..;/package.json",
  ])("answers 404 to %s", (path) => {
    expect(oddPathStatus(path)).toBe(404);
  });

  it.each([
    "/demo/portrait.jpg%00",
    "/demo/portrait.jpg%2500.html",
    "/%c0%ae%c0%ae/x",
    "/%u002e%u002e/x",
    "/a%0d%0aSet-Cookie:x",
  ])("answers 400 to %s", (path) => {
    expect(oddPathStatus(path)).toBe(400);
  });
});
