import zlib from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ SEED_DEMO: "true" }, { live: { heartbeatMs: 50 } });
});
afterEach(() => t.close());

const raw = async (response: Response) => Buffer.from(await response.arrayBuffer());

type Get = (path: string, init?: RequestInit) => Response | Promise<Response>;
// Visitors' reads come encoded once per version from the public cache; the owner's are compressed
// per response by the compression middleware. Both must behave the same.
const readers: [string, string, () => Promise<Get>][] = [
  ["a visitor", "public, max-age=0, s-maxage=1, stale-while-revalidate=60", async () => t.request],
  ["the owner", "private, no-store", async () => (await t.signIn()).owner],
];

describe.each(readers)("response compression for %s", (_who, cacheControl, reader) => {
  it("sends Brotli to a client that accepts it, the same JSON once decoded, and says it varies", async () => {
    const get = await reader();
    const plain = await raw(await get("/api/articles"));
    expect(plain.length).toBeGreaterThan(1024);
    const response = await get("/api/articles", {
      headers: { "Accept-Encoding": "gzip, deflate, br" },
    });
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toMatch(/Accept-Encoding/i);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("cache-control")).toBe(cacheControl);
    const body = await raw(response);
    expect(body.length).toBeLessThan(plain.length / 2);
    expect(zlib.brotliDecompressSync(body).equals(plain)).toBe(true);
  });

  it("falls back to gzip, and sends plain bytes to a client that asks for none or refuses both", async () => {
    const get = await reader();
    const plain = await raw(await get("/api/articles"));
    const gzipped = await get("/api/articles", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(await raw(gzipped)).equals(plain)).toBe(true);
    for (const accept of ["identity", "br;q=0, gzip;q=0", "deflate"]) {
      const response = await get("/api/articles", { headers: { "Accept-Encoding": accept } });
      expect(response.headers.get("content-encoding"), accept).toBeNull();
      expect((await raw(response)).equals(plain)).toBe(true);
    }
  });
});

describe("response compression", () => {
  it("leaves small answers and the live stream alone", async () => {
    const small = await t.request("/healthz", { headers: { "Accept-Encoding": "br" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toMatchObject({ ok: true });

    const stream = await t.request("/api/events", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    expect(stream.headers.get("content-encoding")).toBeNull();
    const reader = stream.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("event: ready");
    await reader.cancel();
  });
});
