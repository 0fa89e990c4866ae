import { createHash } from "node:crypto";
import { WARCRecord, WARCSerializer } from "warcio";
import type { HttpExchange } from "../kernel/fetch/safe-fetch";

/** SHA-256 in hex, as the WARC digests are written (`sha256:<hex>`). */
export const sha256Hex = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

const SERIALIZE = { gzip: true, digest: { algo: "sha-256", prefix: "sha256:", base32: false } } as const;

/**
 * The payload is kept without its transfer coding (Node undoes chunking), so the header that
 * named it would no longer be true: it is kept under the name replay tools read (pywb, warcio).
 */
const NO_LONGER_TRUE = new Set(["transfer-encoding"]);

export type ExchangeToWrite = { url: string; status: number; statusText: string; exchange: HttpExchange };

/** One exchange as a request and a response record, each its own gzip member. */
export async function exchangeRecords(
  { url, status, statusText, exchange }: ExchangeToWrite,
  date: string,
): Promise<{ request: Uint8Array; response: Uint8Array }> {
  const warcVersion = "WARC/1.1";
  const version = `HTTP/${exchange.httpVersion}`;
  const response = WARCRecord.create(
    {
      url,
      date,
      type: "response",
      warcVersion,
      statusline: `${version} ${status} ${statusText}`.trimEnd(),
      httpHeaders: exchange.responseHeaders.map(([name, value]): [string, string] =>
        NO_LONGER_TRUE.has(name.toLowerCase()) ? [`X-Archive-Orig-${name}`, value] : [name, value],
      ),
      keepHeadersCase: true,
    },
    [exchange.payload],
  );
  const responseId = response.warcHeaders.headers.get("WARC-Record-ID") ?? "";
  const target = new URL(url);
  const request = WARCRecord.create(
    {
      url,
      date,
      type: "request",
      warcVersion,
      statusline: `${exchange.method} ${target.pathname}${target.search} ${version}`,
      httpHeaders: exchange.requestHeaders,
      keepHeadersCase: true,
      warcHeaders: { "WARC-Concurrent-To": responseId },
    },
    [],
  );
  return {
    response: await WARCSerializer.serialize(response, SERIALIZE),
    request: await WARCSerializer.serialize(request, SERIALIZE),
  };
}
