import { Readable } from "node:stream";
import { Hono } from "hono";
import { PORTFOLIO_WACZ_PATH } from "../../domain/web-archive";
import type { AppContext, AppEnv } from "../kernel/http/app-env";
import { apiError } from "../kernel/http/api-error";
import { requireOwner } from "../kernel/http/owner-guard";
import { createRateLimiter, overLimit } from "../kernel/http/rate-limiter";
import type { WebArchive } from "./web-archive-service";

const DOWNLOAD_WINDOW_MS = 10 * 60 * 1000;

export type WebArchiveRouteOptions = {
  clientIp: (c: AppContext) => string;
  /**
   * A clip's WACZ is made once per set of captures, then read from disk: an address may ask for
   * this many in DOWNLOAD_WINDOW_MS (WACZ_DOWNLOADS_PER_ADDRESS).
   */
  downloadsPerAddress: number;
};

/**
 * `GET /articles/:id/archive.wacz` (public, for any stored article) and the owner's
 * `GET /archive/portfolio.wacz`. The reader's proof line is the proof capability's.
 */
export function webArchiveRoutes(archive: WebArchive, options: WebArchiveRouteOptions) {
  const downloads = createRateLimiter({ limit: options.downloadsPerAddress, windowMs: DOWNLOAD_WINDOW_MS });
  return new Hono<AppEnv>()
    .get("/articles/:id/archive.wacz", async (c) => {
      const message = "Too many web archive downloads. Try again in a few minutes.";
      const refused = overLimit(c, downloads, options.clientIp(c), message);
      if (refused) return refused;
      const wacz = await archive.articleWacz(c.req.param("id"));
      if (!wacz) return apiError(c, 404, "no_capture", "This article's page has not been captured.");
      return waczAnswer(c, wacz.stream, wacz.filename);
    })
    .get(PORTFOLIO_WACZ_PATH.replace(/^\/api/, ""), requireOwner, async (c) =>
      waczAnswer(c, await archive.portfolioWacz(), "portfolio.wacz"),
    );
}

function waczAnswer(c: AppContext, stream: Readable, filename: string): Response {
  return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
    "Content-Type": "application/zip",
    "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
    "Cache-Control": "private, no-store",
  });
}
