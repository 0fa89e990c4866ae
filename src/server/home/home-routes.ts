import { Hono } from "hono";
import type { AppEnv } from "../kernel/http/app-env";
import { requireOwner } from "../kernel/http/owner-guard";
import type { Home } from "./home-service";

/** `GET /home`: the owner's Home tab in one read. */
export function homeRoutes(home: Home) {
  return new Hono<AppEnv>().get("/home", requireOwner, (c) =>
    c.json(home.summary(), 200, { "Cache-Control": "private, no-store" }),
  );
}
