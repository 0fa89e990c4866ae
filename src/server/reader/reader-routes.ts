import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../kernel/http/app-env";
import { ApiProblem, apiError } from "../kernel/http/api-error";
import type { ReaderService } from "./reader-service";

/** `GET /articles/:id/reader` and `GET /articles/:id/framing`: public, stored articles only. */
export function readerRoutes(reader: ReaderService) {
  return new Hono<AppEnv>()
    .get("/articles/:id/reader", (c) => answer(c, () => reader.read(c.req.param("id"))))
    .get("/articles/:id/framing", (c) => answer(c, () => reader.framing(c.req.param("id"))));
}

/** JSON of the result, or the reader's error in the API's error shape (anything else is a 500). */
async function answer(c: Context<AppEnv>, work: () => Promise<object>): Promise<Response> {
  try {
    return c.json(await work());
  } catch (error) {
    if (error instanceof ApiProblem) return apiError(c, error.status, error.code, error.message);
    throw error;
  }
}
