import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { AppContext } from "./http/app-env";
import { acceptsGzip } from "./http/compression";
import { createPageCache } from "./http/page-cache";
import { oddPathStatus, rawRequestPath } from "./http/path-guard";
import type { Services } from "./services";

/** Renders a page (or serves a built file) with what the loaders may read. */
export type PageRenderer = (c: AppContext, context: AppLoadContext) => Promise<Response>;

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
  const render: PageRenderer = async (c, context) => (await files(c)) ?? handle(c.req.raw, context);
  return render;
}

/** Development: Vite compiles on demand; its middleware runs before ours (see main.ts). */
export function developmentPages(loadBuild: () => Promise<ServerBuild>): PageRenderer {
  return async (c, context) => createRequestHandler(await loadBuild(), "development")(c.req.raw, context);
}

/**
 * Every path the API does not answer: the pages, with what their loaders may read. Visitors' page
 * views are cached until the next write; the owner's are rendered fresh.
 */
export function pageRoutes(services: Services, render: PageRenderer) {
  const { config, content, store } = services;
  const pageCache = createPageCache({ maxEntries: 200, maxAgeMs: 60_000 });
  // Contact messages are seen only on the owner's pages, which are never cached: a stream of
  // messages must not make every visitor's page a fresh render.
  store.onChange((event) => event.collection !== "messages" && pageCache.invalidate());

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
    // Any other path shows the landing page (docs/product.md, Addresses), but not a probe for files
    // outside the static root.
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
    const response = await render(c, {
      cspNonce: nonce,
      liveSeq: store.currentSeq(),
      publicUrl: config.publicUrlIsSet ? config.publicUrl : requestUrl.origin,
      content: {
        site: () => content.site.get(),
        articles: () => content.articles.list(),
        experiences: () => content.experiences.list(),
        education: () => content.education.list(),
      },
      owner: session ? ownerReads(session) : null,
    });
    const isPage = response.status === 200 && response.headers.get("content-type")?.startsWith("text/html");
    return cacheable && isPage ? pageCache.store(key, startedAt, nonce, response) : response;
  };
}
