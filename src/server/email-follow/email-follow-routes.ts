import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { followInputSchema } from "../../domain/follow-input";
import type { AppContext, AppEnv } from "../kernel/http/app-env";
import { apiError, fieldErrors, type FieldErrors } from "../kernel/http/api-error";
import { requireOwner } from "../kernel/http/owner-guard";
import { createRateLimiter } from "../kernel/http/rate-limiter";
import type { EmailFollow } from "./email-follow-service";
import { followPage, type FollowPage } from "./follow-pages";

const BODY_LIMIT = 4 * 1024;
const PER_ADDRESS_WINDOW_MS = 10 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The one-click unsubscribe address (RFC 8058): mail providers POST to it with no session and no
 * CSRF token, so the cross-site check leaves exactly this path alone.
 */
export const isOneClickUnsubscribe = (path: string) => /^\/unsubscribe\/[A-Za-z0-9_-]{20,100}$/.test(path);

export type EmailFollowRouteDeps = {
  follow: EmailFollow;
  siteName: () => string;
  clientIp: (c: AppContext) => string;
  /** Sign-ups one client address may make in 10 minutes. */
  perAddress: number;
  /** Sign-ups the whole site takes in an hour. */
  hourlyCap: number;
};

export function emailFollowRoutes(deps: EmailFollowRouteDeps) {
  const { follow } = deps;
  const limiter = createRateLimiter({ limit: deps.perAddress, windowMs: PER_ADDRESS_WINDOW_MS });
  const siteWide = createRateLimiter({ limit: deps.hourlyCap, windowMs: HOUR_MS });

  const page = (c: Context, status: ContentfulStatusCode, content: FollowPage) => {
    c.header("Cache-Control", "no-store");
    return c.html(followPage(content, { name: deps.siteName(), home: "/" }), status);
  };

  type SignUp =
    | { ok: true }
    | { ok: false; status: 400 | 404 | 429; code: string; message: string; fields?: FieldErrors };

  /**
   * One sign-up, in this order: the client address's limit, validation (not counted against the
   * address), the honeypot (accepted, dropped), the site-wide hourly cap, then the sign-up, which
   * is one confirmation mail a day at most for one address.
   */
  function signUp(c: AppContext, raw: unknown): SignUp {
    const ip = deps.clientIp(c);
    if (limiter.isLimited(ip)) {
      c.header("Retry-After", String(limiter.retryAfterSeconds(ip)));
      return { ok: false, status: 429, code: "rate_limited", message: "Too Many Requests" };
    }
    limiter.hit(ip);
    const parsed = followInputSchema.safeParse(raw);
    if (!parsed.success) {
      limiter.undo(ip);
      const fields = fieldErrors(parsed.error);
      return {
        ok: false,
        status: 400,
        code: "invalid_input",
        message: fields.email ?? "Some fields need attention.",
        fields,
      };
    }
    if (parsed.data.website && parsed.data.website.trim() !== "") return { ok: true };
    if (siteWide.isLimited("site")) {
      c.header("Retry-After", String(siteWide.retryAfterSeconds("site")));
      return {
        ok: false,
        status: 429,
        code: "follow_busy",
        message: "The site has taken all the sign-ups it can this hour. Please try again later.",
      };
    }
    if (follow.signUp(parsed.data.email) === "off")
      return { ok: false, status: 404, code: "not_found", message: "Following by e-mail is not on." };
    siteWide.hit("site");
    return { ok: true };
  }

  const tooLarge = (c: Context) => apiError(c, 413, "too_large", "The request is too large.");

  /** `POST /api/follow` and the owner's `/api/followers…`. */
  const api = new Hono<AppEnv>()
    .post("/follow", bodyLimit({ maxSize: BODY_LIMIT, onError: tooLarge }), async (c) => {
      let raw: unknown;
      try {
        raw = await c.req.json();
      } catch (error) {
        if (error instanceof Error && error.name === "BodyLimitError") throw error;
        return apiError(c, 400, "invalid_json", "The request body must be JSON.");
      }
      const result = signUp(c, raw);
      return result.ok
        ? c.json({ ok: true }, 202)
        : apiError(c, result.status, result.code, result.message, result.fields);
    })
    .get("/followers", requireOwner, (c) => c.json(follow.overview()))
    .get("/followers/export.csv", requireOwner, (c) => {
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", 'attachment; filename="followers.csv"');
      return c.body(follow.exportCsv());
    })
    .delete("/followers/:id", requireOwner, (c) =>
      follow.remove(c.req.param("id"))
        ? c.body(null, 204)
        : apiError(c, 404, "not_found", "There is no such follower."),
    );

  const usedLink: FollowPage = {
    title: "This link was already used",
    lines: ["It is unknown or no longer works: nothing has changed."],
  };

  /** What confirming said: done, or why not. */
  const confirmAnswer = (c: AppContext, outcome: "confirmed" | "expired" | "used") => {
    if (outcome === "confirmed")
      return page(c, 200, {
        title: "Your address is confirmed",
        lines: [
          `You will hear by e-mail when ${deps.siteName()} publishes new work. Every e-mail has a link to stop.`,
        ],
      });
    if (outcome === "expired")
      return page(c, 410, {
        title: "This link has expired",
        lines: [
          "Confirmation links work for 48 hours. Sign up again with the form on the site to get a new one.",
        ],
      });
    return page(c, 404, usedLink);
  };

  /** The pages a follower's links open, and the 'Follow my work' form's answer without a script. */
  const site = new Hono<AppEnv>()
    .post(
      "/follow",
      bodyLimit({ maxSize: BODY_LIMIT, onError: (c) => c.text("Too large", 413) }),
      async (c) => {
        const form = await c.req.parseBody();
        const result = signUp(c, { email: form.email, website: form.website });
        if (result.ok)
          return page(c, 200, {
            title: "Check your inbox",
            lines: ["We sent you a link to confirm your address. It works for 48 hours."],
          });
        return page(c, result.status, { title: "Not signed up", lines: [result.message] });
      },
    )
    // The link only asks: mail scanners open links, and one that confirmed on opening would sign
    // up whoever the form was given, which is what double opt-in is there to stop.
    .get("/follow/confirm/:token", (c) => {
      const token = c.req.param("token");
      const state = TOKEN.test(token) ? follow.confirmation(token) : "used";
      if (state !== "waiting") return confirmAnswer(c, state);
      return page(c, 200, {
        title: "Confirm your address",
        lines: [`Confirm, and you will hear by e-mail when ${deps.siteName()} publishes new work.`],
        form: { action: `/follow/confirm/${token}`, button: "Confirm" },
      });
    })
    .post(
      "/follow/confirm/:token",
      bodyLimit({ maxSize: BODY_LIMIT, onError: (c) => c.text("Too large", 413) }),
      (c) => {
        const token = c.req.param("token");
        return confirmAnswer(c, TOKEN.test(token) ? follow.confirm(token) : "used");
      },
    )
    .get("/unsubscribe/:token", (c) => {
      const token = c.req.param("token");
      if (!TOKEN.test(token) || !follow.isFollowing(token))
        return page(c, 404, {
          title: "You are not following",
          lines: ["This address gets no e-mails from this site."],
        });
      return page(c, 200, {
        title: "Unsubscribe?",
        lines: [`You will get no more e-mails about ${deps.siteName()}'s new work.`],
        form: { action: `/unsubscribe/${token}`, button: "Unsubscribe", oneClick: true },
      });
    })
    // RFC 8058 one-click (body `List-Unsubscribe=One-Click`), and the button above: the same.
    .post(
      "/unsubscribe/:token",
      bodyLimit({ maxSize: BODY_LIMIT, onError: (c) => c.text("Too large", 413) }),
      (c) => {
        const token = c.req.param("token");
        if (!TOKEN.test(token) || !follow.unsubscribe(token)) return page(c, 404, usedLink);
        return page(c, 200, {
          title: "You are unsubscribed",
          lines: ["No more e-mails will come. You can follow again at any time from the site."],
        });
      },
    );

  return { api, site };
}
