import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono, type Context } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { createPublicCache, type PublicCacheOptions } from "./public-cache";

const SHARED = "public, s-maxage=1";

/** A real server with the cache in front, as main.ts wires it: raw hits first, then Hono. */
async function serve(options: Partial<PublicCacheOptions> = {}) {
  const cache = createPublicCache({
    sharedCacheControl: SHARED,
    sessionCookie: "byline_session",
    // The owner's live session is `abc`; any other value names none.
    isOwner: (cookie) => /(^|;\s*)byline_session=abc(;|$)/.test(cookie),
    maxEntries: 10,
    maxBytes: 1024 * 1024,
    maxAgeMs: 60_000,
    ...options,
  });
  let renders = 0;
  let duringRender = () => {};
  const app = new Hono()
    .use(cache.middleware())
    .get("/private", (c) => c.text("mine", 200, { "Cache-Control": "no-store" }))
    .get("/picture/:kind", (c) => {
      renders += 1;
      const kind = c.req.param("kind");
      const headers: Record<string, string> = {
        "Cache-Control": "public, max-age=31536000, immutable",
        "Content-Type": kind === "script" ? "text/javascript" : "image/jpeg",
        ETag: '"photo-v1"',
      };
      if (kind === "negotiated") headers["Vary"] = "Accept";
      return c.body(new Uint8Array(Buffer.alloc(3000, 7)), 200, headers);
    })
    .get("*", (c) => {
      renders += 1;
      duringRender();
      return c.text(`page ${c.req.path} #${renders} ${"x".repeat(2000)}`, 200, { "Cache-Control": SHARED });
    });
  const listener = getRequestListener(app.fetch);
  const server = http.createServer((req, res) => cache.serveRaw(req, res) || listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      http
        .request({ port, host: "127.0.0.1", path, method, headers }, (res) => {
          let body = "";
          res.setEncoding("latin1");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        })
        .on("error", reject)
        .end();
    });
  /** A request written by hand, for header lines a client library would merge: the answer's head. */
  const raw = (head: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write(`${head}Connection: close\r\n\r\n`));
      let answer = "";
      socket.setEncoding("latin1");
      socket.on("data", (chunk: string) => (answer += chunk));
      socket.on("end", () => resolve(answer.split("\r\n\r\n")[0]!));
      socket.on("error", reject);
    });
  servers.push(server);
  return {
    cache,
    get,
    raw,
    host: `127.0.0.1:${port}`,
    renders: () => renders,
    onRender: (hook: () => void) => (duringRender = hook),
  };
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe("public cache in front of the app", () => {
  it("answers a hit on the socket with the stored bytes and headers, GET and HEAD", async () => {
    const s = await serve();
    const first = await s.get("/a");
    const hit = await s.get("/a");
    expect(s.renders()).toBe(1);
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(hit.body).toBe(first.body);
    expect(hit.headers.etag).toBe(first.headers.etag);
    expect(hit.headers["content-length"]).toBe(String(Buffer.byteLength(first.body)));
    const head = await s.get("/a", {}, "HEAD");
    expect(head.body).toBe("");
    expect(head.headers["content-length"]).toBe(hit.headers["content-length"]);
    const notModified = await s.get("/a", { "if-none-match": first.headers.etag! });
    expect(notModified.status).toBe(304);
    expect(notModified.headers["cache-control"]).toBe(SHARED);
  });

  it("leaves the owner's requests, other methods and answers not marked shared to the app", async () => {
    const s = await serve();
    await s.get("/a");
    await s.get("/a", { cookie: "theme=dark; byline_session=abc" });
    expect(s.renders()).toBe(2);
    // A made-up session cookie is a visitor's: served from the cache, not a render per request.
    const forged = await s.get("/a", { cookie: "byline_session=forged" });
    expect(forged.headers["x-page-cache"]).toBe("hit");
    expect(s.renders()).toBe(2);
    await s.get("/private");
    expect((await s.get("/private")).headers["x-page-cache"]).toBeUndefined();
    expect((await s.get("/a", {}, "POST")).status).toBe(404);
  });

  it("reads the request's headers in any case, and repeated ones as Node joins them", async () => {
    const s = await serve();
    const first = await s.get("/a", { "accept-encoding": "gzip" });
    // The owner's cookie in the second of two Cookie lines still bypasses the cache.
    await s.raw(`GET /a HTTP/1.1\r\nHOST: ${s.host}\r\ncookie: theme=dark\r\nCOOKIE: byline_session=abc\r\n`);
    expect(s.renders()).toBe(2);
    const gzipped = await s.raw(
      `GET /a HTTP/1.1\r\nHost: ${s.host}\r\nACCEPT-ENCODING: identity\r\nAccept-Encoding: gzip\r\n`,
    );
    expect(gzipped).toMatch(/^x-page-cache: hit\r?$/im);
    expect(gzipped).toMatch(/^content-encoding: gzip\r?$/im);
    expect(gzipped).toContain(`etag: ${first.headers.etag}`);
    const held = await s.raw(
      `GET /a HTTP/1.1\r\nHost: ${s.host}\r\nAccept-Encoding: gzip\r\nIf-None-Match: "other"\r\nif-none-match: ${first.headers.etag}\r\n`,
    );
    expect(held).toMatch(/^HTTP\/1\.1 304 /);
  });

  it("keeps a picture under an immutable address as it is, for every encoding", async () => {
    const s = await serve();
    await s.get("/picture/photo");
    const hit = await s.get("/picture/photo", { "accept-encoding": "gzip, br" });
    expect(s.renders()).toBe(1);
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(hit.headers["content-encoding"]).toBeUndefined();
    expect(hit.headers.etag).toBe('"photo-v1"');
    expect(hit.body.length).toBe(3000);
    expect((await s.get("/picture/photo", { "if-none-match": '"photo-v1"' })).status).toBe(304);
    // One chosen by the Accept header, or text a browser wants compressed, is left to the app.
    for (const kind of ["negotiated", "script"]) {
      await s.get(`/picture/${kind}`);
      await s.get(`/picture/${kind}`);
    }
    expect(s.renders()).toBe(5);
  });

  it("lets a burst of first requests share one render", async () => {
    const s = await serve();
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.get("/burst")));
    expect(s.renders()).toBe(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });

  it("forgets everything on invalidate, and never keeps a render that began before it", async () => {
    const s = await serve();
    await s.get("/a");
    s.cache.invalidate();
    s.onRender(() => s.cache.invalidate());
    await s.get("/a");
    s.onRender(() => {});
    const after = await s.get("/a");
    expect(after.body).toContain("#3");
    expect(s.renders()).toBe(3);
    expect((await s.get("/a")).body).toContain("#3");
  });

  it("expires entries after maxAgeMs and keeps within maxEntries and maxBytes", async () => {
    let now = 0;
    const s = await serve({ maxEntries: 2, now: () => now });
    await s.get("/a");
    await s.get("/b");
    await s.get("/c");
    expect(s.cache.size()).toBe(2);
    await s.get("/a");
    expect(s.renders()).toBe(4);
    now = 60_001;
    await s.get("/a");
    expect(s.renders()).toBe(5);

    const small = await serve({ maxBytes: 5000 });
    for (const path of ["/a", "/b", "/c", "/d"]) await small.get(path);
    expect(small.cache.size()).toBeLessThan(4);
    expect(small.cache.size()).toBeGreaterThan(0);
  });
});

