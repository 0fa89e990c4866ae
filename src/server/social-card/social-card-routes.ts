import { Hono } from "hono";
import type { Context } from "hono";
import { ARTICLE_CARD_PATH, SITE_CARD_PATH } from "../../domain/generated-paths";
import type { AppEnv } from "../kernel/http/app-env";
import { matchesEtag } from "../kernel/http/etag";
import type { ServedCard, SocialCards } from "./social-cards";

/**
 * The current card under its own `?v=` never changes: a year. Without it, revalidate hourly. The
 * previous card (sent while the new one is drawn) or one drawn without its photo is revalidated at
 * every use, under its own ETag, never the new version's.
 */
function cacheControl(served: ServedCard, wanted: string | undefined): string {
  const { card, current } = served;
  if (!current || !card.complete) return "no-cache";
  return wanted === card.version ? "public, max-age=31536000, immutable" : "public, max-age=3600";
}

async function send(c: Context<AppEnv>, made: Promise<ServedCard>) {
  const served = await made;
  const { card } = served;
  const headers = { ETag: card.etag, "Cache-Control": cacheControl(served, c.req.query("v")) };
  if (matchesEtag(c.req.header("if-none-match"), card.etag)) return c.body(null, 304, headers);
  return c.body(new Uint8Array(card.png), 200, { ...headers, "Content-Type": "image/png" });
}

/** `/social-card.png` for the site, `/social-card/article/<id>.png` for one article's share link. */
export function socialCardRoutes(cards: SocialCards) {
  return new Hono<AppEnv>()
    .get(SITE_CARD_PATH, (c) => send(c, cards.site(c.req.query("v"))))
    .get(`${ARTICLE_CARD_PATH}/:file{[A-Za-z0-9_-]+\\.png}`, (c) => {
      const made = cards.article(c.req.param("file").replace(/\.png$/, ""), c.req.query("v"));
      if (!made) return c.text("Not Found", 404, { "Cache-Control": "no-store" });
      return send(c, made);
    });
}
