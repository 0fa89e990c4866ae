import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { authRoutes } from "./auth/auth-routes";
import { loadSession } from "./auth/owner-session";
import { contentRoutes } from "./content/content-routes";
import { homeRoutes } from "./home/home-routes";
import { contactRoutes } from "./contact/contact-routes";
import { messageRoutes } from "./contact/message-routes";
import type { AppEnv } from "./kernel/http/app-env";
import { apiError } from "./kernel/http/api-error";
import { iconRoutes } from "./icons/icon-routes";
import { socialCardRoutes } from "./social-card/social-card-routes";
import { clipBookRoutes } from "./clip-book/clip-book-routes";
import { imageRoutes } from "./images/image-routes";
import { backCatalogueRoutes } from "./back-catalogue/back-catalogue-routes";
import { sameOriginWrites } from "./kernel/http/csrf";
import { hostPolicy } from "./kernel/http/host-policy";
import { setResponseHeaders } from "./kernel/http/response-headers";
import { securityHeaders } from "./kernel/http/security-headers";
import { compression } from "./kernel/http/compression";
import { pageRoutes, type Pages } from "./pages";
import { readerRoutes } from "./reader/reader-routes";
import { pageReadingRoutes } from "./page-reading/page-reading-routes";
import { linkHealthRoutes } from "./link-health/link-health-routes";
import { waybackRoutes } from "./wayback/wayback-routes";
import { clipWatchRoutes } from "./clip-watch/clip-watch-routes";
import { collectionRoutes } from "./collections/collection-routes";
import type { CollectionPage } from "./collections/collection-service";
import { readershipRoutes } from "./readership/readership-routes";
import { webArchiveRoutes } from "./web-archive/web-archive-routes";
import type { Services } from "./services";
import { servedUploads, UPLOAD_API_PATH, uploadBodyLimit, uploadRoutes } from "./uploads/upload-routes";

export type AppOptions = {
  /** Serves everything that is not the API: React Router pages and built assets. */
  pages?: Pages;
  development?: boolean;
};

/**
 * The whole HTTP surface, without listening: middleware and routes over the services, which
 * services.ts builds and wires. Tests call `app.request()` in-process.
 */
export function createApp(services: Services, options: AppOptions = {}) {
  const { config, content, clientIp, live, publicCache, cards } = services;

  const jsonBodyLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: (c) => apiError(c, 413, "too_large", "The request body is too large."),
  });
  const clipBooks = clipBookRoutes(services.clipBooks, {
    collectionById: (id) => {
      const collection = services.collections.get(id);
      const articles = services.collections.articlesOf(id) ?? [];
      return collection && { id, title: collection.title, introduction: collection.introduction, articles };
    },
    publicCollectionById: (id) => bookOf(services.collections.publicById(id)),
    collectionByToken: (token) => bookOf(services.collections.byToken(token)),
    clientIp,
    countDownload: (c, id) => services.readers.countPdfDownload(c, id),
  });

  // Any other path shows the landing page: a path the pages answer with their catch-all and no
  // route of this app answers first. All such paths are one page (decision 030).
  const pagesUnknownPath = options.pages?.isUnknownPath;
  const isUnknownPath =
    pagesUnknownPath && ((path: string) => !routedBeforePages(app, path) && pagesUnknownPath(path));
  publicCache.routeUnknownPaths(isUnknownPath);

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
        attemptsPerAddress: config.signInAttemptsPerAddress,
      }),
    )
    .route("/", readerRoutes(services.reader))
    .route("/", pageReadingRoutes(services.pageReading))
    .route("/", webArchiveRoutes(services.webArchive, { clientIp }))
    .route("/", imageRoutes(services.images, { clientIp, missesPerAddress: config.imageMissesPerAddress }))
    .route("/", contentRoutes(content, services.demo, config.publicCacheControl))
    .route("/", homeRoutes(services.home))
    .route(
      "/",
      contactRoutes({
        contact: services.contact,
        clientIp,
        perAddress: config.contactPerAddress,
        hourlyCap: config.contactHourlyCap,
      }),
    )
    .route("/", messageRoutes(services.contact.messages))
    .route("/", uploadRoutes(services.uploads))
    .route("/", backCatalogueRoutes(services.imports))
    .route("/", linkHealthRoutes(services.linkHealth))
    .route("/", waybackRoutes(services.wayback))
    .route("/", clipWatchRoutes(services.watch))
    .route("/", clipBooks.api)
    .route("/", collectionRoutes(services.collections))
    .route("/", readershipRoutes({ counter: services.readers, counts: services.readCounts }))
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
    .use(publicCache.middleware())
    .use(
      securityHeaders({
        development: options.development ?? false,
        https: config.publicUrl.startsWith("https://"),
      }),
    )
    .use(sameOriginWrites([config.publicUrl]))
    .use(loadSession({ sessions: services.sessions, secureCookies: config.secureCookies }))
    .get("/healthz", (c) => {
      services.store.sqlite.prepare("select 1").get();
      return c.json({ ok: true });
    })
    .route("/api", api)
    .route("/uploads", servedUploads(services.uploads))
    .route("/", iconRoutes(services.icons))
    .route("/", socialCardRoutes(cards))
    .route("/", clipBooks.site);

  app.onError((error, c) => {
    services.logger.error({ err: error, path: c.req.path }, "Request failed");
    return apiError(c, 500, "internal", "Something went wrong on our side. Please try again.");
  });

  if (options.pages)
    app.all("*", pageRoutes(services, { render: options.pages.render, isUnknownPath }, cards));

  return { app };
}

/** A collection's page as what its clip book shows. */
const bookOf = (page: CollectionPage | undefined) =>
  page && {
    id: page.collection.id,
    title: page.collection.title,
    introduction: page.collection.introduction,
    articles: page.articles,
  };

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
