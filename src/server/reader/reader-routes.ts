import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../kernel/http/app-env";
import { apiError, readBody } from "../kernel/http/api-error";
import { requireOwner } from "../kernel/http/owner-guard";
import { ReaderError } from "./reader-service";
import type { ReaderService } from "./reader-service";

const fetchDetailsSchema = z.object({ url: z.string().trim().min(1, "URL is required").max(2048) });

/**
 * `GET /articles/:id/reader`, `GET /articles/:id/framing` (public, stored articles only) and
 * the owner's `POST /articles/fetch-details`.
 */
export function readerRoutes(reader: ReaderService) {
  return new Hono<AppEnv>()
    .post("/articles/fetch-details", requireOwner, async (c) => {
      const body = await readBody(c, fetchDetailsSchema);
      if (!body.ok) return body.response;
      const url = body.data.url;
      return answer(c, () => reader.fetchDetails(url));
    })
    .get("/articles/:id/reader", (c) => answer(c, () => reader.read(c.req.param("id"))))
    .get("/articles/:id/framing", (c) => answer(c, () => reader.framing(c.req.param("id"))));
}

/** JSON of the result, or the reader's error in the API's error shape (anything else is a 500). */
async function answer(c: Context<AppEnv>, work: () => Promise<object>): Promise<Response> {
  try {
    return c.json(await work());
  } catch (error) {
    if (error instanceof ReaderError) return apiError(c, error.status, error.code, error.message);
    throw error;
  }
}
