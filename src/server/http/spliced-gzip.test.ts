import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { splicedGzip } from "./spliced-gzip";

describe("splicedGzip", () => {
  it("gives one gzip stream that decodes to the parts joined by the string, for any joiner", () => {
    const page = `<!doctype html><link nonce="@@"><p>${"Council budget story. ".repeat(400)}</p><script nonce="@@">go()</script>`;
    const parts = page.split("@@");
    const body = splicedGzip(parts);
    for (const nonce of ["yjD4bIZb2T/Q9SukvDC17A==", "another-nonce-0123456789", ""]) {
      const gz = body(nonce);
      expect(gz.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      expect(zlib.gunzipSync(gz).toString()).toBe(parts.join(nonce));
    }
    expect(body("x").length).toBeLessThan(page.length / 10);
  });

  it("copes with empty parts, a single part and multi-byte text", () => {
    for (const parts of [[""], ["only"], ["", "", ""], ["é—ü", "", "日本語テキスト".repeat(50)]]) {
      expect(zlib.gunzipSync(splicedGzip(parts)("ñ")).toString()).toBe(parts.join("ñ"));
    }
  });
});
