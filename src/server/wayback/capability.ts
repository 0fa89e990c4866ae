import { defineCapability } from "../kernel/capability";
import { safeFetch } from "../kernel/fetch/safe-fetch";
import { WAYBACK_MAX_BYTES } from "./save-page-now";
import { createWaybackRepository } from "./wayback-repository";
import { waybackRoutes } from "./wayback-routes";
import { createWaybackService, type WaybackClock, type WaybackService } from "./wayback-service";

declare module "../kernel/capability" {
  interface Offered {
    wayback: WaybackService;
  }
  interface CapabilityOptions {
    /** The Wayback worker's clock (tests use a fake one) and its waits. */
    wayback?: { clock?: WaybackClock; pollMs?: number; retryBaseMs?: number };
  }
}

export const wayback = defineCapability({
  name: "wayback",
  needs: ["content", "lowSpace"],
  offers: ["wayback"],
  tables: ["wayback_saves", "wayback_lookups"],
  create({ content, lowSpace }, { store, config, logger, options }) {
    const { waybackAccessKey: accessKey, waybackSecretKey: secretKey } = config;
    const wayback = createWaybackService({
      saves: createWaybackRepository(store),
      articles: () => content.articles.list(),
      base: config.waybackUrl,
      keys: accessKey && secretKey ? { accessKey, secretKey } : undefined,
      perMinute: config.waybackPerMinute,
      // No redirects: the keys go to WAYBACK_URL and nowhere else.
      request: (url, request) =>
        safeFetch(url, {
          allowPrivate: config.fetchAllowPrivate,
          maxBytes: WAYBACK_MAX_BYTES,
          maxRedirects: 0,
          timeoutMs: 60_000,
          ...request,
        }),
      logger,
      pauseWhen: lowSpace,
      ...options.wayback,
    });
    content.articles.markWith((articles) => wayback.copyMarks(articles));
    return { wayback };
  },
  routes: ({ wayback }) => ({ api: waybackRoutes(wayback) }),
  // A new article (or a new address, or an original found gone) is the Wayback worker's to look at.
  reactions:
    ({ wayback }) =>
    (event) => {
      if (event.topic === "articles") wayback.articlesChanged();
    },
  background: ({ wayback }) => ({ start: () => wayback.start(), stop: () => wayback.stop() }),
});
