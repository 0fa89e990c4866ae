import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LANDING_PARAMS } from "../../src/domain/landing-query";
import { nodeListener } from "../../src/server/kernel/http/node-listener";
import { WARM_PATHS } from "../../src/server/kernel/http/page-warmer";
import { createPublicCache, publicCacheKey } from "../../src/server/kernel/http/public-cache";
import { catchAllPaths } from "../../src/server/pages";
import { siteRouteTable } from "./support/route-table";
import { rawGet } from "./support/traversal";
import { createTestApp, ORIGIN, type TestApp } from "./support/test-app";

const SHARED = "public, max-age=0, s-maxage=1, stale-while-revalidate=60";

let t: TestApp;
let renders = 0;
let marks: string[] = [];
beforeEach(async () => {
  renders = 0;
  marks = [];
  t = await createTestApp(
    {},
    {
      pages: {
        // Stands in for React Router: marks its inline script as the renderer does, and writes the
        // site name, the host the page was asked for and the address it was rendered from.
        render: async (_c, page, context) => {
          renders += 1;
          marks.push(context.renderMark);
          const body = `<html><script nonce="${context.renderMark}">start()</script><link rel="canonical" href="${context.publicUrl}/"><h1>${context.content.site().name}</h1><p>${page.url}</p></html>`;
          // Headers, as React Router gives: under the Node adapter's Response, headers set later on a
          // plain init object are lost.
          return new Response(body, { headers: new Headers({ "Content-Type": "text/html; charset=utf-8" }) });
        },
        // The site's routes, and public/ for the built files (`/demo/portrait.jpg`).
        isUnknownPath: catchAllPaths(siteRouteTable(), path.resolve("public")),
      },
    },
  );
});
afterEach(() => t.close());

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const BROWSER = { headers: { "Accept-Encoding": "gzip, deflate, br" } };

