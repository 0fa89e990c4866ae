import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../kernel/http/app-env";
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
