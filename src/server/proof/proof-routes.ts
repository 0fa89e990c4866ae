import { Hono } from "hono";
import type { AppEnv } from "../kernel/http/app-env";
import { apiError } from "../kernel/http/api-error";
import type { WebArchive } from "../web-archive/web-archive-service";
import type { Proof } from "./proof-service";

/** `GET /articles/:id/capture`: the reader's proof line, the capture and where the page names the owner. */
export function proofRoutes(proof: Proof, archive: Pick<WebArchive, "holdsArticle" | "proof">) {
  // Every open article asks: one whose page was never captured answers null, not an error.
  return new Hono<AppEnv>().get("/articles/:id/capture", (c) => {
    const id = c.req.param("id");
    if (!archive.holdsArticle(id)) return apiError(c, 404, "not_found", "There is no such article.");
    const capture = archive.proof(id);
    const byline = capture && proof.bylineOf(id);
    return c.json(capture ? { ...capture, ...(byline && { byline }) } : null);
  });
}
