import type { IncomingMessage } from "node:http";
import type { AppContext } from "./app-env";

/** Percent-decoding rounds to look through (`%252e` is `%2e` is `.`). */
const DECODE_ROUNDS = 3;

/**
 * Why a request path is not one of this site's pages or files: 400 when it does not even decode
 * (bad or overlong UTF-8, `%u002e`) or holds control characters such as NUL, 404 when, decoded
 * once or more, it has dot segments (`.`, `..`, `....`, `..;`), empty segments (`//etc/passwd`; a
 * trailing slash is fine), backslashes or encoded separators. Browsers resolve dot segments
 * before sending and our links never contain the others, so such a path is someone looking for a
 * way out of the static root. Undefined for ordinary paths.
 *
 * The static files are safe without this (tests/integration/attack-paths.test.ts); it stops the
 * rule "any other path shows the landing page" (docs/product.md, Addresses) from answering such
 * probes with a 200 page.
 */
export function oddPathStatus(rawPath: string): 400 | 404 | undefined {
  let path = rawPath;
  if (/%(25)*(2f|5c)/i.test(path)) return 404;
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(path)) return 400;
    if (path.includes("\\")) return 404;
    if (/^\/\/|\/\/./.test(path)) return 404;
    if (path.split("/").some((segment) => /^\.+$|^\.\./.test(segment))) return 404;
    if (!path.includes("%")) return undefined;
    try {
      const decoded = decodeURIComponent(path);
      if (decoded === path) return undefined;
      path = decoded;
    } catch {
      return 400;
    }
  }
  return 404;
}

/** `http(s)://authority` at the start of an absolute-form request target. */
const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;

/**
 * A request target's path and query (`?…` or ''), as sent: an absolute-form target
 * (`GET http://host/x HTTP/1.1`) without its scheme and host. Undefined for one that is not a
 * path at all (`*`, `../x`), and for another scheme's (`file:///etc/passwd`), which the Node
 * adapter refuses with 400.
 */
export function splitTarget(target: string): { path: string; query: string } | undefined {
  let rest = target[0] === "/" ? target : target.replace(ABSOLUTE_FORM, "");
  if (rest === "") rest = "/";
  if (rest[0] !== "/") return undefined;
  const hash = rest.indexOf("#");
  if (hash !== -1) rest = rest.slice(0, hash);
  const question = rest.indexOf("?");
  return question === -1
    ? { path: rest, query: "" }
    : { path: rest.slice(0, question), query: rest.slice(question) };
}

/**
 * The Host and the request target exactly as the client sent them. On Node the listener hands us
 * the raw request line's target, before the URL parser has resolved `../` away; in-process
 * requests (tests) only have the parsed URL.
 */
export function requestTarget(c: AppContext): { host: string | undefined; target: string } {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming?.url !== undefined) return { host: incoming.headers.host, target: incoming.url };
  const url = new URL(c.req.url);
  return { host: url.host, target: url.pathname + url.search };
}

/** The path exactly as the client sent it (of an absolute-form target too). */
export function rawRequestPath(c: AppContext): string {
  const { target } = requestTarget(c);
  return splitTarget(target)?.path ?? target.split(/[?#]/)[0]!;
}
