import zlib from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compression } from "./compression";

const IMMUTABLE = "public, max-age=31536000, immutable";

function app() {
  return new Hono()
    .use(compression())
    .get("/assets/app.js", (c) => {
      c.header("Cache-Control", IMMUTABLE);
      return c.body(`console.log(${JSON.stringify("x".repeat(5000))});`, 200, {
        "Content-Type": "text/javascript",
      });
    })
    .get("/__manifest", (c) => {
      c.header("Cache-Control", IMMUTABLE);
      return c.json({ paths: c.req.query("paths"), padding: "p".repeat(2000) });
    });
}

const decoded = async (response: Response) =>
  zlib.brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString();

describe("compression middleware", () => {
  it("compresses a hashed asset once and serves the same bytes again", async () => {
    const hono = app();
    const br = { headers: { "Accept-Encoding": "br" } };
    const first = Buffer.from(await (await hono.request("/assets/app.js", br)).arrayBuffer());
    const second = Buffer.from(await (await hono.request("/assets/app.js", br)).arrayBuffer());
    expect(second.equals(first)).toBe(true);
    expect(zlib.brotliDecompressSync(first).toString()).toContain("console.log");
  });

  it("never answers one query with another's body, even when both say immutable", async () => {
    const hono = app();
    const br = { headers: { "Accept-Encoding": "br" } };
    const a = JSON.parse(await decoded(await hono.request("/__manifest?paths=/a", br))) as { paths: string };
    const b = JSON.parse(await decoded(await hono.request("/__manifest?paths=/b", br))) as { paths: string };
    expect([a.paths, b.paths]).toEqual(["/a", "/b"]);
  });
});
