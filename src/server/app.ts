import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { partsOf } from "./kernel/capability";
import type { AppEnv } from "./kernel/http/app-env";
import { apiError } from "./kernel/http/api-error";
import { sameOriginWrites } from "./kernel/http/csrf";
import { hostPolicy } from "./kernel/http/host-policy";
import { setResponseHeaders } from "./kernel/http/response-headers";
import { securityHeaders } from "./kernel/http/security-headers";
import { compression } from "./kernel/http/compression";
import { DISK_FULL_MESSAGE, isDiskFull } from "./kernel/disk/disk-full";
import { pageRoutes, type Pages } from "./pages";
import type { Services } from "./services";

export type AppOptions = {
  /** Serves everything that is not the API: React Router pages and built assets. */
  pages?: Pages;
  development?: boolean;
};

/**
 * The whole HTTP surface, without listening: the kernel's middleware, then each capability's
 * routes, over the services that services.ts builds. Tests call `app.request()` in-process.
 */
export function createApp(services: Services, options: AppOptions = {}) {
  const { config, publicCache } = services;
  const routes = services.capabilities.map(
    (capability) => capability.routes?.(partsOf(services, capability), services) ?? {},
  );

  const jsonBodyLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: (c) => apiError(c, 413, "too_large", "The request body is too large."),
  });
  const crossSiteWrites = routes.flatMap(({ crossSiteWrites: test }) => (test ? [test] : []));
  const largeBodies = new Map(
    routes.flatMap(({ largeBody }) => (largeBody ? [[largeBody.path, largeBody.limit]] : [])),
  );

  // Any other path shows the landing page: a path the pages answer with their catch-all and no
  // route of this app answers first. All such paths are one page (decision 030).
  const pagesUnknownPath = options.pages?.isUnknownPath;
  const isUnknownPath =
    pagesUnknownPath && ((path: string) => !routedBeforePages(app, path) && pagesUnknownPath(path));
  publicCache.routeUnknownPaths(isUnknownPath);

  const api = new Hono<AppEnv>()
    .use((c, next) => ((c.req.method === "POST" && largeBodies.get(c.req.path)) || jsonBodyLimit)(c, next))
    .use(async (c, next) => {
      await next();
      if (!c.res.headers.has("Cache-Control")) setResponseHeaders(c, { "Cache-Control": "no-store" });
    });
  for (const { api: routesOfApi } of routes) if (routesOfApi) api.route("/", routesOfApi);
  api.all("*", (c) => apiError(c, 404, "not_found", "There is no such API endpoint."));

  const app = new Hono<AppEnv>()
    .use(
      hostPolicy({
        publicUrl: config.publicUrlIsSet ? config.publicUrl : undefined,
        listenHost: config.host,
      }),
    )
    .use(compression())
    .use(publicCache.middleware())
    .use(
      securityHeaders({
        development: options.development ?? false,
        https: config.publicUrl.startsWith("https://"),
      }),
    )
    .use(
      sameOriginWrites([config.publicUrl], { exempt: (path) => crossSiteWrites.some((test) => test(path)) }),
    )
    .use(services.ownerSession.load)
    .get("/healthz", (c) => {
      const { writable, reason, freeBytes, totalBytes, database } = services.disk.health();
      const disk = { freeBytes, totalBytes };
      return writable
        ? c.json({ ok: true, disk, database })
        : c.json({ ok: false, reason, disk, database }, 503);
    })
    .route("/api", api);
  for (const { site } of routes) if (site) app.route("/", site);

  app.onError((error, c) => {
    if (isDiskFull(error)) {
      services.logger.error({ err: error, path: c.req.path }, "A write was refused: the disk is full");
      return apiError(c, 507, "disk_full", DISK_FULL_MESSAGE);
    }
    services.logger.error({ err: error, path: c.req.path }, "Request failed");
    return apiError(c, 500, "internal", "Something went wrong on our side. Please try again.");
  });

  if (options.pages)
    app.all("*", pageRoutes(services, { render: options.pages.render, isUnknownPath }, services.cards));

  return { app };
}

/**
 * Whether a route of `app` answers GET `path` before the pages do: any but the middleware and
 * the pages, which are registered for every path (`*`). Asked of the app's own router, with the
 * path decoded as Hono decodes it, so no route can be missed.
 */
function routedBeforePages(app: Hono<AppEnv>, path: string): boolean {
  // getPath reads only the URL (a whole Request would cost more than the rest of this check).
  const [matched] = app.router.match("GET", app.getPath({ url: `http://localhost${path}` } as Request));
  return matched.some(([[, route]]) => route.path !== "*" && route.path !== "/*");
}
