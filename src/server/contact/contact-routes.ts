import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { contactMessageInputSchema } from "../../domain/content";
import type { AppContext, AppEnv } from "../kernel/http/app-env";
import { apiError, readBody } from "../kernel/http/api-error";
import { createRateLimiter } from "../kernel/http/rate-limiter";
import type { ContactService } from "./contact-service";

/** A contact message is a few kilobytes at most; anything larger is refused before parsing. */
export const CONTACT_BODY_LIMIT = 32 * 1024;

/** What the visitor reads beside the thank-you when the disk was full (issue 41). */
export const UNSTORED_NOTES = {
  mailed: "It was sent on by e-mail at once.",
  held: "It is held safely and will be saved within minutes.",
} as const;
const CONTACT_DISK_FULL = "The site cannot take messages just now. Please try again in a few minutes.";

const tooLarge = (c: Context) => apiError(c, 413, "too_large", "The message is too large.");

export type ContactRouteDeps = {
  contact: ContactService;
  clientIp: (c: AppContext) => string;
  /** Messages one client address may send in 10 minutes (then 429 'Too Many Requests'). */
  perAddress: number;
  /** Messages the whole site stores in an hour, from everyone together. */
  hourlyCap: number;
};

const PER_ADDRESS_WINDOW_MS = 10 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * `POST /api/contact`, in this order: rate limit (429), size (413), validation (400 with
 * per-field messages), honeypot (200, silently dropped), site-wide hourly cap (429
 * `contact_busy`), block list (403), then the message is stored before the answer: 202 when it
 * is queued for e-mail, 201 when kept for the dashboard. On a full disk the message is e-mailed at
 * once or held until it can be stored (202 with `delivery` and a `note` for the visitor); only when
 * neither can be done is it refused (507 `disk_full`), and the visitor's form keeps it.
 */
export function contactRoutes(deps: ContactRouteDeps) {
  const limiter = createRateLimiter({ limit: deps.perAddress, windowMs: PER_ADDRESS_WINDOW_MS });
  const siteWide = createRateLimiter({ limit: deps.hourlyCap, windowMs: HOUR_MS });

  return new Hono<AppEnv>().post(
    "/contact",
    bodyLimit({ maxSize: CONTACT_BODY_LIMIT, onError: tooLarge }),
    async (c) => {
      // The attempt counts before the first await: bodies sent slowly and in parallel all reach
      // this line before any of them is read, so the limit holds however they are timed. A body
      // that turns out too large or invalid is handed back, so a visitor fixing a typo is not
      // charged for it.
      const ip = deps.clientIp(c);
      if (limiter.isLimited(ip)) {
        c.header("Retry-After", String(limiter.retryAfterSeconds(ip)));
        return apiError(c, 429, "rate_limited", "Too Many Requests");
      }
      limiter.hit(ip);
      // A body without Content-Length is counted while it streams: read it here, so going over
      // the limit is a 413 and not a parse error. readBody then parses the cached text.
      try {
        await c.req.text();
      } catch (error) {
        limiter.undo(ip);
        if (error instanceof Error && error.name === "BodyLimitError") return tooLarge(c);
        throw error;
      }
      const body = await readBody(c, contactMessageInputSchema);
      if (!body.ok) {
        limiter.undo(ip);
        return body.response;
      }
      const { website, ...input } = body.data;
      if (website && website.trim() !== "") return c.json({ ok: true }, 200);
      // From here to the insert nothing awaits, so the site-wide count cannot be overtaken.
      if (siteWide.isLimited("site")) {
        limiter.undo(ip);
        c.header("Retry-After", String(siteWide.retryAfterSeconds("site")));
        return apiError(
          c,
          429,
          "contact_busy",
          "The contact form has taken all the messages it can this hour. Please try again later.",
        );
      }
      const result = deps.contact.submit(input);
      if (result.outcome === "blocked") return apiError(c, 403, "forbidden", "Forbidden");
      siteWide.hit("site");
      if (result.outcome === "stored")
        return c.json({ ok: true }, result.message.status === "queued" ? 202 : 201);
      const kept = await result.kept;
      if (kept === "refused") {
        siteWide.undo("site");
        return apiError(c, 507, "disk_full", CONTACT_DISK_FULL);
      }
      return c.json({ ok: true, delivery: kept, note: UNSTORED_NOTES[kept] }, 202);
    },
  );
}
