import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { fediverseFollowerParamSchema } from "../../domain/fediverse-input";
import type { AppContext, AppEnv } from "../kernel/http/app-env";
import { apiError, fieldErrors } from "../kernel/http/api-error";
import { requireOwner } from "../kernel/http/owner-guard";
import { createRateLimiter, overLimit } from "../kernel/http/rate-limiter";
import type { Fediverse } from "./fediverse-service";

/** Fedify's paths: WebFinger and the actor's (`/ap/...`). Everything else is not theirs. */
export const FEDIVERSE_PATHS = ["/.well-known/webfinger", "/ap/*"] as const;
const ACTIVITY_MAX_BYTES = 256 * 1024;
const MINUTE_MS = 60_000;

/**
 * `site`: Fedify's handler on its paths only, mounted before the pages; 404 while the switch is
 * off. Inbox POSTs carry HTTP Signatures (Fedify refuses any without a valid one), not a session
 * or a CSRF token; one address may post `inboxPerMinute` of them (checking a signature can fetch
 * the sender's key from anywhere). Answers are never kept by the public cache (`no-store`).
 * `api`: `GET /fediverse`, the owner's view of followers and deliveries; `DELETE
 * /fediverse/followers/:actor` (the actor's address, URL-encoded) removes one.
 */
export function fediverseRoutes(
  fediverse: Fediverse,
  deps: { clientIp: (c: AppContext) => string; inboxPerMinute: number },
) {
  const notFound = () =>
    Response.json({ error: { code: "not_found", message: "Not found." } }, { status: 404 });
  const notAcceptable = () =>
    new Response("This address answers ActivityPub clients.", {
      status: 406,
      headers: { "Content-Type": "text/plain; charset=utf-8", Vary: "Accept" },
    });
  const limit = bodyLimit({
    maxSize: ACTIVITY_MAX_BYTES,
    onError: (c) => apiError(c, 413, "too_large", "The activity is too large."),
  });
  const posts = createRateLimiter({ limit: deps.inboxPerMinute, windowMs: MINUTE_MS });
  const site = new Hono<AppEnv>();
  for (const path of FEDIVERSE_PATHS)
    site.all(path, limit, async (c) => {
      if (!fediverse.active()) return apiError(c, 404, "not_found", "Not found.");
      if (c.req.method === "POST") {
        const refused = overLimit(c, posts, deps.clientIp(c), "Too many activities from your address.");
        if (refused) return refused;
      }
      const response = await fediverse.fetch(c.req.raw, notFound, notAcceptable);
      const headers = new Headers(response.headers);
      headers.set("Cache-Control", "no-store");
      return new Response(response.body, { status: response.status, headers });
    });
  const api = new Hono<AppEnv>()
    .use("/fediverse", requireOwner)
    .use("/fediverse/*", requireOwner)
    .get("/fediverse", (c) => c.json(fediverse.overview()))
    .delete("/fediverse/followers/:actor", async (c) => {
      const param = fediverseFollowerParamSchema.safeParse({ actor: c.req.param("actor") });
      if (!param.success)
        return apiError(
          c,
          400,
          "invalid_input",
          "Give the follower's actor address.",
          fieldErrors(param.error),
        );
      return (await fediverse.removeFollower(param.data.actor))
        ? c.body(null, 204)
        : apiError(c, 404, "not_found", "That account no longer follows the site.");
    });
  return { site, api };
}
