import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { AppContext } from "./http/app-env";

/**
 * The built client files (`build/client`: hashed assets, cached for a year, and the files copied
 * from `public/` such as `/demo/*.jpg`, cached for an hour). Answers GET and HEAD for a file
 * inside `clientDir`, and undefined for everything else, so the pages can answer instead.
 * Nothing outside `clientDir` is ever served: tests/integration/attack-paths.test.ts.
 */
export function staticFiles(clientDir: string) {
  const assets = serveStatic({
    root: clientDir,
    onFound: (filePath, c) => {
      c.header(
        "Cache-Control",
        filePath.includes("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });
  return async (c: AppContext): Promise<Response | undefined> => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return undefined;
    return (await assets(c, async () => undefined)) || undefined;
  };
}

/** Production: built assets from disk, pages from React Router. */
export async function productionPages(buildDir: string) {
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const files = staticFiles(path.join(buildDir, "client"));
  return async (c: AppContext, context: AppLoadContext) => (await files(c)) ?? handle(c.req.raw, context);
}

/** Development: Vite compiles on demand; its middleware runs before ours (see main.ts). */
export function developmentPages(loadBuild: () => Promise<ServerBuild>) {
  return async (c: AppContext, context: AppLoadContext) =>
    createRequestHandler(await loadBuild(), "development")(c.req.raw, context);
}
