import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppLoadContext } from "react-router";
import { authRoutes } from "./auth/auth-routes";
import { loadSession } from "./auth/owner-session";
import { contentRoutes } from "./content/content-routes";
import { contactRoutes } from "./contact/contact-routes";
import { messageRoutes } from "./contact/message-routes";
import type { AppContext, AppEnv } from "./http/app-env";
import { apiError } from "./http/api-error";
import { imageRoutes } from "./images/image-routes";
import { sameOriginWrites } from "./http/csrf";
import { clientIpResolver } from "./http/client-address";
import { hostPolicy } from "./http/host-policy";
import { createPageCache } from "./http/page-cache";
import { oddPathStatus, rawRequestPath } from "./http/path-guard";
import { setResponseHeaders } from "./http/response-headers";
import { securityHeaders } from "./http/security-headers";
import { acceptsGzip, compression } from "./http/compression";
import { eventsRoute } from "./live/events-route";
import { readerRoutes } from "./reader/reader-routes";
import type { Services } from "./services";
import { servedUploads, UPLOAD_API_PATH, uploadBodyLimit, uploadRoutes } from "./uploads/upload-routes";

export type PageHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

export type AppOptions = {
  /** Serves everything that is not the API: React Router pages and built assets. */
  pages?: (c: AppContext, context: AppLoadContext) => Promise<Response>;
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
    .route("/uploads", servedUploads(services.uploads));

  app.onError((error, c) => {
    services.logger.error({ err: error, path: c.req.path }, "Request failed");
    return apiError(c, 500, "internal", "Something went wrong on our side. Please try again.");
  });

  const pageCache = createPageCache({ maxEntries: 200, maxAgeMs: 60_000 });
  // Contact messages are seen only on the owner's pages, which are never cached: a stream of
  // messages must not make every visitor's page a fresh render.
  services.store.onChange((event) => event.collection !== "messages" && pageCache.invalidate());

  if (options.pages) {
    const pages = options.pages;
    app.all("*", async (c) => {
      // Any other path shows the landing page (spec), but not a probe for files outside the static root.
      const odd = oddPathStatus(rawRequestPath(c));
      if (odd) return c.text(odd === 400 ? "Bad Request" : "Not Found", odd, { "Cache-Control": "no-store" });
      const session = c.get("session");
      const nonce = c.get("cspNonce");
      // Visitors' page views are cached; the owner's, the data requests and other methods are not.
      const cacheable = c.req.method === "GET" && !session && !c.req.path.endsWith(".data");
      const requestUrl = new URL(c.req.url);
      // The origin is part of the key: without PUBLIC_URL, pages name the host they were asked for.
      const key = requestUrl.origin + requestUrl.pathname + requestUrl.search;
      if (cacheable) {
        // A cached page goes out gzipped around its fresh nonce (spliced-gzip.ts), never re-compressed.
        const hit = pageCache.get(key, nonce, acceptsGzip(c.req.header("accept-encoding")));
        if (hit) return hit;
      }
      const startedAt = pageCache.generation();
      const liveSeq = services.store.currentSeq();
      const owner = session ? services.owner.get() : undefined;
      const response = await pages(c, {
        cspNonce: c.get("cspNonce"),
        liveSeq,
        publicUrl: config.publicUrlIsSet ? config.publicUrl : requestUrl.origin,
        content: {
          site: () => content.site.get(),
          articles: () => content.articles.list(),
          experiences: () => content.experiences.list(),
          education: () => content.education.list(),
        },
        owner:
          session && owner
            ? {
                email: owner.email,
                csrfToken: session.csrfToken,
                inbox: () => ({
                  messages: services.contact.messages.list(),
                  unread: services.contact.messages.unreadCount(),
                }),
                uploads: () => services.uploads.list(),
              }
            : null,
      });
      const isPage = response.status === 200 && response.headers.get("content-type")?.startsWith("text/html");
      return cacheable && isPage ? pageCache.store(key, startedAt, nonce, response) : response;
    });
  }

  return { app, live, pageCache };
}
