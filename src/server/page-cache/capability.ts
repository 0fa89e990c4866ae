import { IMAGE_CACHE_PATH } from "../../domain/image-src";
import { OWNER_ONLY_TOPICS } from "../../domain/content";
import { defineCapability } from "../kernel/capability";
import { createPageWarmer, WARM_PATHS, type PageWarmer } from "../kernel/http/page-warmer";
import { createPublicCache, type PublicCache } from "../kernel/http/public-cache";

declare module "../kernel/capability" {
  interface Offered {
    publicCache: PublicCache;
    /** Renders the public pages again after each change, not the next visitor (started by main.ts). */
    pageWarmer: PageWarmer;
  }
}

/** The public pages at static-file speed (decision 026): kept after rendering, dropped on a write. */
export const pageCache = defineCapability({
  name: "page-cache",
  needs: ["ownerSession", "images"],
  offers: ["publicCache", "pageWarmer"],
  tables: [],
  create({ ownerSession }, { config, logger, clientIp }) {
    const publicCache = createPublicCache({
      sharedCacheControl: config.publicCacheControl,
      sessionCookie: ownerSession.cookieName,
      isOwner: (cookie) => ownerSession.isOwner(cookie),
      keyHost: config.publicUrlIsSet ? new URL(config.publicUrl).host : undefined,
      queryMisses: {
        perAddress: config.pageMissesPerAddress,
        clientIp,
        exempt: (target) => target.startsWith(`${IMAGE_CACHE_PATH}?`),
      },
      maxEntries: 500,
      maxBytes: 64 * 1024 * 1024,
      maxAgeMs: 60_000,
    });
    const pageWarmer = createPageWarmer({
      paths: WARM_PATHS,
      upgraded: () => publicCache.upgraded(),
      onError: (error) => logger.warn({ err: error }, "Rendering the public pages ahead of visitors failed"),
    });
    return { publicCache, pageWarmer };
  },
  reactions({ publicCache, pageWarmer, images }) {
    // The public pages are rendered again at once, not by the next visitor (in the serving
    // process: page-warmer.ts does nothing until started).
    const invalidatePages = () => {
      publicCache.invalidate();
      void pageWarmer.warm();
    };
    // Pages link stored pictures by version (`&v=`): a newly stored picture changes them.
    images.cache.onStored(invalidatePages);
    // Contact messages, link checks and import progress are seen only on the owner's pages, which
    // are never cached: a stream of them must not make every visitor's page a fresh render. (A link
    // check that finds an original gone records an "articles" change too.)
    return (event) => {
      if (!OWNER_ONLY_TOPICS.has(event.topic)) invalidatePages();
    };
  },
});
