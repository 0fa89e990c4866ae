import { Hono } from "hono";
import type { AppEnv } from "../kernel/http/app-env";
import { requireOwner } from "../kernel/http/owner-guard";
import type { WaybackService } from "./wayback-service";

/** `GET /wayback` (owner only): whether keys are set, and each article's save. */
export function waybackRoutes(wayback: Pick<WaybackService, "report">) {
  return new Hono<AppEnv>().get("/wayback", requireOwner, (c) => c.json(wayback.report()));
}
