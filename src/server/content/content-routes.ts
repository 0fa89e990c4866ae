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
import type { AppEnv } from "../http/app-env";
import { apiError, readBody } from "../http/api-error";
import { requireOwner } from "../auth/owner-session";
import type { CollectionRepository } from "./collection-repository";
import type { ContentRepositories } from "./content-repositories";

/** List, add (empty body: the new-item defaults), overwrite and delete for one collection. */
function collectionRoutes<S extends z.ZodType<object>, TItem>(
  repository: CollectionRepository<z.infer<S>, TItem>,
  schema: S,
  defaults: (now: Date) => z.infer<S>,
) {
  return new Hono<AppEnv>()
    .get("/", (c) => c.json(repository.list()))
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

export function contentRoutes(repos: ContentRepositories) {
  return new Hono<AppEnv>()
    .get("/site", (c) => c.json(c.get("session") ? repos.site.get() : publicSite(repos.site.get())))
    .put("/site", requireOwner, async (c) => {
      const body = await readBody(c, sitePatchSchema);
      if (!body.ok) return body.response;
      return c.json(repos.site.merge(body.data));
    })
    .route("/articles", collectionRoutes(repos.articles, articleInputSchema, newArticleDefaults))
    .route("/experiences", collectionRoutes(repos.experiences, experienceInputSchema, newExperienceDefaults))
    .route("/education", collectionRoutes(repos.education, educationInputSchema, newEducationDefaults));
}
