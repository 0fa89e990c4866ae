import path from "node:path";
import {
  imageUrlPayloads,
  oddPaths,
  oddRequestTargets,
  rawGet,
  traversalPaths,
  type Target,
} from "../integration/support/traversal";
import { expect, test } from "./support/fixtures";

/**
 * The attack suite's path traversal payloads (tests/integration/attack-paths.test.ts) against the
 * production server on the real build: React Router's catch-all shows the landing page for any
 * other path (all of them one entry of the public cache), so a probe must be refused before it
 * gets there, and no file outside build/client (the project's package.json and sources, the
 * database in DATA_DIR, /etc/passwd) is ever served.
 */
test("the production server serves nothing outside its static root, however the path is spelled", async ({
  server,
}) => {
  test.setTimeout(120_000);
  const port = Number(new URL(server.url).port);
  const targets: Target[] = [
    { path: "package.json", fromRoot: false },
    { path: "src/server/main.ts", fromRoot: false },
    { path: "build/server/index.js", fromRoot: false },
    { path: "etc/passwd", fromRoot: true },
    { path: path.join(server.dataDir, "byline.sqlite"), fromRoot: true },
    { path: path.resolve("package.json"), fromRoot: true },
  ];
  const leaks = [
    '"name": "byline"',
    "getRequestListener",
    "SQLite format 3",
    "root:x:0:",
    "createRequestHandler",
  ];
  const tried: Record<string, number> = {};
  const attempts: [string, string[]][] = [
    ["static files: ../ climbs", traversalPaths(targets, 2, ["/", "/assets/", "/demo/"])],
    ["uploads: ../ climbs", traversalPaths(targets, 2, ["/uploads/"])],
    ["static files: absolute, NUL, backslash", oddPaths(targets)],
    ["static files: odd request targets", oddRequestTargets(`127.0.0.1:${port}`)],
    [
      "image endpoint: file names as url",
      imageUrlPayloads(targets).map((value) => `/api/images?url=${encodeURIComponent(value)}`),
    ],
  ];
  for (const [category, targetsOfCategory] of attempts) {
    for (const target of targetsOfCategory) {
      // The landing page in the public cache first, at `/` and at any other path (the image
      // cache's warm-up empties it at start): a probe a URL parser resolves to `/` (`/%2e%2e`) or
      // to a path that shows the landing page still gets the path guard's answer.
      expect((await rawGet(port, "/")).status).toBe(200);
      expect((await rawGet(port, "/made-up/path")).status).toBe(200);
      const response = await rawGet(port, target);
      expect([400, 403, 404], `GET ${target} answered ${response.status}`).toContain(response.status);
      for (const leak of leaks) expect(response.text, `GET ${target} leaked ${leak}`).not.toContain(leak);
      tried[category] = (tried[category] ?? 0) + 1;
    }
  }
  // The static root itself is served, and a plain unknown path is the landing page, not a file.
  const portrait = await rawGet(port, "/demo/portrait.jpg");
  expect(portrait.status).toBe(200);
  expect(portrait.text).toMatch(/\r\ncontent-type: image\/jpeg\r\n/i);
  const unknown = await rawGet(port, "/package.json?article=a1");
  expect(unknown.status).toBe(200);
  expect(unknown.text).toContain("<!DOCTYPE html>");
  for (const leak of leaks) expect(unknown.text).not.toContain(leak);

  console.log(
    `path traversal on the production build — payloads tried per category (all blocked):\n${Object.entries(
      tried,
    )
      .map(([category, n]) => `  ${category.padEnd(40)} ${n}`)
      .join("\n")}`,
  );
});
