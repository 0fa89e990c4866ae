import zlib from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ SEED_DEMO: "true" }, { heartbeatMs: 50 });
});
afterEach(() => t.close());

const raw = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("response compression", () => {
  it("sends Brotli to a client that accepts it, the same JSON once decoded, and says it varies", async () => {
    const plain = await raw(await t.request("/api/articles"));
    expect(plain.length).toBeGreaterThan(1024);
    const response = await t.request("/api/articles", {
      headers: { "Accept-Encoding": "gzip, deflate, br" },
    });
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toMatch(/Accept-Encoding/i);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await raw(response);
    expect(body.length).toBeLessThan(plain.length / 2);
    expect(zlib.brotliDecompressSync(body).equals(plain)).toBe(true);
  });

  it("falls back to gzip, and sends plain bytes to a client that asks for none or refuses both", async () => {
    const plain = await raw(await t.request("/api/articles"));
    const gzipped = await t.request("/api/articles", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(await raw(gzipped)).equals(plain)).toBe(true);
    for (const accept of ["identity", "br;q=0, gzip;q=0", "deflate"]) {
      const response = await t.request("/api/articles", { headers: { "Accept-Encoding": accept } });
      expect(response.headers.get("content-encoding"), accept).toBeNull();
      expect((await raw(response)).equals(plain)).toBe(true);
    }
  });

  it("leaves small answers and the live stream alone", async () => {
    const small = await t.request("/healthz", { headers: { "Accept-Encoding": "br" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toEqual({ ok: true });

    const stream = await t.request("/api/events", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    expect(stream.headers.get("content-encoding")).toBeNull();
    const reader = stream.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("event: ready");
    await reader.cancel();
  });
});
