import { createHash, randomBytes } from "node:crypto";
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
const HSTS = "max-age=31536000; includeSubDomains";

const isOwnerPage = (path: string) => path === "/admin" || path.startsWith("/admin/");

/**
 * Inline scripts and styles in a page are allowed by their SHA-256 hashes, so a page's bytes and
 * its policy are the same for every visitor and any shared cache may keep them (decision 026).
 * Only what the renderer itself wrote is hashed: it marks its own inline elements with a secret
 * `nonce` attribute (`c.var.renderMark`, never sent), which is taken out here. A `<script>` that
 * reached the page any other way carries no mark, gets no hash, and the browser refuses it.
 */
export function hashInlineElements(
  html: string,
  mark: string,
): { html: string; scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const attribute = ` nonce="${mark}"`;
  const unmarked = html.replace(
    /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/gi,
    (element, tag: string, attributes: string, content: string) => {
      if (!attributes.includes(attribute)) return element;
      const hash = `'sha256-${createHash("sha256").update(content).digest("base64")}'`;
      (tag.toLowerCase() === "script" ? scripts : styles).push(hash);
      return `<${tag}${attributes.replace(attribute, "")}>${content}</${tag}>`;
    },
  );
  // React Router marks its <link> preloads too; no element may keep the mark.
  return {
    html: unmarked.replaceAll(attribute, ""),
    scripts: [...new Set(scripts)],
    styles: [...new Set(styles)],
  };
}

function pagePolicy(options: { development: boolean; scripts: string[]; styles: string[] }) {
  // Development: Vite's client puts in scripts and styles of its own (hot reload); a hash in the
  // list would switch 'unsafe-inline' off.
  const scriptSrc = options.development ? ["'self'", "'unsafe-inline'"] : ["'self'", ...options.scripts];
  const styleSrc = options.development ? ["'self'", "'unsafe-inline'"] : ["'self'", ...options.styles];
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(" ")}`,
    `style-src ${styleSrc.join(" ")}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: https: http:",
    "font-src 'self'",
    `connect-src ${options.development ? "'self' ws: wss:" : "'self'"}`,
    "frame-src https: http:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The policy and the other security headers on every answer. With an https PUBLIC_URL, every
 * answer also tells browsers to come back over https only. Development relaxes the policy for
 * Vite's client and hot reload.
 */
export function securityHeaders(options: {
  development: boolean;
  https: boolean;
}): MiddlewareHandler<AppEnv> {
  const mark = randomBytes(16).toString("hex");
  return async (c, next) => {
    c.set("renderMark", mark);
    await next();
    const type = c.res.headers.get("content-type") ?? "";
    let policy: string;
    if (/xml/i.test(type)) policy = XML_POLICY;
    else if (/^text\/html/i.test(type) && c.res.body) {
      // Headers first: @hono/node-server's light Response forgets in-place changes once read.
      const { status } = c.res;
      const headers = new Headers(c.res.headers);
      headers.delete("content-length");
      const page = hashInlineElements(await c.res.text(), mark);
      policy = pagePolicy({ development: options.development, ...page });
      c.res = undefined;
      c.res = new Response(page.html, { status, headers });
    } else policy = pagePolicy({ development: options.development, scripts: [], styles: [] });
    setResponseHeaders(c, {
      "Content-Security-Policy": policy,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
      ...(isOwnerPage(c.req.path) ? { "Cross-Origin-Opener-Policy": "same-origin" } : {}),
      "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
      ...(options.https ? { "Strict-Transport-Security": HSTS } : {}),
    });
  };
}
