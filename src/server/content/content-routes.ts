import { Hono } from "hono";
import type { z } from "zod";
import {
  articleInputSchema,
  educationInputSchema,
  experienceInputSchema,
  sitePatchSchema,
} from "../../domain/content";
import { publicSite } from "../../domain/public-site";
import { newArticleDefaults, newEducationDefaults, newExperienceDefaults } from "./new-item-defaults";
import type { AppContext, AppEnv } from "../kernel/http/app-env";
import { apiError, readBody } from "../kernel/http/api-error";
import { requireOwner } from "../kernel/http/owner-guard";
import type { ListRepository } from "./list-repository";
import type { ContentRepositories } from "./content-repositories";
import type { DemoContent } from "./demo-removal";

/**
 * A public read: the same for every visitor until the next write, so shared caches (and the
 * public cache in front of the routes) may keep it; the owner's copy stays private.
 */
const publicRead = (c: AppContext, body: unknown, sharedCacheControl: string) =>
  c.json(body, 200, { "Cache-Control": c.get("session") ? "private, no-store" : sharedCacheControl });

/** List, add (empty body: the new-item defaults), overwrite and delete for one collection. */
function collectionRoutes<S extends z.ZodType<object>, TItem>(
  repository: ListRepository<z.infer<S>, TItem>,
  schema: S,
  defaults: (now: Date) => z.infer<S>,
  sharedCacheControl: string,
) {
  return new Hono<AppEnv>()
    .get("/", (c) => publicRead(c, repository.list(), sharedCacheControl))
    .post("/", requireOwner, async (c) => {
      const text = await c.req.text();
      if (text.trim() === "" || text.trim() === "{}")
        return c.json(repository.create(defaults(new Date())), 201);
      const body = await readBody(c, schema);
      if (!body.ok) return body.response;
      return c.json(repository.create(body.data), 201);
    })
    .put("/:id", requireOwner, async (c) => {
      const body = await readBody(c, schema);
      if (!body.ok) return body.response;
      const item = repository.replace(c.req.param("id"), body.data);
      return item ? c.json(item) : apiError(c, 404, "not_found", "That item no longer exists.");
    })
    .delete("/:id", requireOwner, (c) =>
      repository.remove(c.req.param("id"))
        ? c.body(null, 204)
        : apiError(c, 404, "not_found", "That item no longer exists."),
    );
}

export function contentRoutes(repos: ContentRepositories, demo: DemoContent, sharedCacheControl: string) {
  return (
    new Hono<AppEnv>()
      // 'Remove the demo': what was removed.
      .delete("/demo", requireOwner, (c) => c.json(demo.remove()))
      .get("/site", (c) =>
        publicRead(c, c.get("session") ? repos.site.get() : publicSite(repos.site.get()), sharedCacheControl),
      )
      .put("/site", requireOwner, async (c) => {
        const body = await readBody(c, sitePatchSchema);
        if (!body.ok) return body.response;
        return c.json(repos.site.merge(body.data));
      })
      .route(
        "/articles",
        collectionRoutes(repos.articles, articleInputSchema, newArticleDefaults, sharedCacheControl),
      )
      .route(
        "/experiences",
        collectionRoutes(repos.experiences, experienceInputSchema, newExperienceDefaults, sharedCacheControl),
      )
      .route(
        "/education",
        collectionRoutes(repos.education, educationInputSchema, newEducationDefaults, sharedCacheControl),
      )
  );
}
