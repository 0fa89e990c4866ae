import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { apiError } from "../kernel/http/api-error";
import type { AppEnv } from "../kernel/http/app-env";
import { SAFE_METHODS } from "../kernel/http/csrf";
import type { SessionStore } from "./sessions";

export function sessionCookieName(secure: boolean) {
  // The __Host- prefix pins the cookie to this origin, but browsers accept it only over https.
  return secure ? "__Host-byline_session" : "byline_session";
}

/**
 * Whether a raw Cookie header (Node joins repeated lines with '; ') carries a live session: any
 * cookie of the session's name whose value is one.
 */
export function ownerSessionIn(cookie: string, sessions: SessionStore, secure: boolean): boolean {
  const prefix = `${sessionCookieName(secure)}=`;
  return cookie.split(";").some((pair) => {
    const trimmed = pair.trim();
    return trimmed.startsWith(prefix) && sessions.find(trimmed.slice(prefix.length)) !== undefined;
  });
}

/** Reads the session cookie into `c.var.session` for every request. */
export function loadSession(deps: {
  sessions: SessionStore;
  secureCookies: boolean;
}): MiddlewareHandler<AppEnv> {
  const name = sessionCookieName(deps.secureCookies);
  return async (c, next) => {
    const id = getCookie(c, name);
    const session = id ? deps.sessions.find(id) : undefined;
    c.set("session", session && id ? { id, csrfToken: session.csrfToken } : null);
    await next();
  };
}

/**
 * The 403 answer for an unsafe request that does not echo the session's CSRF token in
 * `X-CSRF-Token`, or undefined when it does (or the method is safe).
 */
export function csrfRefusal(c: Context<AppEnv>, session: { csrfToken: string }): Response | undefined {
  if (SAFE_METHODS.has(c.req.method) || c.req.header("x-csrf-token") === session.csrfToken) return undefined;
  return apiError(
    c,
    403,
    "csrf",
    "The security token is missing or out of date. Reload the page and try again.",
  );
}

/** Owner-only writes: a session, and the session's CSRF token echoed in `X-CSRF-Token`. */
export const requireOwner: MiddlewareHandler<AppEnv> = async (c, next) => {
  const session = c.get("session");
  if (!session) return apiError(c, 401, "unauthorized", "Sign in to continue.");
  return csrfRefusal(c, session) ?? next();
};
