import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { contactMessageInputSchema } from "../../domain/content";
import type { AppContext, AppEnv } from "../http/app-env";
import { apiError, readBody } from "../http/api-error";
import { createRateLimiter } from "../http/rate-limiter";
import type { ContactService } from "./contact-service";

/** A contact message is a few kilobytes at most; anything larger is refused before parsing. */
export const CONTACT_BODY_LIMIT = 32 * 1024;

const tooLarge = (c: Context) => apiError(c, 413, "too_large", "The message is too large.");

export type ContactRouteDeps = {
  contact: ContactService;
  clientIp: (c: AppContext) => string;
  /** Accepted submissions per client and window (spec §7: 429 'Too Many Requests'). */
  rateLimit?: { limit: number; windowMs: number; now?: () => number };
};

/**
 * `POST /api/contact`, in this order: size (413), rate limit (429), validation (400 with
 * per-field messages), honeypot (200, silently dropped), block list (403), then the message is
 * stored before the answer: 202 when it is queued for e-mail, 201 when kept for the dashboard.
 */
export function contactRoutes(deps: ContactRouteDeps) {
  const limiter = createRateLimiter(deps.rateLimit ?? { limit: 5, windowMs: 10 * 60 * 1000 });

  return new Hono<AppEnv>().post(
    "/contact",
    bodyLimit({ maxSize: CONTACT_BODY_LIMIT, onError: tooLarge }),
    async (c) => {
      const ip = deps.clientIp(c);
      if (limiter.isLimited(ip)) {
        c.header("Retry-After", String(limiter.retryAfterSeconds(ip)));
        return apiError(c, 429, "rate_limited", "Too Many Requests");
      }
      // A body without Content-Length is counted while it streams: read it here, so going over
      // the limit is a 413 and not a parse error. readBody then parses the cached text.
      try {
        await c.req.text();
      } catch (error) {
        if (error instanceof Error && error.name === "BodyLimitError") return tooLarge(c);
        throw error;
      }
      const body = await readBody(c, contactMessageInputSchema);
      if (!body.ok) return body.response;
      limiter.hit(ip);
      const { website, ...input } = body.data;
      if (website && website.trim() !== "") return c.json({ ok: true }, 200);
      const result = deps.contact.submit(input);
      if (result.outcome === "blocked") return apiError(c, 403, "forbidden", "Forbidden");
      return c.json({ ok: true }, result.message.status === "queued" ? 202 : 201);
    },
  );
}
