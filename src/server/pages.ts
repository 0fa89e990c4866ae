import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { AppContext } from "./http/app-env";

/** Production: built assets from disk (hashed files cached for a year), pages from React Router. */
export async function productionPages(buildDir: string) {
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const assets = serveStatic({
    root: path.join(buildDir, "client"),
    onFound: (filePath, c) => {
      c.header(
        "Cache-Control",
        filePath.includes("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });
  return async (c: AppContext, context: AppLoadContext) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") {
      const served = await assets(c, async () => undefined);
      if (served) return served;
    }
    return handle(c.req.raw, context);
  };
}

/** Development: Vite compiles on demand; its middleware runs before ours (see main.ts). */
export function developmentPages(loadBuild: () => Promise<ServerBuild>) {
  return async (c: AppContext, context: AppLoadContext) =>
    createRequestHandler(await loadBuild(), "development")(c.req.raw, context);
}