describe("keys and eviction under cache-busting", () => {
  it("keys by PUBLIC_URL's host when it is set: a made-up Host header makes no new entry", async () => {
    const s = await serve({ keyHost: "portfolio.example" });
    await s.get("/a");
    for (const host of ["a.example", "b.example", "PORTFOLIO.example"]) {
      expect((await s.get("/a", { host })).headers["x-page-cache"]).toBe("hit");
    }
    expect(s.renders()).toBe(1);
    expect(s.cache.size()).toBe(1);
  });

  it("keys by the Host header in any case when pages name the host they were asked for", async () => {
    const s = await serve();
    await s.get("/a", { host: "localhost:1" });
    expect((await s.get("/a", { host: "LocalHost:1" })).headers["x-page-cache"]).toBe("hit");
    expect(s.renders()).toBe(1);
  });

  it("keeps a new entry when every other one has been served, and evicts the least recently served", async () => {
    const s = await serve({ maxEntries: 3 });
    for (const path of ["/a", "/b", "/c"]) {
      await s.get(path);
      await s.get(path);
    }
    await s.get("/a"); // `/a` is now the most recently served; `/b` the least.
    await s.get("/new");
    expect((await s.get("/new")).headers["x-page-cache"]).toBe("hit");
    expect((await s.get("/a")).headers["x-page-cache"]).toBe("hit");
    const renders = s.renders();
    await s.get("/b");
    expect(s.renders()).toBe(renders + 1);
  });

  it("drops expired entries before live ones", async () => {
    let clock = 0;
    const s = await serve({ maxEntries: 2, maxAgeMs: 1000, now: () => clock });
    await s.get("/old");
    await s.get("/old");
    clock = 500;
    await s.get("/live");
    await s.get("/live");
    clock = 900;
    await s.get("/old"); // the most recently served…
    clock = 1200; // …but expired now, while `/live` is not.
    await s.get("/new");
    expect((await s.get("/live")).headers["x-page-cache"]).toBe("hit");
    expect((await s.get("/new")).headers["x-page-cache"]).toBe("hit");
  });
});

describe("new entries with a query, per address", () => {
  const fromHeader = { perAddress: 3, clientIp: (c: Context) => c.req.header("x-test-address") ?? "" };

  it("renders an address's first few, then answers 429 without a render; cached ones and others go on", async () => {
    const s = await serve({ queryMisses: { ...fromHeader, exempt: (target) => target.startsWith("/img?") } });
    const attacker = { "x-test-address": "attacker" };
    for (let i = 0; i < 3; i++) expect((await s.get(`/a?q=${i}`, attacker)).status).toBe(200);
    const refused = await s.get("/a?q=3", attacker);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.body).toContain("too_many_pages");
    expect(s.renders()).toBe(3);
    // What is kept is served to everyone; a path without a query, another address, an exempt path
    // and an answer nobody may share are never counted.
    expect((await s.get("/a?q=0", attacker)).headers["x-page-cache"]).toBe("hit");
    expect((await s.get("/plain", attacker)).status).toBe(200);
    expect((await s.get("/img?u=1", attacker)).status).toBe(200);
    expect((await s.get("/a?q=3", { "x-test-address": "neighbour" })).status).toBe(200);
    const visitor = { "x-test-address": "visitor" };
    for (let i = 0; i < 5; i++) await s.get(`/private?i=${i}`, visitor);
    expect((await s.get("/a?q=visitor", visitor)).status).toBe(200);
  });
});
