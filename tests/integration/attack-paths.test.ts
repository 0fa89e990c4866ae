/**
 * The attack suite, path traversal part: nothing outside the static root (the built client:
 * hashed assets and the files from `public/`, such as /demo/*.jpg) is ever served, however the
 * way out is spelled, and the image cache never turns an image address into a file path.
 *
 * The server runs as in production (the app behind @hono/node-server's listener, the built
 * client served by the same `staticFiles` as productionPages) over a real socket, on a tree laid
 * out like a deployment: the build and DATA_DIR side by side, next to the project's package.json.
 * Requests are written byte for byte, so `../` reaches the server unresolved.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageCacheSrc } from "../../src/domain/image-src";
import { createApp } from "../../src/server/app";
import { photoJpeg } from "../support/sample-images";
import { nodeListener } from "../../src/server/kernel/http/node-listener";
import type { PublicCache } from "../../src/server/kernel/http/public-cache";
import { catchAllPaths, staticFiles } from "../../src/server/pages";
import { attackCounter } from "./support/attack-counter";
import { siteRouteTable } from "./support/route-table";
import { createTestApp, type TestApp } from "./support/test-app";
import {
  imageUrlPayloads,
  oddPaths,
  oddRequestTargets,
  rawGet,
  traversalPaths,
  type Target,
} from "./support/traversal";

const count = attackCounter("attack suite: path traversal");

/** Text that only the files outside the static root contain. */
const MARKERS = {
  "package.json": "PACKAGE-JSON-MARKER",
  "secret.txt": "SECRET-FILE-MARKER",
  ".env": "DOTENV-MARKER",
  "build/server/index.js": "SERVER-BUNDLE-MARKER",
};
const LEAKS = [...Object.values(MARKERS), "SQLite format 3", "root:x:0:", '"storedAt"', "PATH=/"];
const LANDING = "<!doctype html><title>Landing page</title><h1>LANDING-PAGE</h1>";

let root: string;
let t: TestApp;
let server: http.Server;
let port: number;
/** The same app as main.ts serves it: the public cache answers its hits before Hono. */
let cachedServer: http.Server;
let cachedPort: number;
let publicCache: PublicCache;
let cacheFiles: string[];
let imageServer: http.Server;
let imageOrigin: string;

