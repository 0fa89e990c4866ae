import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { setResponseHeaders } from "./response-headers";

/**
 * The feed and the sitemap are data, never a page: nothing may load or run in them. The browser's
 * own XML viewer styles its tree view inline and draws its arrows as data: images; that is all.
 */
const XML_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * Sign-in and the dashboard keep other sites' windows away from theirs. Public pages hold nothing
 * a window could take, and the isolation costs every first visit a fresh browser process (decision
 * 023).
 */
const isOwnerPage = (path: string) => path === "/admin" || path.startsWith("/admin/");

/**
 * A per-request nonce lets React Router's inline hydration scripts run while every other inline
 * script is refused. Development relaxes the policy for Vite's client and hot reload.
 */
export function securityHeaders(options: { development: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("cspNonce", nonce);
    await next();
    const scriptSrc = options.development ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`;
    const connectSrc = options.development ? "'self' ws: wss:" : "'self'";
    setResponseHeaders(c, {
      "Content-Security-Policy": /xml/i.test(c.res.headers.get("content-type") ?? "")
        ? XML_POLICY
        : [
            "default-src 'self'",
            `script-src ${scriptSrc}`,
            `style-src 'self' 'nonce-${nonce}'`,
            "style-src-attr 'unsafe-inline'",
            "img-src 'self' data: https: http:",
            "font-src 'self'",
            `connect-src ${connectSrc}`,
            "frame-src https: http:",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
          ].join("; "),
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
      ...(isOwnerPage(c.req.path) ? { "Cross-Origin-Opener-Policy": "same-origin" } : {}),
      "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    });
  };
}
