import { lookup } from "node:dns/promises";
import http from "node:http";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { LookupFunction } from "node:net";
import { decodeBody } from "./decode-body";
import { isPublicAddress } from "./public-address";
import { SafeFetchError } from "./safe-fetch-error";
import { errorReason } from "../../../domain/error-reason";

export { isPublicAddress } from "./public-address";
export { SafeFetchError } from "./safe-fetch-error";
export type { SafeFetchErrorCode } from "./safe-fetch-error";

export type SafeFetchOptions = {
  /** FETCH_ALLOW_PRIVATE (tests only): lifts the address and port rules, never the scheme rule. */
  allowPrivate: boolean;
  /** Allowed Content-Type prefixes (such as `image/`), checked on 2xx responses. */
  accept?: string[];
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  /**
   * Only the status and headers are wanted (a link check): the connection is closed once they
   * are in, and `body` is empty.
   */
  discardBody?: boolean;
  /**
   * false: a redirect comes back as it is, for the outlet gate, which follows it itself so that
   * each hop is checked against robots.txt and paced.
   */
  followRedirects?: boolean;
  /**
   * Sends a POST with these fields as `application/x-www-form-urlencoded`. A POST follows no
   * redirect: its answer, a redirect too, comes back as it is.
   */
  form?: Record<string, string>;
};

export type SafeResponse = {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  statusText: string;
  headers: Record<string, string>;
  contentType: string;
  /** Decoded from its Content-Encoding (then `headers` name no encoding and no length). */
  body: Buffer;
  /** The final request and its answer as they went over the wire, for the web archive. */
  exchange: HttpExchange;
};

/** One HTTP request and response of the final hop, headers in the order and case they were sent. */
export type HttpExchange = {
  method: "GET";
  requestHeaders: [string, string][];
  /** "1.1" or "1.0". */
  httpVersion: string;
  responseHeaders: [string, string][];
  /** The body as received: without its transfer coding, still in its Content-Encoding. */
  payload: Buffer;
};

/** Which destinations a fetch may connect to. Every hop is checked against it. */
export type TargetPolicy = {
  allowsAddress(ip: string): boolean;
  allowsPort(port: number): boolean;
};

export const PUBLIC_TARGETS: TargetPolicy = {
  allowsAddress: isPublicAddress,
  allowsPort: (port) => port === 80 || port === 443,
};

const ANY_TARGET: TargetPolicy = { allowsAddress: () => true, allowsPort: () => true };

const USER_AGENT = "Byline/1.0 (+portfolio reader)";
/** The largest body a fetch takes unless told otherwise, as sent and once decompressed. */
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_REDIRECTS = 5;
export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization"];

type Limits = {
  maxBytes: number;
  maxRedirects: number;
  accept: string[] | undefined;
  discardBody: boolean;
};

/** The one way the server fetches anything from the network. */
export function safeFetch(url: string, options: SafeFetchOptions): Promise<SafeResponse> {
  return fetchWithPolicy(url, options.allowPrivate ? ANY_TARGET : PUBLIC_TARGETS, options);
}

/**
 * `safeFetch` with an explicit destination policy. Production code uses `safeFetch`; tests use
 * this to prove that redirects are re-checked without needing a public server.
 */
export async function fetchWithPolicy(
  url: string,
  policy: TargetPolicy,
  options: Omit<SafeFetchOptions, "allowPrivate">,
): Promise<SafeResponse> {
  const limits: Limits = {
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    maxRedirects: options.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
    accept: options.accept,
    discardBody: options.discardBody ?? false,
  };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let target = parseTarget(url);
    let headers = requestHeaders(options.headers);
    const form = options.form && new URLSearchParams(options.form).toString();
    if (form !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
    for (let redirects = 0; ; redirects++) {
      const address = await checkTarget(target, policy, controller.signal);
      const response = await send(target, address, headers, controller.signal, form);
      const location = response.headers.location;
      const follow = form === undefined && options.followRedirects !== false;
      if (!follow || !REDIRECT_STATUSES.has(response.statusCode ?? 0) || location === undefined) {
        return await readResponse(target, response, limits, headers, controller.signal);
      }
      response.destroy();
      if (redirects >= limits.maxRedirects) {
        throw new SafeFetchError("too_many_redirects", `Gave up after ${limits.maxRedirects} redirects`);
      }
      ({ target, headers } = redirectHop(location, target, headers));
    }
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    if (controller.signal.aborted) {
      throw new SafeFetchError("timeout", `No complete answer within ${timeoutMs / 1000} seconds`, {
        cause: error,
      });
    }
    const reason = errorReason(error);
    throw new SafeFetchError("network", `Could not fetch ${url}: ${reason}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

function parseTarget(input: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw new SafeFetchError("blocked_scheme", `Not a web address: ${input}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new SafeFetchError(
      "blocked_scheme",
      `Only http and https addresses can be fetched, not ${url.protocol}`,
    );
  }
  return url;
}

/** Checks port and address and returns the exact address to connect to. */
async function checkTarget(url: URL, policy: TargetPolicy, signal: AbortSignal): Promise<string> {
  const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
  if (!policy.allowsPort(port)) {
    throw new SafeFetchError("blocked_port", `Only ports 80 and 443 can be fetched, not ${port}`);
  }
  // The WHATWG parser has already turned decimal, octal and hex IPv4 spellings into dotted quads.
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const addresses = isIP(host) ? [host] : await resolve(host, signal);
  // One internal address among several is enough to refuse: the client could pick any of them.
  const refused = addresses.find((address) => !policy.allowsAddress(address));
  if (refused !== undefined) {
    throw new SafeFetchError("blocked_address", `${url.hostname} is not a public address (${refused})`);
  }
  return addresses[0] as string;
}

async function resolve(host: string, signal: AbortSignal): Promise<string[]> {
  let found: { address: string }[];
  try {
    found = await untilAborted(lookup(host, { all: true, verbatim: true }), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new SafeFetchError("dns", `Could not find the server ${host}`, { cause: error });
  }
  if (found.length === 0) throw new SafeFetchError("dns", `Could not find the server ${host}`);
  return found.map(({ address }) => address);
}

/** DNS lookups cannot be cancelled, so stop waiting for them instead. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolvePromise, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolvePromise, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * Hands the socket the address that was checked, so a second DNS answer (rebinding) can never
 * redirect the connection. Node asks for a list when it races address families.
 */
function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

function send(
  url: URL,
  address: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  form?: string,
): Promise<IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolvePromise, reject) => {
    // A fresh agent per request: a pooled socket could be connected to an address we never checked.
    const request = client.request(
      url,
      {
        method: form === undefined ? "GET" : "POST",
        headers,
        agent: false,
        lookup: pinnedLookup(address),
        signal,
      },
      resolvePromise,
    );
    request.once("error", reject);
    request.end(form);
  });
}

