import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, sendFrom, stopChild, type SendInit } from "../support/loopback";
import { OWNER, startServer, type TestServer } from "./support/test-server";

/**
 * The production build behind Debian's nginx with the micro-cache exactly as deploy/ ships it
 * (nginx-byline.conf and nginx-byline-locations.conf; only the origin's port and the cache
 * directory are changed, and the server block is plain http instead of TLS). Between nginx and
 * Byline sits a counting relay, so the test sees every request the origin gets. Visitors come
 * from 127.0.0.2, the owner from 127.0.0.3.
 */

test.describe.configure({ mode: "serial" });

const VISITOR = "127.0.0.2";
const OWNER_ADDRESS = "127.0.0.3";

let work: string;
let nginx: ChildProcess | undefined;
let nginxLog = "";
let server: TestServer;
let relay: http.Server;
let site: string;
const originRequests: { at: number; path: string }[] = [];

const send = (pathname: string, from: string, init: SendInit = {}) =>
  sendFrom(`${site}${pathname}`, from, init);

test.beforeAll(async () => {
  test.setTimeout(90_000);
  work = fs.mkdtempSync(path.join(os.tmpdir(), "byline-nginx-"));
  const nginxPort = await freePort();
  site = `http://127.0.0.1:${nginxPort}`;
  server = await startServer({ env: { PUBLIC_URL: site, TRUST_PROXY: "127.0.0.1" } });
  const origin = new URL(server.url);

  // Counts what reaches the origin, and passes it on unchanged.
  relay = http.createServer((req, res) => {
    originRequests.push({ at: Date.now(), path: req.url ?? "" });
    const upstream = http.request(
      { host: origin.hostname, port: origin.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const relayPort = (relay.address() as net.AddressInfo).port;

  const deploy = path.join(import.meta.dirname, "..", "..", "deploy");
  const shipped = fs
    .readFileSync(path.join(deploy, "nginx-byline.conf"), "utf8")
    .replace("server 127.0.0.1:3000;", `server 127.0.0.1:${relayPort};`)
    .replace("/var/cache/nginx/byline", path.join(work, "cache"));
  fs.writeFileSync(path.join(work, "byline.conf"), shipped);
  fs.copyFileSync(path.join(deploy, "nginx-byline-locations.conf"), path.join(work, "byline-locations.conf"));
  fs.writeFileSync(
    path.join(work, "nginx.conf"),
    [
      // As root, nginx's workers would otherwise run as nobody and not reach the temporary files.
      process.getuid?.() === 0 ? "user root root;" : "",
      "worker_processes 1;",
      `pid ${work}/nginx.pid;`,
      `error_log ${work}/error.log warn;`,
      "events { worker_connections 1024; }",
      "http {",
      `  access_log off;`,
      `  client_body_temp_path ${work}/body;`,
      `  proxy_temp_path ${work}/proxy;`,
      `  fastcgi_temp_path ${work}/fastcgi;`,
      `  uwsgi_temp_path ${work}/uwsgi;`,
      `  scgi_temp_path ${work}/scgi;`,
      `  include ${work}/byline.conf;`,
      "  server {",
      `    listen 127.0.0.1:${nginxPort};`,
      `    include ${work}/byline-locations.conf;`,
      "  }",
      "}",
      "",
    ].join("\n"),
  );
  nginx = spawn(
    "nginx",
    ["-p", work, "-e", `${work}/error.log`, "-c", `${work}/nginx.conf`, "-g", "daemon off;"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  nginx.stdout!.on("data", (chunk: Buffer) => void (nginxLog += chunk.toString()));
  nginx.stderr!.on("data", (chunk: Buffer) => void (nginxLog += chunk.toString()));
  await expect
    .poll(
      async () => {
        if (nginx?.exitCode !== null) throw new Error(`nginx exited:\n${nginxLog}`);
        return (await send("/healthz", VISITOR).catch(() => ({ status: 0 }))).status;
      },
      { timeout: 30_000, message: "nginx serves the site" },
    )
    .toBe(200);
});

test.afterAll(async () => {
  await stopChild(nginx, "SIGQUIT");
  relay?.close();
  await server?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

test("200 visitors at once for 5 seconds: the origin sees about one request a second", async () => {
  test.setTimeout(60_000);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
  const statuses = new Map<number, number>();
  let answered = 0;
  const before = originRequests.length;
  const started = Date.now();
  const until = started + 5000;
  await Promise.all(
    Array.from({ length: 200 }, async () => {
      while (Date.now() < until) {
        const answer = await send("/", VISITOR, { agent, headers: { "Accept-Encoding": "gzip, br" } });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        answered += 1;
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  agent.destroy();
  const atOrigin = originRequests.slice(before).filter((request) => request.path === "/");
  console.log(
    `behind nginx: ${answered} answers in ${seconds.toFixed(1)} s (${(answered / seconds).toFixed(0)}/s); ` +
      `the origin saw ${atOrigin.length} requests for / (${(atOrigin.length / seconds).toFixed(1)}/s)`,
  );
  expect([...statuses.keys()]).toEqual([200]);
  expect(answered).toBeGreaterThan(200);
  // s-maxage=1 with the lock: one fetch per second at most, plus the first miss.
  expect(atOrigin.length).toBeLessThanOrEqual(Math.ceil(seconds) + 2);
});

test("an owner's edit reaches visitors through nginx, the owner is never served from the cache, and live updates stream through", async () => {
  test.setTimeout(60_000);
  const signedIn = await send("/api/session", OWNER_ADDRESS, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: site },
    body: JSON.stringify(OWNER),
  });
  expect(signedIn.status).toBe(200);
  const cookie = (signedIn.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;
  const { csrfToken } = JSON.parse(signedIn.body) as { csrfToken: string };

  // A visitor's page is in the cache; the owner's request passes it by.
  await send("/", VISITOR);
  expect((await send("/", VISITOR)).headers["x-cache-status"]).toMatch(/HIT|UPDATING|STALE/);
  const ownerView = await send("/", OWNER_ADDRESS, { headers: { Cookie: cookie } });
  expect(ownerView.headers["x-cache-status"]).toBe("BYPASS");
  expect(ownerView.headers["cache-control"]).toBe("private, no-store");

  // A visitor's live stream, through nginx.
  const events: string[] = [];
  const stream = http.get(`${site}/api/events`, { localAddress: VISITOR, agent: false }, (res) => {
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => events.push(chunk));
  });
  await expect.poll(() => events.join("")).toContain("event: ready");

  const name = `Edited ${Date.now()}`;
  const edited = await send("/api/site", OWNER_ADDRESS, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Cookie: cookie, "X-CSRF-Token": csrfToken, Origin: site },
    body: JSON.stringify({ name }),
  });
  expect(edited.status).toBe(200);
  const editedAt = Date.now();
  await expect.poll(() => events.join("")).toMatch(/event: change\ndata: \{"topic":"site"\}/);
  stream.destroy();

  // How long the cached page lags is the cache's s-maxage (1 s) plus one render: measured and
  // printed, not held to a number, since this machine is shared.
  let seenAt = 0;
  await expect
    .poll(
      async () => {
        const page = await send("/", VISITOR);
        if (page.body.includes(name) && !seenAt) seenAt = Date.now();
        return page.body.includes(name);
      },
      { timeout: 15_000, intervals: [50] },
    )
    .toBe(true);
  console.log(`behind nginx: the edit was on / for visitors ${seenAt - editedAt} ms after it was saved`);
  // Once nginx has the new page, no visitor gets the old one again.
  for (let i = 0; i < 20; i++) expect((await send("/", VISITOR)).body).toContain(name);
});
