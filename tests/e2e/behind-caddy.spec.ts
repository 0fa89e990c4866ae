import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, stopChild, type Answer } from "../support/loopback";
import { photoJpeg } from "../support/sample-images";
import { startFakePublisher, type FakePublisher } from "./support/fake-publisher";
import { OWNER, startServer, type TestServer } from "./support/test-server";

/**
 * The production build behind Debian's Caddy with its own local CA (`tls internal`), the way
 * docs/deploy.md runs it: PUBLIC_URL is the https address, TRUST_PROXY names Caddy. Visitors
 * are separate loopback source addresses, so each plays its own machine.
 */

test.describe.configure({ mode: "serial" });

let work: string;
let caddy: ChildProcess | undefined;
let caddyLog = "";
let server: TestServer;
let publicUrl: string;
let caRoot: Buffer;
let publisher: FakePublisher;

/** One request from `from`; over https it trusts only Caddy's own root certificate. */
function send(
  url: string,
  from: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const target = new URL(url);
    const options = {
      method: init.method ?? "GET",
      headers: init.headers,
      localAddress: from,
      agent: false as const,
    };
    const done = (res: http.IncomingMessage) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    };
    const req =
      target.protocol === "https:"
        ? https.request(target, { ...options, ca: caRoot, servername: "localhost" }, done)
        : http.request(target, options, done);
    req.on("error", reject);
    req.end(init.body);
  });
}

const contact = (base: string, from: string, headers: Record<string, string>, i: number) =>
  send(`${base}/api/contact`, from, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({
      name: "Sam",
      email: `sam${i}@example.org`,
      subject: "Tip",
      message: "A tip about the council.",
    }),
  });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  work = fs.mkdtempSync(path.join(os.tmpdir(), "byline-caddy-"));
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  publicUrl = `https://localhost:${httpsPort}`;
  publisher = await startFakePublisher({
    "/photo.jpg": { headers: { "Content-Type": "image/jpeg" }, body: await photoJpeg(800, 500) },
  });
  server = await startServer({
    env: { PUBLIC_URL: publicUrl, TRUST_PROXY: "127.0.0.1", FETCH_ALLOW_PRIVATE: "true" },
  });
  const upstream = new URL(server.url).host;

  fs.writeFileSync(
    path.join(work, "Caddyfile"),
    [
      "{",
      "\tadmin off",
      "\tskip_install_trust",
      `\thttp_port ${httpPort}`,
      `\thttps_port ${httpsPort}`,
      "\tauto_https disable_redirects",
      "}",
      `${publicUrl} {`,
      "\tbind 127.0.0.1",
      "\ttls internal",
      `\treverse_proxy ${upstream}`,
      "}",
      "",
    ].join("\n"),
  );
  caddy = spawn("caddy", ["run", "--config", path.join(work, "Caddyfile"), "--adapter", "caddyfile"], {
    env: {
      ...process.env,
      HOME: work,
      XDG_DATA_HOME: path.join(work, "data"),
      XDG_CONFIG_HOME: path.join(work, "config"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  caddy.stdout!.on("data", (chunk: Buffer) => void (caddyLog += chunk.toString()));
  caddy.stderr!.on("data", (chunk: Buffer) => void (caddyLog += chunk.toString()));

  const rootFile = path.join(work, "data", "caddy", "pki", "authorities", "local", "root.crt");
  await expect
    .poll(
      async () => {
        if (caddy?.exitCode !== null) throw new Error(`caddy exited:\n${caddyLog}`);
        if (!fs.existsSync(rootFile)) return 0;
        caRoot = fs.readFileSync(rootFile);
        return (await send(`${publicUrl}/healthz`, "127.0.0.1").catch(() => ({ status: 0 }))).status;
      },
      { timeout: 30_000, message: "Caddy serves the site over https" },
    )
    .toBe(200);
});

test.afterAll(async () => {
  await stopChild(caddy);
  await server?.stop();
  await publisher?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

test("the front page over https carries HSTS", async () => {
  const page = await send(`${publicUrl}/`, "127.0.0.5");
  expect(page.status).toBe(200);
  expect(page.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
});

test("the owner's session cookie is Secure and __Host- through the proxy", async () => {
  const signInOnce = () =>
    send(`${publicUrl}/api/session`, "127.0.0.4", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: publicUrl },
      body: JSON.stringify(OWNER),
    });
  // The owner account is created from ADMIN_* just after the server starts listening.
  let signIn = await signInOnce();
  await expect
    .poll(async () => (signIn.status === 200 ? 200 : (signIn = await signInOnce()).status), {
      timeout: 15_000,
    })
    .toBe(200);
  const cookie = signIn.headers["set-cookie"]?.[0] ?? "";
  expect(cookie).toMatch(/^__Host-[\w-]+=/);
  expect(cookie).toMatch(/;\s*Secure/i);
  expect(cookie).toMatch(/;\s*Path=\/(;|$)/);
  expect(cookie).not.toMatch(/Domain=/i);
  // The cookie works for the next request through the proxy.
  const session = await send(`${publicUrl}/api/session`, "127.0.0.4", {
    headers: { Cookie: cookie.split(";")[0]! },
  });
  expect(JSON.parse(session.body)).toMatchObject({ signedIn: true });
});

test("12 contact messages through the proxy with spoofed X-Forwarded-For reach 429", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    statuses.push(
      (await contact(publicUrl, "127.0.0.3", { Origin: publicUrl, "X-Forwarded-For": `203.0.113.${i}` }, i))
        .status,
    );
  }
  expect(statuses[0]).toBe(201);
  expect(statuses).toContain(429);
});

test("12 contact messages straight to the app with spoofed X-Forwarded-For reach 429", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    statuses.push(
      (await contact(server.url, "127.0.0.2", { "X-Forwarded-For": `198.51.100.${i}, 127.0.0.1` }, i)).status,
    );
  }
  expect(statuses[0]).toBe(201);
  expect(statuses).toContain(429);
});

test("the data directory and what the server writes in it are private", async () => {
  const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);
  const db = path.join(server.dataDir, "byline.sqlite");
  expect(mode(server.dataDir)).toBe("700");
  expect([mode(db), mode(`${db}-wal`), mode(`${db}-shm`)]).toEqual(["600", "600", "600"]);
  // The image cache is written by the running server: its files follow the process's own mask.
  const image = publisher.url("/photo.jpg");
  const created = await server.api("/api/articles", {
    method: "POST",
    json: {
      title: "Harbour lights",
      outlet: "Harbour Weekly",
      url: "https://harbour.example/lights",
      date: "2026-05-05",
      image,
    },
  });
  expect(created.status).toBe(201);
  const cached = await send(`${publicUrl}/api/images?url=${encodeURIComponent(image)}`, "127.0.0.5");
  expect(cached.status).toBe(200);
  const images = path.join(server.dataDir, "images");
  const files = fs.readdirSync(images);
  expect(files.length).toBeGreaterThan(0);
  expect(mode(images)).toBe("700");
  for (const file of files) expect(`${file} ${mode(path.join(images, file))}`).toBe(`${file} 600`);
});
