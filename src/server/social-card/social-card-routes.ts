import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../http/app-env";
import { matchesEtag } from "../http/etag";
import type { SocialCard, SocialCards } from "./social-cards";

export const SITE_CARD_PATH = "/social-card.png";
export const ARTICLE_CARD_PATH = "/social-card/article";

/** A versioned address (`?v=` matches) never changes: a year. Without it, revalidate hourly. */
async function send(c: Context<AppEnv>, made: Promise<SocialCard>) {
  const card = await made;
  const cacheControl =
    c.req.query("v") === card.version ? "public, max-age=31536000, immutable" : "public, max-age=3600";
  const headers = { ETag: card.etag, "Cache-Control": cacheControl };
  if (matchesEtag(c.req.header("if-none-match"), card.etag)) return c.body(null, 304, headers);
  return c.body(new Uint8Array(card.png), 200, { ...headers, "Content-Type": "image/png" });
}

/** `/social-card.png` for the site, `/social-card/article/<id>.png` for one article's share link. */
export function socialCardRoutes(cards: SocialCards) {
  return new Hono<AppEnv>()
    .get(SITE_CARD_PATH, (c) => send(c, cards.site()))
    .get(`${ARTICLE_CARD_PATH}/:file{[A-Za-z0-9_-]+\\.png}`, (c) => {
      const made = cards.article(c.req.param("file").replace(/\.png$/, ""));
      if (!made) return c.text("Not Found", 404, { "Cache-Control": "no-store" });
      return send(c, made);
    });
}
