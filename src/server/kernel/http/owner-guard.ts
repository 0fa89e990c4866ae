import type { Context, MiddlewareHandler } from "hono";
import { apiError } from "./api-error";
import type { AppEnv } from "./app-env";
import { SAFE_METHODS } from "./csrf";

// The session itself is read into `c.var.session` by the auth capability's middleware
// (src/server/auth/owner-session.ts); these guards only look at it.

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
