import { Hono } from "hono";
import { collectionInputSchema, unlistedTokenSchema } from "../../domain/collections";
import type { AppContext, AppEnv } from "../kernel/http/app-env";
import { apiError, readBody } from "../kernel/http/api-error";
import { requireOwner } from "../kernel/http/owner-guard";
import type { CollectionService } from "./collection-service";

const gone = (c: AppContext) => apiError(c, 404, "not_found", "That collection no longer exists.");

/**
 * The owner's collections: `GET/POST /collections`, `PUT/DELETE /collections/:id` and
 * `POST /collections/:id/new-link` (a new unlisted link; the old one answers 404). A visitor reads
 * an unlisted one with its link's token: `GET /collections/by-token/:token` (404 for a public,
 * private or retired one); public ones come with the front page's content.
 */
export function collectionRoutes(collections: CollectionService) {
  const readInput = async (c: AppContext) => {
    const body = await readBody(c, collectionInputSchema);
    if (!body.ok) return body;
    const unknown = collections.unknownArticleIds(body.data.articleIds);
    if (unknown.length === 0) return body;
    const response = apiError(c, 400, "invalid_input", "Some fields need attention.", {
      articleIds: `No such article: ${unknown.slice(0, 5).join(", ")}`,
    });
    return { ok: false as const, response };
  };
  return new Hono<AppEnv>()
    .get("/collections", requireOwner, (c) => c.json(collections.list()))
    .post("/collections", requireOwner, async (c) => {
      const input = await readInput(c);
      return input.ok ? c.json(collections.create(input.data), 201) : input.response;
    })
    .put("/collections/:id", requireOwner, async (c) => {
      const input = await readInput(c);
      if (!input.ok) return input.response;
      const collection = collections.replace(c.req.param("id"), input.data);
      return collection ? c.json(collection) : gone(c);
    })
    .delete("/collections/:id", requireOwner, (c) =>
      collections.remove(c.req.param("id")) ? c.body(null, 204) : gone(c),
    )
    .post("/collections/:id/new-link", requireOwner, (c) => {
      const collection = collections.newLink(c.req.param("id"));
      return collection ? c.json(collection) : gone(c);
    })
    .get("/collections/by-token/:token", (c) => {
      const token = unlistedTokenSchema.safeParse(c.req.param("token"));
      const page = token.success ? collections.byToken(token.data) : undefined;
      if (!page) return gone(c);
      return c.json({ ...page, articles: page.articles.map((article) => ({ ...article, content: "" })) });
    });
}
