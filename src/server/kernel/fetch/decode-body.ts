import { promisify } from "node:util";
import { brotliDecompress, gunzip, inflate, inflateRaw } from "node:zlib";
import type { InputType, ZlibOptions } from "node:zlib";
import { SafeFetchError } from "./safe-fetch-error";

type Decoder = (input: InputType, options: ZlibOptions) => Promise<Buffer>;

const gunzipAsync: Decoder = promisify(gunzip);
const inflateAsync: Decoder = promisify(inflate);
const inflateRawAsync: Decoder = promisify(inflateRaw);
const brotliAsync: Decoder = promisify(brotliDecompress);

/** `deflate` should be zlib-wrapped (RFC 9110), but some servers send raw deflate: tell them apart by the header. */
function isZlibWrapped(body: Buffer): boolean {
  const [first = 0, second = 0] = body;
  return (first & 0x0f) === 8 && ((first << 8) | second) % 31 === 0;
}

function decoderFor(coding: string, body: Buffer): Decoder | undefined {
  if (coding === "gzip" || coding === "x-gzip") return gunzipAsync;
  if (coding === "deflate") return isZlibWrapped(body) ? inflateAsync : inflateRawAsync;
  if (coding === "br") return brotliAsync;
  return undefined;
}

/**
 * Undo the Content-Encoding of a complete body. The decoded size is capped at `maxBytes` too,
 * so a small compressed bomb cannot expand past the limit.
 */
export async function decodeBody(
  raw: Buffer,
  contentEncoding: string | undefined,
  maxBytes: number,
): Promise<Buffer> {
  const codings = (contentEncoding ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
  let body = raw;
  // Codings are listed in the order they were applied, so undo them from the last.
  for (const coding of codings.reverse()) {
    if (body.length === 0) return body;
    const decode = decoderFor(coding, body);
    if (!decode)
      throw new SafeFetchError("network", `The server used an unsupported content encoding: ${coding}`);
    try {
      body = await decode(body, { maxOutputLength: maxBytes });
    } catch (error) {
      if (error instanceof RangeError) {
        throw new SafeFetchError(
          "too_large",
          `The response is larger than ${maxBytes} bytes once decompressed`,
          {
            cause: error,
          },
        );
      }
      throw new SafeFetchError("network", `The server sent a corrupt ${coding} body`, { cause: error });
    }
  }
  return body;
}
