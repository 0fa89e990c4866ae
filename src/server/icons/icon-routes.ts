import { Hono } from "hono";
import type { AppEnv } from "../kernel/http/app-env";
import { matchesEtag } from "../kernel/http/etag";
import { ICON_PATHS } from "../../domain/generated-paths";
import type { createSiteIcons } from "./site-icons";

/**
 * `/favicon.ico`, `/site.webmanifest` and friends; revalidated hourly, since they follow the owner's
 * name, or at every use while the initials stand in for a Site icon that could not be had.
 */
export function iconRoutes(icons: ReturnType<typeof createSiteIcons>) {
  const app = new Hono<AppEnv>();
  for (const path of ICON_PATHS) {
    app.get(path, async (c) => {
      const icon = await icons.get(path);
      const headers = {
        ETag: icon.etag,
        "Cache-Control": icon.complete ? "public, max-age=3600" : "no-cache",
      };
      if (matchesEtag(c.req.header("if-none-match"), icon.etag)) return c.body(null, 304, headers);
      return c.body(new Uint8Array(icon.body), 200, { ...headers, "Content-Type": icon.contentType });
    });
  }
  return app;
}