describe("public pages are the same bytes for every visitor", () => {
  it("serves repeat visits from memory: identical bytes, the same strong ETag, a CDN-friendly Cache-Control", async () => {
    const first = await t.request("/");
    const second = await t.request("/");
    expect(renders).toBe(1);
    expect(first.headers.get("x-page-cache")).toBeNull();
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("etag")).toMatch(/^"[\w-]{20,}"$/);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("cache-control")).toBe(SHARED);
    expect(second.headers.get("vary")).toBe("Accept-Encoding");
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
  });

  it("allows the renderer's inline script by its hash, and never sends the mark", async () => {
    const response = await t.request("/");
    const html = await response.text();
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`script-src 'self' ${sha256("start()")};`);
    expect(csp).not.toContain("nonce");
    expect(html).toContain("<script>start()</script>");
    expect(marks[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(html).not.toContain(marks[0]);
  });

  it("answers a conditional request with 304 and no body", async () => {
    const etag = (await t.request("/")).headers.get("etag")!;
    const again = await t.request("/", { headers: { "If-None-Match": `"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe(SHARED);
    expect((await t.request("/", { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
  });

  it("sends Brotli or gzip made once per version, each under its own ETag", async () => {
    const plain = await (await t.request("/")).text();
    const br = await t.request("/", BROWSER);
    const gzip = await t.request("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(plain);
    expect(new Set([br.headers.get("etag"), gzip.headers.get("etag")]).size).toBe(2);
    expect(renders).toBe(1);
    const revalidated = await t.request("/", {
      headers: { ...BROWSER.headers, "If-None-Match": br.headers.get("etag")! },
    });
    expect(revalidated.status).toBe(304);
  });

  it("never serves a page rendered before a committed write", async () => {
    const { owner } = await t.signIn();
    const before = await t.request("/");
    await owner("/api/site", { method: "PUT", json: { name: "Renamed Reporter" } });
    const after = await t.request("/");
    expect(after.headers.get("x-page-cache")).toBeNull();
    expect(await after.text()).toContain("Renamed Reporter");
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    const stale = await t.request("/", { headers: { "If-None-Match": before.headers.get("etag")! } });
    expect(stale.status).toBe(200);
  });

  it("keeps serving the cached page when a contact message arrives", async () => {
    await t.request("/");
    const sent = await t.request("/api/contact", {
      method: "POST",
      headers: { Origin: ORIGIN },
      json: {
        name: "Ada",
        email: "ada@example.org",
        subject: "Tip",
        message: "The council meets in secret.",
      },
    });
    expect(sent.status).toBe(201);
    expect((await t.request("/")).headers.get("x-page-cache")).toBe("hit");
    expect(renders).toBe(1);
  });

  it("keeps the owner's views private and out of the cache, and sign-in out of shared caches", async () => {
    const { owner } = await t.signIn();
    const mine = await owner("/");
    await owner("/");
    expect(renders).toBe(2);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.headers.get("etag")).toBeNull();
    const signInPage = await t.request("/admin");
    expect(signInPage.headers.get("cache-control")).toBe("no-store");
    await t.request("/admin");
    expect(renders).toBe(4);
  });

  it("keeps a page asked for under another Host away from other visitors", async () => {
    // Made-up names get 421 (host-policy.test.ts); another loopback name is served and named.
    const poisoned = await t.app.request("http://127.0.0.1:3000/");
    expect(await poisoned.text()).toContain('href="http://127.0.0.1:3000/"');
    const visitor = await t.request("/");
    expect(await visitor.text()).toContain('href="http://localhost:3000/"');
    expect(renders).toBe(2);
  });
});

describe("public JSON reads", () => {
  it("are shared and revalidated like pages for visitors, private for the owner", async () => {
    for (const path of ["/api/articles", "/api/experiences", "/api/education", "/api/site"]) {
      const first = await t.request(path);
      const etag = first.headers.get("etag")!;
      expect(first.headers.get("cache-control"), path).toBe(SHARED);
      expect(etag, path).toMatch(/^"[\w-]{20,}"$/);
      const second = await t.request(path);
      expect(second.headers.get("x-page-cache"), path).toBe("hit");
      expect(await second.text(), path).toBe(await first.text());
      expect((await t.request(path, { headers: { "If-None-Match": etag } })).status, path).toBe(304);
    }
    const { owner } = await t.signIn();
    const site = await owner("/api/site");
    expect(site.headers.get("cache-control")).toBe("private, no-store");
    expect(site.headers.get("x-page-cache")).toBeNull();
  });

  it("show a write at once", async () => {
    const { owner } = await t.signIn();
    expect(await (await t.request("/api/articles")).json()).toEqual([]);
    await owner("/api/articles", {
      method: "POST",
      json: { title: "New clip", outlet: "Daily", url: "https://daily.example/clip" },
    });
    const after = (await (await t.request("/api/articles")).json()) as { title: string }[];
    expect(after.map((article) => article.title)).toEqual(["New clip"]);
  });
});

describe("public pages rendered ahead of visitors", () => {
  const warmer = () => t.services.pageWarmer;

  it("are in the cache once the serving process has started: every visitor's first request is a hit", async () => {
    await warmer().start(t.app.fetch, ORIGIN);
    expect(renders).toBe(WARM_PATHS.length);
    for (const path of WARM_PATHS) {
      const response = await t.request(path, BROWSER);
      expect(response.headers.get("x-page-cache")).toBe("hit");
      // Already at the best level: the first visitor gets the smallest bytes.
      expect(response.headers.get("etag")).toMatch(/-br11"$/);
    }
    expect(renders).toBe(WARM_PATHS.length);
  });

  it("are rendered again right after a write empties the cache, once for a burst of writes", async () => {
    await warmer().start(t.app.fetch, ORIGIN);
    renders = 0;
    // An import's burst: several writes in one go.
    const { site } = t.services.content;
    for (const name of ["Renamed Reporter", "Renamed Again"]) site.merge({ name });
    await warmer().idle();
    expect(renders).toBe(WARM_PATHS.length);
    const after = await t.request("/");
    expect(after.headers.get("x-page-cache")).toBe("hit");
    expect(await after.text()).toContain("Renamed Again");
    expect(renders).toBe(WARM_PATHS.length);
  });

  it("are not rendered ahead by a process that never started the warmer (the CLI)", async () => {
    const { owner } = await t.signIn();
    await owner("/api/site", { method: "PUT", json: { name: "Renamed Reporter" } });
    await warmer().idle();
    expect(renders).toBe(0);
    expect((await t.request("/")).headers.get("x-page-cache")).toBeNull();
  });
});

describe("rendered-page cache with PUBLIC_URL set", () => {
  it("names PUBLIC_URL in every page, whatever Host the request carried", async () => {
    t.close();
    t = await createTestApp(
      { PUBLIC_URL: "https://clips.example" },
      {
        pages: {
          render: async (_c, _page, context) =>
            new Response(`<link rel="canonical" href="${context.publicUrl}/">`, {
              headers: { "Content-Type": "text/html; charset=utf-8" },
            }),
        },
      },
    );
    for (const url of ["http://evil.example/", "https://clips.example/", "http://localhost:3000/"]) {
      expect(await (await t.app.request(url)).text()).toBe(
        '<link rel="canonical" href="https://clips.example/">',
      );
    }
  });
});

describe("what the public cache keys a page by", () => {
  it("keeps one / for any query the landing page does not read, rendered without it", async () => {
    const first = await t.request("/?q=8934121");
    expect(await first.text()).toContain(`<p>${ORIGIN}/</p>`);
    for (const path of ["/", "/?q=5551", "/?utm_source=news&fbclid=x", "/?", "/?q=1&q=2"]) {
      const again = await t.request(path);
      expect(again.headers.get("x-page-cache"), path).toBe("hit");
      expect(again.headers.get("etag"), path).toBe(first.headers.get("etag"));
    }
    expect(renders).toBe(1);
  });

  it("keeps one entry per combination of the parameters it reads, rendered from those alone", async () => {
    const article = await t.request("/?utm_source=x&pq=flood&article=a1&portfolio=1");
    expect(await article.text()).toContain(
      `<p>${ORIGIN}/?article=a1&amp;portfolio=1&amp;pq=flood</p>`.replaceAll("&amp;", "&"),
    );
    const reordered = await t.request("/?portfolio=1&article=a1&pq=flood&q=2");
    expect(reordered.headers.get("x-page-cache")).toBe("hit");
    expect(renders).toBe(1);
    for (const name of LANDING_PARAMS) await t.request(`/?${name}=x`);
    expect(renders).toBe(1 + LANDING_PARAMS.length);
    const other = await t.request("/?article=a2");
    expect(other.headers.get("x-page-cache")).toBeNull();
    expect(await other.text()).toContain(`<p>${ORIGIN}/?article=a2</p>`);
  });

  it("keeps one page for every other path, rendered once from one address", async () => {
    const first = await t.request("/2019/old-story?utm_source=x");
    expect(first.status).toBe(200);
    expect(await first.text()).toContain(`<p>${ORIGIN}/__unknown__</p>`);
    const others = ["/another/made-up/path", "/2019/old-story", "/package.json?q=1", "/admin/nothing"];
    for (const path of [...others, "/demo/missing.jpg", `/${randomUUID()}/`]) {
      const again = await t.request(path);
      expect(again.headers.get("x-page-cache"), path).toBe("hit");
      expect(again.headers.get("etag"), path).toBe(first.headers.get("etag"));
    }
    expect(renders).toBe(1);
    // The parameters the landing page reads still count, as on `/`.
    const article = await t.request("/old/link?q=2&article=a1");
    expect(article.headers.get("x-page-cache")).toBeNull();
    expect(await article.text()).toContain(`<p>${ORIGIN}/__unknown__?article=a1</p>`);
    expect((await t.request("/elsewhere?article=a1")).headers.get("x-page-cache")).toBe("hit");
    expect(renders).toBe(2);
  });

  it("does not grow with made-up paths, answered on the socket as through Hono", async () => {
    const server = http.createServer(nodeListener(t.app.fetch, t.publicCache));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const first = await rawGet(port, "/made-up/1");
      const second = await rawGet(port, "/made-up/2?utm_source=x");
      expect(second.status).toBe(200);
      expect(second.text).toMatch(/\r\nx-page-cache: hit\r\n/i);
      const etag = (text: string) => /\r\netag: ([^\r]+)/i.exec(text)?.[1];
      expect(etag(second.text)).toBe(etag(first.text));
      const size = t.publicCache.size();
      for (let i = 0; i < 50; i++) {
        const page = await rawGet(port, `/${randomUUID()}/${i}?q=${i}`);
        expect(page.text).toMatch(/\r\nx-page-cache: hit\r\n/i);
      }
      expect(t.publicCache.size()).toBe(size);
      expect(renders).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("never answers a path that something else answers with the page of every other path", async () => {
    const server = http.createServer(nodeListener(t.app.fetch, t.publicCache));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      for (let i = 0; i < 2; i++) expect((await rawGet(port, "/made-up")).text).toContain("/__unknown__");
      // The API, the app's own routes, React Router's other routes, its data and manifest
      // requests, and built files (this renderer stands in for the file too).
      const known = ["/api/articles", "/api/nothing", "/healthz", "/favicon.svg", "/uploads/nothing.jpg"];
      known.push("/admin", "/ADMIN/setup", "/feed.xml", "/made-up.data", "/__manifest?p=%2Fx");
      known.push("/demo/portrait.jpg", "/demo/portrait%2Ejpg", "/demo/");
      for (const target of known) {
        const answer = await rawGet(port, target);
        expect(answer.text, target).not.toContain("__unknown__");
      }
      expect((await rawGet(port, "/api/nothing")).status).toBe(404);
      expect((await rawGet(port, "/demo/portrait.jpg")).text).toContain(`/demo/portrait.jpg</p>`);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("keeps the whole query of every other address (an API read or a picture may read it)", async () => {
    const plain = await t.request("/api/articles");
    const queried = await t.request("/api/articles?limit=1");
    expect(plain.headers.get("cache-control")).toBe(SHARED);
    expect(queried.headers.get("x-page-cache")).toBeNull();
    expect((await t.request("/api/articles?limit=1")).headers.get("x-page-cache")).toBe("hit");
  });

  it("is read from the Host and the raw target alone, and is never made for a refused path", () => {
    const host = "127.0.0.1:3000";
    expect(publicCacheKey(host, "/")).toBe(`${host}/`);
    expect(publicCacheKey(host, "/?q=1&article=a1#top")).toBe(`${host}/?article=a1`);
    expect(publicCacheKey(host, "https://other.example:8443/?q=1")).toBe(`${host}/`);
    expect(publicCacheKey(host, "http://other.example")).toBe(`${host}/`);
    expect(publicCacheKey(host, "/api/articles?b=2&a=1")).toBe(`${host}/api/articles?b=2&a=1`);
    const unknown = () => true;
    expect(publicCacheKey(host, "/old/link?q=1&article=a1", unknown)).toBe(`${host}/*?article=a1`);
    expect(publicCacheKey(host, "/?q=1", unknown)).toBe(`${host}/`);
    const refusedTargets = ["/%2e%2e", "/demo/..", "/.%2e/package.json", "//etc/passwd", "*", "../x"];
    for (const refused of [...refusedTargets, "file:///etc/passwd", "ftp://x/"]) {
      expect(publicCacheKey(host, refused), refused).toBeUndefined();
      expect(publicCacheKey(host, refused, unknown), refused).toBeUndefined();
    }
    expect(publicCacheKey(undefined, "/")).toBeUndefined();
  });

  it("names every query parameter a public page reads in LANDING_PARAMS", () => {
    const web = path.resolve(import.meta.dirname, "../../src/web");
    const reads: string[] = [];
    for (const file of fs.readdirSync(web, { recursive: true, encoding: "utf8" })) {
      if (!/\.tsx?$/.test(file) || file.includes(".test.") || OWNER_PAGES.test(file)) continue;
      const source = fs.readFileSync(path.join(web, file), "utf8");
      for (const [, name] of source.matchAll(LITERAL_READ)) {
        if (!LANDING_PARAMS.includes(name!)) reads.push(`${file}: ${name}`);
      }
    }
    expect(reads).toEqual([]);
    // Control: the scan sees reads in both spellings.
    const sample = "const q = searchParams.get(\"q\"); new URLSearchParams(s).has('sort');";
    expect([...sample.matchAll(LITERAL_READ)].map((match) => match[1])).toEqual(["q", "sort"]);
  });
});

/** Reads of a query parameter by a literal name: `searchParams.get("x")`, `new URLSearchParams(s).has('x')`. */
const LITERAL_READ = /(?:params|URLSearchParams\([^()]*\))\.(?:get|getAll|has)\(\s*["'`]([^"'`]+)["'`]/gi;
/** Pages no shared cache keeps (sign-in, setup, the dashboard) may read what they like. */
const OWNER_PAGES = /^routes[/\\]admin-/;

const brotliAt = (body: Buffer, quality: number) =>
  zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });

describe("compression of a new entry", () => {
  it("is quick at first, and at the best levels once the page is asked for again", async () => {
    const plain = Buffer.from(await (await t.request("/")).arrayBuffer());
    const first = await t.request("/?q=1", BROWSER);
    expect(first.headers.get("etag")).toMatch(/-br5"$/);
    expect(Buffer.from(await first.arrayBuffer())).toEqual(brotliAt(plain, 5));
    expect((await t.request("/", { headers: { "Accept-Encoding": "gzip" } })).headers.get("etag")).toMatch(
      /-gz6"$/,
    );
    await t.publicCache.upgraded();
    const best = await t.request("/", BROWSER);
    expect(best.headers.get("etag")).toMatch(/-br11"$/);
    expect(Buffer.from(await best.arrayBuffer())).toEqual(brotliAt(plain, 11));
    const gzip = await t.request("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("etag")).toMatch(/-gz9"$/);
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer()))).toEqual(plain);
    expect(renders).toBe(1);
  });

  it("still answers 304 to a client holding the quick encoding, naming what it holds", async () => {
    await t.request("/");
    const quick = await t.request("/", BROWSER);
    const quickTag = quick.headers.get("etag")!;
    await t.publicCache.upgraded();
    const after = await t.request("/", { headers: { ...BROWSER.headers, "If-None-Match": quickTag } });
    expect(after.status).toBe(304);
    expect(after.headers.get("etag")).toBe(quickTag);
    expect(after.headers.get("vary")).toBe("Accept-Encoding");
    expect(after.headers.get("cache-control")).toBe(SHARED);
    const other = await t.request("/", { headers: { ...BROWSER.headers, "If-None-Match": '"other-br5"' } });
    expect(other.status).toBe(200);
    expect(other.headers.get("etag")).toMatch(/-br11"$/);
  });

  it("never names two byte sequences with one strong ETag", async () => {
    const seen = new Map<string, string>();
    const record = async (response: Response) => {
      const bytes = Buffer.from(await response.arrayBuffer()).toString("base64");
      const etag = response.headers.get("etag")!;
      expect(seen.get(etag) ?? bytes, etag).toBe(bytes);
      seen.set(etag, bytes);
    };
    for (let round = 0; round < 2; round++) {
      for (const accept of ["br", "gzip", "identity"])
        await record(await t.request("/", { headers: { "Accept-Encoding": accept } }));
      await t.publicCache.upgraded();
    }
    for (const accept of ["br", "gzip", "identity"])
      await record(await t.request("/", { headers: { "Accept-Encoding": accept } }));
    expect(seen.size).toBe(5);
  });
});

describe("eviction", () => {
  it("lets one-off queries push out one another, never the pages visitors keep asking for", async () => {
    const cache = createPublicCache({
      sharedCacheControl: SHARED,
      sessionCookie: "session",
      isOwner: () => false,
      maxEntries: 3,
      maxBytes: 1024 * 1024,
      maxAgeMs: 60_000,
    });
    let made = 0;
    const app = new Hono()
      .use(cache.middleware())
      .get("*", (c) => c.text(`page ${(made += 1)}`, 200, { "Cache-Control": SHARED }));
    const get = (path: string) => app.request(`http://localhost${path}`);
    await get("/front");
    await get("/front");
    for (let i = 0; i < 20; i++) await get(`/front?r=${i}`);
    expect((await get("/front")).headers.get("x-page-cache")).toBe("hit");
    expect(cache.size()).toBe(3);
    expect(made).toBe(21);
  });
});

describe("absolute-form request targets", () => {
  it("never change the scheme or host a cached page names", async () => {
    const server = http.createServer(nodeListener(t.app.fetch, t.publicCache));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const origin = `http://127.0.0.1:${port}`;
      const absolute = await rawGet(port, `https://127.0.0.1:${port}/?x`);
      expect(absolute.status).toBe(200);
      expect(absolute.text).toContain(`href="${origin}/"`);
      for (const target of ["/?x", "/", `https://127.0.0.1:${port}/`, `http://127.0.0.1:${port}/?y`]) {
        const plain = await rawGet(port, target);
        expect(plain.text, target).toContain(`href="${origin}/"`);
        expect(plain.text, target).not.toContain("https://");
      }
      // The Host header names the host, not the target's.
      const other = await rawGet(port, `http://localhost:${port}/?z`);
      expect(other.text).toContain(`href="${origin}/"`);
      expect(renders).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
