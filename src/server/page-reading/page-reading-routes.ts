import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../kernel/http/app-env";
import { ApiProblem, apiError, readBody } from "../kernel/http/api-error";
import { requireOwner } from "../kernel/http/owner-guard";
import type { PageReading } from "./page-reading";

const fetchDetailsSchema = z.object({ url: z.string().trim().min(1, "URL is required").max(2048) });

/** The owner's `POST /articles/fetch-details`: a page's details to review, nothing kept. */
export function pageReadingRoutes(reading: PageReading) {
  return new Hono<AppEnv>().post("/articles/fetch-details", requireOwner, async (c) => {
    const body = await readBody(c, fetchDetailsSchema);
    if (!body.ok) return body.response;
    try {
      return c.json(await reading.fetchDetails(body.data.url));
    } catch (error) {
      if (error instanceof ApiProblem) return apiError(c, error.status, error.code, error.message);
      throw error;
    }
  });
}