const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "byline-paths-"));
  for (const [name, marker] of Object.entries(MARKERS)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), `${marker}\n`);
  }
  const client = path.join(root, "build", "client");
  fs.mkdirSync(path.join(client, "assets"), { recursive: true });
  fs.mkdirSync(path.join(client, "demo"), { recursive: true });
  fs.writeFileSync(path.join(client, "assets", "app-Bx12.js"), "console.log('a built asset');\n");
  fs.copyFileSync(path.resolve("public/demo/portrait.jpg"), path.join(client, "demo", "portrait.jpg"));

  // An image server that answers every path with a picture, for the image cache's file names.
  const photo = await photoJpeg(300, 200);
  imageServer = http.createServer((_request, response) =>
    response.writeHead(200, { "Content-Type": "image/jpeg" }).end(photo),
  );
  await new Promise<void>((resolve) => imageServer.listen(0, "127.0.0.1", resolve));
  imageOrigin = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}`;

  // Loopback images need FETCH_ALLOW_PRIVATE here; the safe fetcher's refusals are attack-ssrf.test.ts.
  t = await createTestApp({ DATA_DIR: path.join(root, "data"), FETCH_ALLOW_PRIVATE: "true" });
  const staticRoot = staticFiles(client);
  // As productionPages does, but every page is the landing page, the most a probe could get
  // (React Router's catch-all shows it at any other path, all of them one entry of the cache).
  const created = createApp(t.services, {
    pages: {
      render: async (c) =>
        (await staticRoot(c)) ??
        // Headers, as React Router gives them: the Node adapter's Response forgets headers set later
        // on a plain init object, and the public cache would never see the page's Cache-Control.
        new Response(LANDING, { headers: new Headers({ "Content-Type": "text/html; charset=utf-8" }) }),
      isUnknownPath: catchAllPaths(siteRouteTable(), client),
    },
  });
  publicCache = t.services.publicCache;
  server = http.createServer(getRequestListener(created.app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  cachedServer = http.createServer(nodeListener(created.app.fetch, publicCache));
  await new Promise<void>((resolve) => cachedServer.listen(0, "127.0.0.1", resolve));
  cachedPort = (cachedServer.address() as AddressInfo).port;

  // A cached image, so the cache directory holds files worth stealing.
  const { owner } = await t.signIn();
  const image = `${imageOrigin}/cached.jpg`;
  await owner("/api/articles", {
    method: "POST",
    json: { title: "T", outlet: "O", url: "https://public.example/a", image },
  });
  expect((await t.request(imageCacheSrc(image))).status).toBe(200);
  cacheFiles = files(path.join(root, "data", "images"));
  expect(cacheFiles.length).toBeGreaterThan(0);
});

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (cachedServer ? cachedServer.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (imageServer ? imageServer.close(() => resolve()) : resolve()));
  t?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** Everything outside build/client that must stay private, from the tree's root or the file system's. */
function targets(): Target[] {
  return [
    { path: "package.json", fromRoot: false },
    { path: "secret.txt", fromRoot: false },
    { path: ".env", fromRoot: false },
    { path: "build/server/index.js", fromRoot: false },
    { path: "data/byline.sqlite", fromRoot: false },
    { path: "data/byline.sqlite-wal", fromRoot: false },
    ...cacheFiles.map((file) => ({ path: file, fromRoot: false })),
    { path: "etc/passwd", fromRoot: true },
    { path: "proc/self/environ", fromRoot: true },
    { path: path.join(root, "package.json"), fromRoot: true },
    { path: path.join(root, "data", "byline.sqlite"), fromRoot: true },
  ];
}

function expectNoLeak(target: string, response: { status: number; text: string }) {
  for (const leak of LEAKS) expect(response.text, `GET ${target} leaked ${leak}`).not.toContain(leak);
}

/** Refused outright: not the file, and not the landing page that stands for any other path either. */
function expectBlocked(target: string, response: { status: number; text: string }) {
  expect([400, 403, 404], `GET ${target} answered ${response.status}`).toContain(response.status);
  expect(response.text).not.toContain("LANDING-PAGE");
  expectNoLeak(target, response);
}

describe("attack suite: path traversal", () => {
  it("serves the static root itself (so the refusals below mean something)", async () => {
    const asset = await rawGet(port, "/assets/app-Bx12.js");
    expect(asset.status).toBe(200);
    expect(asset.text).toContain("a built asset");
    expect((await rawGet(port, "/demo/portrait.jpg")).status).toBe(200);
    // Any other plain path is the landing page (spec), never a file of that name outside the root,
    // and with that page in the cache the built files are still the files.
    for (const at of [port, cachedPort]) {
      for (const plain of ["/package.json", "/data/byline.sqlite", "/demo/missing.jpg"]) {
        const page = await rawGet(at, plain);
        expect(page.status).toBe(200);
        expect(page.text).toContain("LANDING-PAGE");
        expectNoLeak(plain, page);
      }
    }
    expect((await rawGet(cachedPort, "/assets/app-Bx12.js")).text).toContain("a built asset");
    expect((await rawGet(cachedPort, "/demo/portrait.jpg")).text).not.toContain("LANDING-PAGE");
  });

  it("never serves a file outside the static root: ../ in every spelling, from every prefix", async () => {
    const paths = traversalPaths(targets(), 2);
    for (const target of paths) {
      expectBlocked(target, await rawGet(port, target));
      count("static files: ../ climbs");
    }
  });

  it("never serves a file by absolute path, NUL byte, backslash or odd request target", async () => {
    for (const target of oddPaths(targets())) {
      expectBlocked(target, await rawGet(port, target));
      count("static files: absolute, NUL, backslash");
    }
    for (const target of oddRequestTargets(`127.0.0.1:${port}`)) {
      expectBlocked(target, await rawGet(port, target));
      count("static files: odd request targets");
    }
    // A Host header is no way out either.
    for (const host of ["../../", "127.0.0.1/../..", "/etc/passwd", "%2e%2e"]) {
      expectBlocked(`Host: ${host}`, await rawGet(port, "/demo/..%2f..%2fpackage.json", host));
      count("static files: odd request targets");
    }
  });

  it("answers each probe the same before and after the landing page is cached, on the socket and through Hono", async () => {
    publicCache.invalidate();
    const probes = (at: number) => [
      ...oddPaths(targets()),
      ...oddRequestTargets(`127.0.0.1:${at}`),
      ...traversalPaths(targets(), 2, ["/"]),
    ];
    const answers = async (at: number) => {
      const statuses: string[] = [];
      for (const target of probes(at)) {
        const response = await rawGet(at, target);
        expectBlocked(target, response);
        statuses.push(`${target} ${response.status}`);
      }
      return statuses;
    };
    const before = { hono: await answers(port), socket: await answers(cachedPort) };
    // `/` and the page of every other path, kept (under each port's Host) and served from the cache.
    for (const at of [port, cachedPort, cachedPort]) {
      for (const page of ["/", "/package.json", "/data/byline.sqlite"]) {
        const landing = await rawGet(at, page);
        expect(landing.text).toContain("LANDING-PAGE");
      }
    }
    expect(publicCache.size()).toBe(4);
    expect(await answers(port)).toEqual(before.hono);
    expect(await answers(cachedPort)).toEqual(before.socket);
    count("static files: absolute, NUL, backslash", probes(port).length * 4);
  });

  it("answers /api/images?url= naming a file with 400 or 404, never the file", async () => {
    for (const value of imageUrlPayloads(targets())) {
      for (const query of [`url=${encodeURIComponent(value)}`, `url=${value.replaceAll("\u0000", "%00")}`]) {
        const target = `/api/images?${query}`;
        const response = await rawGet(
          port,
          target.replace(/[\s\\]/g, (c) => encodeURIComponent(c)),
        );
        expectBlocked(target, response);
        count("image endpoint: file names as url");
      }
    }
    // Stored site paths that climb are served by the browser's own (resolved) request, never by the image cache.
    const { owner } = await t.signIn();
    for (const image of [
      "/demo/../../package.json",
      "/demo/..%2f..%2fpackage.json",
      "/assets/%2e%2e/%2e%2e/data/byline.sqlite",
    ]) {
      const stored = await owner("/api/articles", {
        method: "POST",
        json: { title: "T", outlet: "O", url: "https://public.example/b", image },
      });
      expect(stored.status).toBe(201);
      const response = await rawGet(port, `/api/images?url=${encodeURIComponent(image)}`);
      expectBlocked(image, response);
      expect(response.status).toBe(400);
      expectBlocked(image, await rawGet(port, image));
      count("image endpoint: file names as url", 2);
    }
  });

  it("names cache files by hash only: image addresses full of ../ write nowhere else", async () => {
    const before = files(root).filter((file) => !file.startsWith(`data${path.sep}`));
    const { owner } = await t.signIn();
    const hostile = [
      "/img/..%2f..%2f..%2f..%2f..%2fescape.jpg",
      "/%2e%2e/%2e%2e/%2e%2e/escape.jpg",
      "/..%5c..%5c..%5cescape.jpg",
      "/a.jpg?name=../../../../../escape.jpg",
      "/a.jpg?file=%2e%2e%2f%2e%2e%2fescape.jpg",
      "/a.jpg%00../../../escape.jpg",
      `/a.jpg?to=${encodeURIComponent(root)}/escape.jpg`,
      "/con.jpg",
      "/..%252f..%252fescape.jpg",
    ];
    for (const pathname of hostile) {
      const image = `${imageOrigin}${pathname}`;
      const created = await owner("/api/articles", {
        method: "POST",
        json: { title: "T", outlet: "O", url: "https://public.example/c", image },
      });
      expect(created.status, image).toBe(201);
      const response = await t.request(imageCacheSrc(image));
      expect(response.status, image).toBe(200);
      count("image cache: file names from URLs");
    }
    const cache = fs.readdirSync(path.join(root, "data", "images"));
    expect(
      cache.every((name) => /^[0-9a-f]{64}(\.json|-(fit|\d{1,4})\.(jpg|png|webp))$/.test(name)),
      cache.join(", "),
    ).toBe(true);
    expect(files(root).filter((file) => !file.startsWith(`data${path.sep}`))).toEqual(before);
    expect(
      fs
        .readdirSync(path.join(root, "data"))
        .filter((name) => !/^(images|byline\.sqlite(-wal|-shm)?)$/.test(name)),
    ).toEqual([]);
    for (const escaped of ["escape.jpg", "../escape.jpg", "data/escape.jpg"]) {
      expect(fs.existsSync(path.resolve(root, escaped)), escaped).toBe(false);
    }
  });
});
