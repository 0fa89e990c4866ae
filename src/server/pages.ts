import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import {
  createRequestHandler,
  matchRoutes,
  type AppLoadContext,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import { ConfigError } from "./kernel/config";
import type { AppContext } from "./kernel/http/app-env";
import { landingSearch } from "../domain/landing-query";
import type { ReadersPeriod } from "../domain/readership";
import { oddPathStatus, rawRequestPath } from "./kernel/http/path-guard";
import { LINK_ONLY_CACHE_CONTROL } from "./kernel/http/public-cache";
import type { Services } from "./services";
import type { SocialCards } from "./social-card/social-cards";

/**
 * Serves a built file at the request's path, else renders `page` (the request, on `/` without the
 * query parameters the landing page does not read) with what the loaders may read.
 */
export type PageRenderer = (c: AppContext, page: Request, context: AppLoadContext) => Promise<Response>;

/** What serves the pages, and which paths it answers with the landing page of any other path. */
export type Pages = {
  render: PageRenderer;
  /** See `catchAllPaths`. Without it, every path is rendered at its own address. */
  isUnknownPath?: (path: string) => boolean;
};

/**
 * Where a path only React Router's catch-all answers is rendered from. The landing page it shows
 * is then the same bytes for every such path, so they all share one entry of the public cache
 * (decision 030); the page prints no path of its own, so these bytes hydrate at any of them.
 */
export const UNKNOWN_PATH_PAGE = "/__unknown__";

/** What of a React Router build says which route answers a path. */
export type RouteTable = Pick<ServerBuild, "routeDiscovery"> & {
  routes: Record<
    string,
    | Pick<NonNullable<ServerBuild["routes"][string]>, "id" | "parentId" | "path" | "index" | "caseSensitive">
    | undefined
  >;
};

/** React Router's route manifest as the nested routes `matchRoutes` reads. */
function routeTree(manifest: RouteTable["routes"], parentId?: string): RouteObject[] {
  const routes: RouteObject[] = [];
  for (const route of Object.values(manifest)) {
    if (!route || route.parentId !== parentId) continue;
    const { id, path, caseSensitive } = route;
    routes.push(
      route.index
        ? { id, path, caseSensitive, index: true }
        : { id, path, caseSensitive, children: routeTree(manifest, id) },
    );
  }
  return routes;
}

/**
 * The first segments (lower case) a path can have for a route other than the top-level catch-all
 * to match it (`admin`, `feed.xml`, '' for `/`); undefined when a route's first segment is not
 * fixed (`:slug`, a pathless layout), and any path might be another route's.
 */
function fixedFirstSegments(routes: RouteObject[], catchAll: string): Set<string> | undefined {
  const segments = new Set<string>();
  for (const route of routes) {
    if (route.id === catchAll) continue;
    if (route.index) {
      segments.add("");
      continue;
    }
    const first = route.path?.split("/")[0];
    if (!first || !/^[\w.-]+$/.test(first)) return undefined;
    segments.add(first.toLowerCase());
  }
  return segments;
}

/**
 * Whether a request path (as sent, after the path guard) is one only the top-level catch-all
 * route answers: "any other path" of docs/product.md (Addresses), which shows the landing page.
 * Not when a built file is served there (the static server decodes the path once), another route
 * matches it (`/admin`, `/feed.xml`), or React Router reads it as a data request (`….data`) or
 * its route manifest. Routes of the app outside React Router (the API, icons) are app.ts's to
 * rule out.
 */
export function catchAllPaths(build: RouteTable, clientDir: string): (path: string) => boolean {
  const routes = routeTree(build.routes);
  const root = routes.length === 1 ? routes[0] : undefined;
  const catchAll = root?.children?.find((route) => route.path === "*")?.id;
  if (!root?.children || !catchAll) return () => false;
  // `matchRoutes` ranks every route on each call (about 0.1 ms here): a path whose first segment
  // no other route has is the catch-all's without it.
  const firstSegments = fixedFirstSegments(root.children, catchAll);
  const manifestPath = build.routeDiscovery.mode === "lazy" ? build.routeDiscovery.manifestPath : undefined;
  return (rawPath) => {
    const pathname = new URL(rawPath, "http://localhost").pathname;
    if (pathname.endsWith(".data") || pathname === manifestPath) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    // A directory counts too: the static server would look for its index.html.
    if (fs.existsSync(path.join(clientDir, decoded))) return false;
    if (firstSegments && !firstSegments.has(decoded.split("/")[1]!.toLowerCase())) return true;
    return matchRoutes(routes, pathname)?.at(-1)?.route.id === catchAll;
  };
}

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

/**
 * Every built stylesheet's text by the URL pages link it at, read once: the public pages carry
 * theirs inline (src/web/inline-styles.tsx), hashed into their Content-Security-Policy like any
 * inline element the renderer writes (http/security-headers.ts).
 */
export function builtStylesheets(clientDir: string, publicPath: string): ReadonlyMap<string, string> {
  const assets = path.join(clientDir, "assets");
  const names = fs.existsSync(assets) ? fs.readdirSync(assets).filter((name) => name.endsWith(".css")) : [];
  return new Map(
    names.map((name) => [`${publicPath}assets/${name}`, fs.readFileSync(path.join(assets, name), "utf8")]),
  );
}

/** Production: built assets from disk, pages from React Router. */
export async function productionPages(buildDir: string): Promise<Pages> {
  const entry = path.join(buildDir, "server/index.js");
  if (!fs.existsSync(entry)) {
    throw new ConfigError(
      `No production build in ${buildDir}: run npm run build first (npm start builds, then serves).`,
    );
  }
  const build = (await import(entry)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const clientDir = path.join(buildDir, "client");
  const files = staticFiles(clientDir);
  const inlineStyles = builtStylesheets(clientDir, build.publicPath);
  return {
    render: async (c, page, context) => (await files(c)) ?? handle(page, { ...context, inlineStyles }),
    isUnknownPath: catchAllPaths(build, clientDir),
  };
}

/**
 * Development: Vite compiles on demand; its middleware runs before ours (see main.ts). Every path
 * is rendered at its own address (the route table changes while the server runs).
 */
export function developmentPages(loadBuild: () => Promise<ServerBuild>): Pages {
  return {
    render: async (_c, page, context) =>
      createRequestHandler(await loadBuild(), "development")(page, context),
  };
}

/** Sign-in and the dashboard, with their data requests: never kept by any shared cache. */
const OWNER_AREA = /^\/admin(?:[/.]|$)/;
/** An unlisted collection's page (`collectionPath`), with its data request: its link can be retired. */
const UNLISTED_PAGE = /^\/c\/[^/]+$/;

/**
 * Every path the API does not answer: the pages, with what their loaders may read. What a visitor
 * gets is the same for every visitor until the next write, and says so (`publicCacheControl`), so
 * the public cache (http/public-cache.ts) and any CDN in front may keep it; an unlisted
 * collection's page, whose link can be retired, only the public cache (`LINK_ONLY_CACHE_CONTROL`);
 * the owner's is private.
 */
export function pageRoutes(
  services: Services,
  pages: Pages,
  shareCards: Pick<SocialCards, "siteVersion" | "articleVersion">,
) {
  const { config, content, store } = services;

  const ownerReads = (session: { csrfToken: string }) => {
    const owner = services.owner.get();
    if (!owner) return null;
    return {
      email: owner.email,
      csrfToken: session.csrfToken,
      inbox: () => ({
        messages: services.contact.messages.list(),
        unread: services.contact.messages.unreadCount(),
      }),
      uploads: () => services.uploads.list(),
      linkHealth: () => services.linkHealth.report(),
      wayback: () => services.wayback.report(),
      collections: () => services.collections.list(),
      collectionReadership: () => services.readCounts.collections(),
      mailConfigured: config.smtpUrl !== undefined,
      readers: (period: ReadersPeriod) => services.readCounts.report(period),
      home: () => services.home.summary(),
      captureProofs: () => services.webArchive.proofs(),
      fediverse: () => services.fediverse.overview(),
    };
  };

  return async (c: AppContext) => {
    // Any other path shows the landing page (docs/product.md, Addresses), but not a probe for files
    // outside the static root.
    const rawPath = rawRequestPath(c);
    const odd = oddPathStatus(rawPath);
    if (odd) return c.text(odd === 400 ? "Bad Request" : "Not Found", odd, { "Cache-Control": "no-store" });
    const session = c.get("session");
    const requestUrl = new URL(c.req.url);
    // The public cache keeps one `/`, and one page for every other path, per combination of the
    // parameters the landing page reads (decision 030): rendered from those alone, and from one
    // path for all the others, nothing else in the address can reach the page.
    const search = landingSearch(requestUrl.search);
    const pagePath =
      requestUrl.pathname === "/" ? "/" : pages.isUnknownPath?.(rawPath) ? UNKNOWN_PATH_PAGE : undefined;
    const page =
      pagePath && pagePath + search !== requestUrl.pathname + requestUrl.search
        ? new Request(new URL(pagePath + search, requestUrl), c.req.raw)
        : c.req.raw;
    const response = await pages.render(c, page, {
      renderMark: c.get("renderMark"),
      liveSeq: store.currentSeq(),
      // Without PUBLIC_URL, pages name the host they were asked for: the public cache keys by it.
      publicUrl: config.publicUrlIsSet ? config.publicUrl : requestUrl.origin,
      content: {
        site: () => content.site.get(),
        articles: () => content.articles.list(),
        experiences: () => content.experiences.list(),
        education: () => content.education.list(),
        alsoPublishedAt: (articleId) => services.watch.alsoPublishedAt(articleId),
        collectionByToken: (token) => services.collections.byToken(token),
        publicCollection: (id) => services.collections.publicById(id),
        publicCollections: () => services.collections.publicCollections(),
        proof: () => services.proof.page(),
      },
      imageVersion: (url) => services.images.describe(url),
      owner: session ? ownerReads(session) : null,
      shareCards,
    });
    // Built files set their own; everything else is rendered.
    if (response.headers.has("cache-control")) return response;
    const routePath = pagePath ?? c.req.path;
    const shared =
      !session && c.req.method === "GET" && response.status === 200 && !OWNER_AREA.test(routePath);
    const sharedBy = UNLISTED_PAGE.test(routePath) ? LINK_ONLY_CACHE_CONTROL : config.publicCacheControl;
    response.headers.set("Cache-Control", session ? "private, no-store" : shared ? sharedBy : "no-store");
    return response;
  };
}
