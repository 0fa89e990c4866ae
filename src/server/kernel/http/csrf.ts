import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { apiError } from "./api-error";

/** Methods that change nothing, and so need no CSRF token. */
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses unsafe requests that a browser marks as coming from another site: `Sec-Fetch-Site`
 * where the browser sends it, otherwise the `Origin` header against our own origins. `exempt`
 * names paths anyone may post to from anywhere (RFC 8058's one-click unsubscribe).
 */
export function sameOriginWrites(
  allowedOrigins: string[],
  options: { exempt?: (path: string) => boolean } = {},
): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || options.exempt?.(c.req.path)) return next();
    const fetchSite = c.req.header("sec-fetch-site");
    if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
      return apiError(c, 403, "cross_site", "Cross-site requests are not allowed.");
    }
    const origin = c.req.header("origin");
    if (origin !== undefined && !allowed.has(origin) && origin !== new URL(c.req.url).origin) {
      return apiError(c, 403, "cross_site", "Cross-site requests are not allowed.");
    }
    return next();
  };
}
