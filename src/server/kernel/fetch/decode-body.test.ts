import { brotliCompressSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeBody } from "./decode-body";
import { SafeFetchError } from "./safe-fetch-error";

const MB = 1024 * 1024;

describe("decodeBody", () => {
  it("undoes two codings, the last listed first", async () => {
    const body = brotliCompressSync(gzipSync("two layers"));
    expect((await decodeBody(body, "gzip, br", MB)).toString()).toBe("two layers");
  });

  it("refuses a third coding without decoding anything", async () => {
    const error = await decodeBody(gzipSync("x"), "gzip,gzip, identity ,gzip", MB).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SafeFetchError);
    expect(error).toMatchObject({ code: "network", message: expect.stringContaining("3 content encodings") });
  });

  it("stops when the deadline passed between two codings", async () => {
    const controller = new AbortController();
    controller.abort(new Error("deadline"));
    await expect(decodeBody(gzipSync(gzipSync("x")), "gzip, gzip", MB, controller.signal)).rejects.toThrow(
      "deadline",
    );
  });

  it("stops a decoding under way when the deadline passes, with the deadline's error", async () => {
    // 4 MB of zeros: hundreds of chunks in the thread pool, so the abort lands mid-way.
    const bomb = gzipSync(Buffer.alloc(4 * MB));
    const controller = new AbortController();
    const decoding = decodeBody(bomb, "gzip", 5 * MB, controller.signal);
    setImmediate(() => controller.abort(new Error("deadline")));
    await expect(decoding).rejects.toThrow("deadline");
  });

  it("caps what a coding may expand to", async () => {
    await expect(decodeBody(gzipSync(Buffer.alloc(2 * MB)), "gzip", MB)).rejects.toMatchObject({
      code: "too_large",
    });
  });
});
