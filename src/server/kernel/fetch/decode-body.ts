import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from "node:zlib";
import type { Transform } from "node:stream";
import { SafeFetchError } from "./safe-fetch-error";

/**
 * Content codings undone at most: each is a pass over up to `maxBytes` in libuv's thread pool
 * (shared with DNS, file reads and password hashing), and no server needs more than two.
 */
const MAX_CONTENT_CODINGS = 2;

/** `deflate` should be zlib-wrapped (RFC 9110), but some servers send raw deflate: tell them apart by the header. */
function isZlibWrapped(body: Buffer): boolean {
  const [first = 0, second = 0] = body;
  return (first & 0x0f) === 8 && ((first << 8) | second) % 31 === 0;
}

function decoderFor(coding: string, body: Buffer): (() => Transform) | undefined {
  if (coding === "gzip" || coding === "x-gzip") return createGunzip;
  if (coding === "deflate") return isZlibWrapped(body) ? createInflate : createInflateRaw;
  if (coding === "br") return createBrotliDecompress;
  return undefined;
}

class TooLarge extends Error {}

/**
 * Runs `input` through `decoder`, a chunk at a time in the thread pool, so that the decoding stops
 * within a chunk once the output passes `maxBytes` or `signal` aborts.
 */
function decodeOne(
  decoder: Transform,
  input: Buffer,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const stop = () => decoder.destroy(signal?.reason as Error);
    signal?.addEventListener("abort", stop, { once: true });
    const settle = () => signal?.removeEventListener("abort", stop);
    decoder.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) decoder.destroy(new TooLarge());
      else chunks.push(chunk);
    });
    decoder.once("error", (error) => {
      settle();
      reject(error);
    });
    decoder.once("end", () => {
      settle();
      resolve(Buffer.concat(chunks, total));
    });
    decoder.end(input);
  });
}

/**
 * Undo the Content-Encoding of a complete body. The decoded size is capped at `maxBytes` too,
 * so a small compressed bomb cannot expand past the limit; `signal` (the fetch's deadline) stops
 * the decoding between codings and within one.
 */
export async function decodeBody(
  raw: Buffer,
  contentEncoding: string | undefined,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<Buffer> {
  const codings = (contentEncoding ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
  if (codings.length > MAX_CONTENT_CODINGS) {
    throw new SafeFetchError(
      "network",
      `The server applied ${codings.length} content encodings; at most ${MAX_CONTENT_CODINGS} are undone`,
    );
  }
  let body = raw;
  // Codings are listed in the order they were applied, so undo them from the last.
  for (const coding of codings.reverse()) {
    signal?.throwIfAborted();
    if (body.length === 0) return body;
    const decoder = decoderFor(coding, body);
    if (!decoder)
      throw new SafeFetchError("network", `The server used an unsupported content encoding: ${coding}`);
    try {
      body = await decodeOne(decoder(), body, maxBytes, signal);
    } catch (error) {
      // The deadline's own error: the fetch reports the timeout.
      if (signal?.aborted) throw error;
      if (error instanceof TooLarge) {
        throw new SafeFetchError(
          "too_large",
          `The response is larger than ${maxBytes} bytes once decompressed`,
        );
      }
      throw new SafeFetchError("network", `The server sent a corrupt ${coding} body`, { cause: error });
    }
  }
  return body;
}
