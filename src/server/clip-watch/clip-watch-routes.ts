import { Hono } from "hono";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  clipActionSchema,
  sourcePatchSchema,
  watchSourceSchema,
  type ClipAction,
  type ClipOutcome,
} from "../../domain/clip-watch";
import type { AppEnv } from "../kernel/http/app-env";
import { ApiProblem, apiError, readBody } from "../kernel/http/api-error";
import { requireOwner } from "../kernel/http/owner-guard";
import type { ClipWatchService } from "./clip-watch-service";
import { WatchError, type WatchErrorCode } from "./watch-error";

const STATUS: Record<WatchErrorCode, ContentfulStatusCode> = {
  not_found: 404,
  invalid_clip: 422,
  dismissed: 409,
  added: 409,
  not_auto_added: 409,
  too_late: 409,
  robots_disallowed: 400,
  fetch_refused: 400,
  stopping: 503,
  unreadable: 502,
  source_unreadable: 502,
};

/** The watch's refusal, or another part's (an article that cannot be made), as an API problem. */
function problemOf(error: unknown): ApiProblem | undefined {
  if (error instanceof WatchError) return new ApiProblem(STATUS[error.code], error.code, error.message);
  return error instanceof ApiProblem ? error : undefined;
}

/**
 * The owner's clip watch (all owner only; writes CSRF-checked): `GET /watch` (sources, clips,
 * suggestions), `POST /watch/sources`, `PATCH` and `DELETE /watch/sources/:id`, `POST
 * /watch/check` (202: every source is checked in the background, followed on the "watch" live
 * collection), a clip's `add`, `dismiss`, `restore` (Undo of either) and `undo` (of an add
 * without asking), and `POST /watch/clips` for several clips at once.
 */
export function clipWatchRoutes(watch: ClipWatchService) {
  return new Hono<AppEnv>()
    .use("/watch", requireOwner)
    .use("/watch/*", requireOwner)
    .get("/watch", (c) => c.json(watch.overview()))
    .post("/watch/sources", async (c) => {
      const body = await readBody(c, watchSourceSchema);
      if (!body.ok) return body.response;
      const url = body.data.url;
      return answer(c, async () => {
        const { source, created } = await watch.addSource(url);
        return [source, created ? 201 : 200];
      });
    })
    .patch("/watch/sources/:id", async (c) => {
      const body = await readBody(c, sourcePatchSchema);
      if (!body.ok) return body.response;
      const patch = body.data;
      return answer(c, async () => [watch.updateSource(c.req.param("id"), patch), 200]);
    })
    .delete("/watch/sources/:id", async (c) => {
      try {
        watch.removeSource(c.req.param("id"));
      } catch (error) {
        const problem = problemOf(error);
        if (problem) return apiError(c, problem.status, problem.code, problem.message);
        throw error;
      }
      return c.body(null, 204);
    })
    .post("/watch/check", (c) => {
      void watch.checkNow();
      return c.json({ checking: true }, 202);
    })
    .post("/watch/clips/:id/add", (c) =>
      answer(c, async () => {
        const { article, created } = watch.addClip(c.req.param("id"));
        return [{ article, created }, created ? 201 : 200];
      }),
    )
    .post("/watch/clips/:id/dismiss", (c) =>
      answer(c, async () => [watch.dismissClip(c.req.param("id")), 200]),
    )
    .post("/watch/clips/:id/restore", (c) =>
      answer(c, async () => [watch.restoreClip(c.req.param("id")), 200]),
    )
    .post("/watch/clips/:id/undo", (c) => answer(c, async () => [watch.undoClip(c.req.param("id")), 200]))
    .post("/watch/clips", async (c) => {
      const body = await readBody(c, clipActionSchema);
      if (!body.ok) return body.response;
      const { action, ids } = body.data;
      return c.json({ results: [...new Set(ids)].map((id) => actOn(watch, action, id)) });
    });
}

/** One clip of a bulk action: what became of it, or why it could not. */
function actOn(watch: ClipWatchService, action: ClipAction, id: string): ClipOutcome {
  try {
    switch (action) {
      case "add": {
        const { article, created } = watch.addClip(id);
        return { id, outcome: created ? "added" : "already", articleId: article.id };
      }
      case "dismiss":
        watch.dismissClip(id);
        return { id, outcome: "dismissed" };
      case "restore":
        watch.restoreClip(id);
        return { id, outcome: "restored" };
    }
  } catch (error) {
    const problem = problemOf(error);
    if (problem) return { id, outcome: "failed", error: { code: problem.code, message: problem.message } };
    throw error;
  }
}

/** JSON of the result with its status, or the watch's error in the API's error shape. */
async function answer(
  c: Context<AppEnv>,
  work: () => Promise<[object, ContentfulStatusCode]>,
): Promise<Response> {
  try {
    const [body, status] = await work();
    return c.json(body, status);
  } catch (error) {
    const problem = problemOf(error);
    if (problem) return apiError(c, problem.status, problem.code, problem.message);
    throw error;
  }
}
