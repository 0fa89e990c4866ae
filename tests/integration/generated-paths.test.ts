import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isGeneratedPath } from "../../src/domain/generated-paths";
import { UPLOADS_PATH } from "../../src/domain/uploads";
import pageRoutes from "../../src/web/routes";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A path the route answers: `:id` and `:file{…\.png}` filled in with a plain name. */
const sample = (path: string) =>
  path.replace(/:\w+\{[^}]*\\\.png\}/g, "x.png").replace(/:\w+(\{[^}]*\})?/g, "x");

function resourceRoutes(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    // A route module in .ts has no component: an answer made on request, not a page.
    const own = entry.file.endsWith(".ts") ? [path] : [];
    return [...own, ...resourceRoutes(entry.children ?? [], path)];
  });
}

describe("the generated paths a share card or an icon never loads as its picture", () => {
  it("list every address the server answers with a route, except the uploaded files", () => {
    const answered = t.app.routes
      // ALL: Fedify's paths; `*` and `/*` are the middleware, not an answer.
      .filter((route) => route.method === "GET" || (route.method === "ALL" && !/^\/?\*$/.test(route.path)))
      .filter((route) => !route.path.startsWith(`${UPLOADS_PATH}/`))
      .map((route) => sample(route.path));
    expect(answered).toContain("/social-card/article/x.png");
    expect(answered).toContain("/.well-known/webfinger");
    expect(answered.filter((path) => !isGeneratedPath(path))).toEqual([]);
  });

  it("list every route React Router answers without a page (the feeds)", () => {
    const resources = resourceRoutes(pageRoutes);
    expect(resources).toContain("/sitemap.xml");
    expect(resources.filter((path) => !isGeneratedPath(path))).toEqual([]);
  });
});