function requestHeaders(extra: Record<string, string> | undefined): Record<string, string> {
  const headers: Record<string, string> = { "user-agent": USER_AGENT, accept: "*/*" };
  for (const [name, value] of Object.entries(extra ?? {})) headers[name.toLowerCase()] = value;
  // We decode the body ourselves, so only codings we can undo may be offered.
  headers["accept-encoding"] = "gzip, deflate, br";
  return headers;
}

/**
 * Where a redirect from `from` leads, and the headers to send there: credentials never cross to
 * another origin. The safe fetcher's loop and the outlet gate's (which follows each hop itself).
 */
export function redirectHop(
  location: string,
  from: URL,
  headers: Record<string, string>,
): { target: URL; headers: Record<string, string> } {
  const target = parseTarget(location, from);
  return { target, headers: target.origin === from.origin ? headers : withoutCredentials(headers) };
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.includes(name.toLowerCase())),
  );
}

async function readResponse(
  url: URL,
  response: IncomingMessage,
  limits: Limits,
  sentHeaders: Record<string, string>,
  signal: AbortSignal,
): Promise<SafeResponse> {
  const status = response.statusCode ?? 0;
  const contentType = response.headers["content-type"] ?? "";
  // Error pages are returned as they are so the caller can report the status.
  if (limits.accept && status >= 200 && status < 300 && !hasAcceptedType(contentType, limits.accept)) {
    response.destroy();
    throw new SafeFetchError(
      "bad_content_type",
      `Expected ${limits.accept.join(" or ")} but the server sent ${contentType || "no content type"}`,
    );
  }
  /** `raw` as received; `body` decoded, with `headers` no longer naming an encoding or length. */
  const answer = (raw: Buffer, body: Buffer, headers: Record<string, string>): SafeResponse => ({
    url: url.href,
    status,
    statusText: response.statusMessage ?? "",
    headers,
    contentType,
    body,
    exchange: {
      method: "GET",
      requestHeaders: [["host", url.host], ...Object.entries(sentHeaders)],
      httpVersion: response.httpVersion,
      responseHeaders: pairs(response.rawHeaders),
      payload: raw,
    },
  });
  if (limits.discardBody) {
    response.destroy();
    return answer(Buffer.alloc(0), Buffer.alloc(0), flattenHeaders(response.headers));
  }
  const declared = Number(response.headers["content-length"]);
  if (declared > limits.maxBytes) {
    response.destroy();
    throw tooLarge(limits.maxBytes);
  }
  const raw = await readLimited(response, limits.maxBytes);
  const encoding = response.headers["content-encoding"];
  const body = await decodeBody(raw, encoding, limits.maxBytes, signal);
  const headers = flattenHeaders(response.headers);
  if (encoding !== undefined) {
    // The body no longer matches these: it is decoded.
    delete headers["content-encoding"];
    delete headers["content-length"];
  }
  return answer(raw, body, headers);
}

function pairs(rawHeaders: string[]): [string, string][] {
  const result: [string, string][] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) result.push([rawHeaders[i]!, rawHeaders[i + 1]!]);
  return result;
}

function hasAcceptedType(contentType: string, accept: string[]): boolean {
  const mediaType = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  return mediaType !== "" && accept.some((prefix) => mediaType.startsWith(prefix.toLowerCase()));
}

async function readLimited(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      response.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

function tooLarge(maxBytes: number): SafeFetchError {
  return new SafeFetchError("too_large", `The response is larger than ${maxBytes} bytes`);
}

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}
