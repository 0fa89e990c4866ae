import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { beaconSchema, collectionNoticeSchema } from "../../domain/readership";
import type { AppEnv } from "../kernel/http/app-env";
import { apiError, readBody } from "../kernel/http/api-error";
import { requireOwner } from "../kernel/http/owner-guard";
import type { ReadCounts } from "./read-counts";
import type { VisitCounter } from "./visit-counter";

/** A beacon is a few dozen bytes of JSON. */
const BEACON_MAX_BYTES = 1024;

/**
 * `POST /beacon`: a public page's `navigator.sendBeacon` (text/plain JSON, no cookie needed, no
 * CSRF token: it writes nothing the owner owns, cross-site requests are refused by
 * `sameOriginWrites` like every write, and what one address can add is rate-limited). Always 204
 * for a valid body, counted or not, so a visitor learns nothing from it; 400 for an invalid one.
 *
 * `PUT /readers/collections/:id` `{ emailFirstOpen }`: the owner's first-opening e-mail switch.
 */
export function readershipRoutes(deps: { counter: VisitCounter; counts: ReadCounts }) {
  return new Hono<AppEnv>()
    .post(
      "/beacon",
      bodyLimit({
        maxSize: BEACON_MAX_BYTES,
        onError: (c) => apiError(c, 413, "too_large", "The request body is too large."),
      }),
      async (c) => {
        const body = await readBody(c, beaconSchema);
        if (!body.ok) return body.response;
        deps.counter.count(c, body.data.kind, body.data.subject, body.data.referrer);
        return c.body(null, 204);
      },
    )
    .put("/readers/collections/:id", requireOwner, async (c) => {
      const body = await readBody(c, collectionNoticeSchema);
      if (!body.ok) return body.response;
      return deps.counts.setEmailFirstOpen(c.req.param("id"), body.data.emailFirstOpen)
        ? c.body(null, 204)
        : apiError(c, 404, "not_found", "That collection no longer exists.");
    });
}
