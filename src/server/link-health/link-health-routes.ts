import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../kernel/http/app-env";
import { ApiProblem, apiError } from "../kernel/http/api-error";
import { requireOwner } from "../kernel/http/owner-guard";
import type { LinkHealthService } from "./link-health-service";

/**
 * The owner's link health (all owner only; writes CSRF-checked like every other):
 * `GET /link-checks` (the report), `POST /link-checks` (check every article now; 202, the run
 * goes on in the background), `POST /articles/:id/use-new-address` and `POST /articles/:id/archive`.
 */
export function linkHealthRoutes(linkHealth: LinkHealthService) {
  return new Hono<AppEnv>()
    .get("/link-checks", requireOwner, (c) => c.json(linkHealth.report()))
    .post("/link-checks", requireOwner, (c) => {
      linkHealth.runNow();
      return c.json(linkHealth.report(), 202);
    })
    .post("/articles/:id/use-new-address", requireOwner, (c) =>
      answer(c, async () => linkHealth.useNewAddress(c.req.param("id"))),
    )
    .post("/articles/:id/archive", requireOwner, (c) =>
      answer(c, () => linkHealth.archiveNow(c.req.param("id"))),
    );
}

async function answer(c: Context<AppEnv>, work: () => Promise<object>): Promise<Response> {
  try {
    return c.json(await work());
  } catch (error) {
    if (error instanceof ApiProblem) {
      return apiError(c, error.status, error.code, error.message);
    }
    throw error;
  }
}
