import { Hono } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { credentialsSchema, newPasswordSchema } from "../../domain/content";
import type { AppEnv } from "../kernel/http/app-env";
import { apiError, readBody } from "../kernel/http/api-error";
import { createRateLimiter } from "../kernel/http/rate-limiter";
import type { OwnerRepository } from "./owner-repository";
import { dummyPasswordHash, verifyPassword } from "./passwords";
import { csrfRefusal } from "../kernel/http/owner-guard";
import { sessionCookieName } from "./owner-session";
import { SESSION_ABSOLUTE_MS, type SessionStore } from "./sessions";

export type AuthDeps = {
  owner: OwnerRepository;
  sessions: SessionStore;
  secureCookies: boolean;
  clientIp: (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => string;
  /** Sign-in and setup attempts one address may make in 15 minutes; a successful sign-in is handed back. */
  attemptsPerAddress: number;
};

const TOO_MANY = "Too many sign-in attempts. Please wait a few minutes and try again.";
const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;

/**
 * How long a sign-in waits before its password is checked, given the attempts on that account
 * since its last success: nothing for the first five (typos), then 0.5, 1 and 2 seconds, and 3
 * seconds from then on. A slowdown and never a lock: whoever guesses the owner's e-mail address
 * cannot keep the owner out, and each address is limited on its own.
 */
export function signInDelayMs(earlierAttempts: number): number {
  if (earlierAttempts < 5) return 0;
  return Math.min(3000, 500 * 2 ** (earlierAttempts - 5));
}
const WRONG = "The e-mail address or password is incorrect.";

export function authRoutes(deps: AuthDeps) {
  const cookieName = sessionCookieName(deps.secureCookies);
  const perIp = createRateLimiter({ limit: deps.attemptsPerAddress, windowMs: ATTEMPT_WINDOW_MS });
  const accountAttempts = createRateLimiter({ limit: Number.POSITIVE_INFINITY, windowMs: ATTEMPT_WINDOW_MS });

  const startSession = (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => {
    const previous = c.get("session");
    if (previous) deps.sessions.destroy(previous.id);
    const session = deps.sessions.create();
    setCookie(c, cookieName, session.id, {
      httpOnly: true,
      sameSite: "Lax",
      secure: deps.secureCookies,
      path: "/",
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
    return session;
  };

  return new Hono<AppEnv>()
    .get("/session", (c) => {
      c.header("Cache-Control", "no-store");
      const session = c.get("session");
      const owner = session ? deps.owner.get() : undefined;
      return c.json(
        session && owner
          ? { signedIn: true, email: owner.email, csrfToken: session.csrfToken }
          : { signedIn: false, setupRequired: deps.owner.get() === undefined },
      );
    })
    .post("/session", async (c) => {
      // Every attempt counts before the first await, so parallel guesses cannot slip past the
      // limits; a successful one is handed back, so an owner signing in on several devices is
      // never refused. Unknown accounts are slowed like the owner's, so timing names no account.
      const ip = deps.clientIp(c);
      if (!perIp.hit(ip)) return apiError(c, 429, "rate_limited", TOO_MANY);
      const body = await readBody(c, credentialsSchema);
      if (!body.ok) return body.response;
      const email = body.data.email.toLowerCase();
      const delay = signInDelayMs(accountAttempts.count(email));
      accountAttempts.hit(email);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      const owner = deps.owner.get();
      const matches = await verifyPassword(
        body.data.password,
        owner?.passwordHash ?? (await dummyPasswordHash()),
      );
      if (!owner || owner.email !== email || !matches) {
        return apiError(c, 401, "invalid_credentials", WRONG);
      }
      perIp.undo(ip);
      accountAttempts.reset(email);
      const session = startSession(c);
      return c.json({ signedIn: true, email: owner.email, csrfToken: session.csrfToken });
    })
    .delete("/session", (c) => {
      // Ending a session is an owner write and takes its token; without a session there is only
      // a stale cookie to drop, which anyone holding it may do.
      const session = c.get("session");
      if (session) {
        const refused = csrfRefusal(c, session);
        if (refused) return refused;
        deps.sessions.destroy(session.id);
      }
      deleteCookie(c, cookieName, { path: "/", secure: deps.secureCookies });
      return c.json({ signedIn: false });
    })
    .post("/setup", async (c) => {
      const ip = deps.clientIp(c);
      if (!perIp.hit(ip)) return apiError(c, 429, "rate_limited", TOO_MANY);
      const body = await readBody(
        c,
        z.object({
          token: z.string().min(1).max(200),
          email: credentialsSchema.shape.email,
          password: newPasswordSchema,
        }),
      );
      if (!body.ok) return body.response;
      if (deps.owner.get() || !deps.owner.isValidSetupToken(body.data.token)) {
        return apiError(c, 403, "invalid_setup_link", "This setup link has expired or was already used.");
      }
      await deps.owner.set(body.data.email, body.data.password);
      const owner = deps.owner.get()!;
      const session = startSession(c);
      return c.json({ signedIn: true, email: owner.email, csrfToken: session.csrfToken });
    });
}
