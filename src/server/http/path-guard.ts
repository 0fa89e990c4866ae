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

/**
 * The path exactly as the client sent it. On Node the listener hands us the raw request line's
 * target (absolute-form included), before the URL parser has resolved `../` away; in-process
 * requests (tests) only have the parsed URL.
 */
export function rawRequestPath(c: AppContext): string {
  const raw = (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url;
  const target = raw ?? new URL(c.req.url).pathname;
  const path = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "").split(/[?#]/)[0] ?? "";
  return path === "" ? "/" : path;
}
