import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { authRoutes } from "./auth/auth-routes";
import { loadSession } from "./auth/owner-session";
import { contentRoutes } from "./content/content-routes";
import { contactRoutes } from "./contact/contact-routes";
import { messageRoutes } from "./contact/message-routes";
import type { AppEnv } from "./http/app-env";
import { apiError } from "./http/api-error";
import { iconRoutes } from "./icons/icon-routes";
import { createSiteIcons } from "./icons/site-icons";
import { imageRoutes } from "./images/image-routes";
import { sameOriginWrites } from "./http/csrf";
import { clientIpResolver } from "./http/client-address";
import { hostPolicy } from "./http/host-policy";
import { setResponseHeaders } from "./http/response-headers";
import { securityHeaders } from "./http/security-headers";
import { compression } from "./http/compression";
import { eventsRoute } from "./live/events-route";
import { pageRoutes, type PageRenderer } from "./pages";
import { readerRoutes } from "./reader/reader-routes";
import { linkHealthRoutes } from "./link-health/link-health-routes";
import type { Services } from "./services";
import { servedUploads, UPLOAD_API_PATH, uploadBodyLimit, uploadRoutes } from "./uploads/upload-routes";

export type AppOptions = {
  /** Serves everything that is not the API: React Router pages and built assets. */
  pages?: PageRenderer;
  development?: boolean;
  maxStreams?: number;
  heartbeatMs?: number;
};

/** The whole HTTP surface, without listening: tests call `app.request()` in-process. */
export function createApp(services: Services, options: AppOptions = {}) {
  const { config, content } = services;
  const clientIp = clientIpResolver(config.trustProxy);
  const live = eventsRoute(services.store, {
    maxStreams: options.maxStreams ?? 1000,
    maxStreamsPerAddress: config.liveStreamsPerAddress,
    clientIp,
    heartbeatMs: options.heartbeatMs ?? 15_000,
  });

  const jsonBodyLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: (c) => apiError(c, 413, "too_large", "The request body is too large."),
  });
  const api = new Hono<AppEnv>()
    .use((c, next) =>
      (c.req.method === "POST" && c.req.path === UPLOAD_API_PATH ? uploadBodyLimit : jsonBodyLimit)(c, next),
    )
    .use(async (c, next) => {
      await next();
      if (!c.res.headers.has("Cache-Control")) setResponseHeaders(c, { "Cache-Control": "no-store" });
    })
    .route(
      "/",
      authRoutes({
        owner: services.owner,
        sessions: services.sessions,
        secureCookies: config.secureCookies,
        clientIp,
      }),
    )
    .route("/", readerRoutes(services.reader))
    .route("/", imageRoutes(services.images, { clientIp, missesPerAddress: config.imageMissesPerAddress }))
    .route("/", contentRoutes(content))
    .route("/", contactRoutes({ contact: services.contact, clientIp, hourlyCap: config.contactHourlyCap }))
    .route("/", messageRoutes(services.contact.messages))
    .route("/", uploadRoutes(services.uploads))
    .route("/", linkHealthRoutes(services.linkHealth))
    .route("/", live.app)
    .all("*", (c) => apiError(c, 404, "not_found", "There is no such API endpoint."));

  const app = new Hono<AppEnv>()
    .use(
      hostPolicy({
        publicUrl: config.publicUrlIsSet ? config.publicUrl : undefined,
        listenHost: config.host,
      }),
    )
    .use(compression())
    .use(securityHeaders({ development: options.development ?? false }))
    .use(sameOriginWrites([config.publicUrl]))
    .use(loadSession({ sessions: services.sessions, secureCookies: config.secureCookies }))
    .get("/healthz", (c) => {
      services.store.sqlite.prepare("select 1").get();
      return c.json({ ok: true });
    })
    .route("/api", api)
    .route("/uploads", servedUploads(services.uploads))
    .route("/", iconRoutes(createSiteIcons(() => content.site.get())));

  app.onError((error, c) => {
    services.logger.error({ err: error, path: c.req.path }, "Request failed");
    return apiError(c, 500, "internal", "Something went wrong on our side. Please try again.");
  });

  if (options.pages) app.all("*", pageRoutes(services, options.pages));

  return { app, live };
}
