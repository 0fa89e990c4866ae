import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
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
      // Stands in for React Router: marks its inline script as the renderer does, and writes the
      // site name and the host the page was asked for.
      pages: async (_c, context) => {
        renders += 1;
        marks.push(context.renderMark);
        const body = `<html><script nonce="${context.renderMark}">start()</script><link rel="canonical" href="${context.publicUrl}/"><h1>${context.content.site().name}</h1></html>`;
        return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
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

describe("rendered-page cache with PUBLIC_URL set", () => {
  it("names PUBLIC_URL in every page, whatever Host the request carried", async () => {
    t.close();
    t = await createTestApp(
      { PUBLIC_URL: "https://clips.example" },
      {
        pages: async (_c, context) =>
          new Response(`<link rel="canonical" href="${context.publicUrl}/">`, {
            headers: { "Content-Type": "text/html; charset=utf-8" },
          }),
      },
    );
    for (const url of ["http://evil.example/", "https://clips.example/", "http://localhost:3000/"]) {
      expect(await (await t.app.request(url)).text()).toBe(
        '<link rel="canonical" href="https://clips.example/">',
      );
    }
  });
});
