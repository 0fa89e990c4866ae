import { Hono } from "hono";
import { importAddSchema, importStartSchema } from "../../domain/back-catalogue";
import { requireOwner } from "../kernel/http/owner-guard";
import type { AppEnv } from "../kernel/http/app-env";
import { apiError, readBody } from "../kernel/http/api-error";
import {
  CatalogueBusyError,
  CatalogueNotInterruptedError,
  type BackCatalogue,
} from "./back-catalogue-service";

const NO_SUCH_IMPORT = "That import no longer exists.";

/**
 * The owner's back-catalogue imports (issue 17): start, follow, cancel, resume an interrupted one,
 * add the selected.
 */
export function backCatalogueRoutes(imports: BackCatalogue) {
  return new Hono<AppEnv>()
    .use("/imports/*", requireOwner)
    .use("/imports", requireOwner)
    .post("/imports", async (c) => {
      const body = await readBody(c, importStartSchema);
      if (!body.ok) return body.response;
      try {
        return c.json(imports.start(body.data.url), 202);
      } catch (error) {
        if (error instanceof CatalogueBusyError) return apiError(c, 409, "busy", error.message);
        throw error;
      }
    })
    .get("/imports/latest", (c) => c.json({ job: imports.latest() ?? null }))
    .get("/imports/:id", (c) => {
      const job = imports.get(c.req.param("id"));
      return job ? c.json(job) : apiError(c, 404, "not_found", NO_SUCH_IMPORT);
    })
    .post("/imports/:id/cancel", (c) => {
      const job = imports.cancel(c.req.param("id"));
      return job ? c.json(job) : apiError(c, 404, "not_found", NO_SUCH_IMPORT);
    })
    .post("/imports/:id/resume", (c) => {
      try {
        const job = imports.resumeInterrupted(c.req.param("id"));
        return job ? c.json(job, 202) : apiError(c, 404, "not_found", NO_SUCH_IMPORT);
      } catch (error) {
        if (error instanceof CatalogueBusyError) return apiError(c, 409, "busy", error.message);
        if (error instanceof CatalogueNotInterruptedError)
          return apiError(c, 409, "not_interrupted", error.message);
        throw error;
      }
    })
    .post("/imports/:id/add", async (c) => {
      const id = c.req.param("id");
      if (!imports.get(id)) return apiError(c, 404, "not_found", NO_SUCH_IMPORT);
      const body = await readBody(c, importAddSchema);
      if (!body.ok) return body.response;
      const { added, skipped } = imports.add(id, body.data.candidates);
      return c.json({ added: added.length, skipped, job: imports.get(id) });
    });
}
