import { defineCapability } from "../kernel/capability";
import { createLinkCheckRepository } from "./link-check-repository";
import { linkHealthRoutes } from "./link-health-routes";
import { createLinkHealthService, type LinkHealthService } from "./link-health-service";

declare module "../kernel/capability" {
  interface Offered {
    linkHealth: LinkHealthService;
  }
}

/** Link checks say who is asking, and where to find out more: the site itself. */
export const linkCheckUserAgent = (publicUrl: string) => `Byline/1.0 (link check; +${publicUrl})`;

export const linkHealth = defineCapability({
  name: "link-health",
  needs: ["content", "pageReading", "keptTexts"],
  offers: ["linkHealth"],
  tables: ["link_checks"],
  create({ content, pageReading, keptTexts }, { store, config, logger, fromPublisher }) {
    const linkHealth = createLinkHealthService({
      store,
      articles: content.articles,
      checks: createLinkCheckRepository(store),
      holdingText: (articles) => keptTexts.holdingText(articles),
      archiveNow: (articleId) => pageReading.archiveNow(articleId),
      visit: (url, signal) =>
        fromPublisher(url, {
          discardBody: true,
          timeoutMs: config.linkCheckTimeoutMs,
          headers: { "user-agent": linkCheckUserAgent(config.publicUrl) },
          signal,
        }),
      logger,
    });
    // An article whose original is gone says so to visitors (decision 024).
    content.articles.markWith((articles) => linkHealth.goneMarks(articles));
    return { linkHealth };
  },
  routes: ({ linkHealth }) => ({ api: linkHealthRoutes(linkHealth) }),
  background: ({ linkHealth }, { config }) => ({
    start: () => {
      if (config.linkCheckDaily) linkHealth.start();
    },
    stop: () => linkHealth.stop(),
  }),
});
