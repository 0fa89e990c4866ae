import { Hono } from "hono";
import type { AppEnv } from "../kernel/http/app-env";
import { requireOwner } from "../kernel/http/owner-guard";
import { createRateLimiter, overLimit } from "../kernel/http/rate-limiter";
import type { AccountChecks } from "./account-checks";

const WINDOW_MS = 15 * 60_000;

/**
 * `api`: `GET /identity/checks` and `POST /identity/checks` ('Check my accounts'), owner only.
 * `site`: `GET /.well-known/atproto-did`, the Bluesky DID as text when one is set, so the site's
 * domain can be the owner's handle (Bluesky's HTTPS method); 404 otherwise.
 */
export function identityRoutes(
  checks: AccountChecks,
  options: { runsPerWindow: number; now?: () => number },
) {
  // Each run fetches every account's page (and Mastodon's WebFinger and actor) in WINDOW_MS.
  const limiter = createRateLimiter({
    limit: options.runsPerWindow,
    windowMs: WINDOW_MS,
    now: options.now,
  });
  const api = new Hono<AppEnv>()
    .use("/identity/*", requireOwner)
    .get("/identity/checks", (c) => c.json({ checks: checks.results() }))
    .post("/identity/checks", async (c) => {
      const refused = overLimit(
        c,
        limiter,
        "owner",
        "Your accounts were checked several times just now. Try again in a few minutes.",
      );
      return refused ?? c.json({ checks: await checks.check() });
    });
  const site = new Hono<AppEnv>().get("/.well-known/atproto-did", (c) => {
    const did = checks.atprotoDid();
    return did ? c.text(did) : c.text("No Bluesky DID is set for this site.", 404);
  });
  return { api, site };
}
