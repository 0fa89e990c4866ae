import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { AppContext } from "./http/app-env";
import { landingSearch } from "../domain/landing-query";
import { oddPathStatus, rawRequestPath } from "./http/path-guard";
import type { Services } from "./services";
import type { SocialCards } from "./social-card/social-cards";

/**
 * Serves a built file at the request's path, else renders `page` (the request, on `/` without the
 * query parameters the landing page does not read) with what the loaders may read.
 */
export type PageRenderer = (c: AppContext, page: Request, context: AppLoadContext) => Promise<Response>;

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
  const render: PageRenderer = async (c, page, context) => (await files(c)) ?? handle(page, context);
  return render;
}

/** Development: Vite compiles on demand; its middleware runs before ours (see main.ts). */
export function developmentPages(loadBuild: () => Promise<ServerBuild>): PageRenderer {
  return async (_c, page, context) => createRequestHandler(await loadBuild(), "development")(page, context);
}

/** Sign-in and the dashboard, with their data requests: never kept by any shared cache. */
const OWNER_AREA = /^\/admin(?:[/.]|$)/;

/**
 * Every path the API does not answer: the pages, with what their loaders may read. What a visitor
 * gets is the same for every visitor until the next write, and says so (`publicCacheControl`), so
 * the public cache (http/public-cache.ts) and any CDN in front may keep it; the owner's is private.
 */
export function pageRoutes(
  services: Services,
  render: PageRenderer,
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
    };
  };

  return async (c: AppContext) => {
    // Any other path leads to the landing page (docs/product.md, Addresses), but not a probe for files
    // outside the static root.
    const odd = oddPathStatus(rawRequestPath(c));
    if (odd) return c.text(odd === 400 ? "Bad Request" : "Not Found", odd, { "Cache-Control": "no-store" });
    const session = c.get("session");
    const requestUrl = new URL(c.req.url);
    // The public cache keeps one `/` per combination of the parameters it reads (decision 030):
    // rendered from those alone, nothing else in the address can reach the page.
    const search = landingSearch(requestUrl.search);
    const page =
      requestUrl.pathname === "/" && search !== requestUrl.search
        ? new Request(new URL(`/${search}`, requestUrl), c.req.raw)
        : c.req.raw;
    const response = await render(c, page, {
      renderMark: c.get("renderMark"),
      liveSeq: store.currentSeq(),
      // Without PUBLIC_URL, pages name the host they were asked for: the public cache keys by it.
      publicUrl: config.publicUrlIsSet ? config.publicUrl : requestUrl.origin,
      content: {
        site: () => content.site.get(),
        articles: () => content.articles.list(),
        experiences: () => content.experiences.list(),
        education: () => content.education.list(),
      },
      imageVersion: (url) => services.images.describe(url),
      owner: session ? ownerReads(session) : null,
      shareCards,
    });
    // Built files set their own; everything else is rendered.
    if (response.headers.has("cache-control")) return response;
    const shared =
      !session && c.req.method === "GET" && response.status === 200 && !OWNER_AREA.test(c.req.path);
    response.headers.set(
      "Cache-Control",
      session ? "private, no-store" : shared ? config.publicCacheControl : "no-store",
    );
    return response;
  };
}
