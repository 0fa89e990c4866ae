import { defineCapability } from "../kernel/capability";
import { clipWatchRoutes } from "./clip-watch-routes";
import { createClipWatchService, type ClipWatchService } from "./clip-watch-service";

declare module "../kernel/capability" {
  interface Offered {
    watch: ClipWatchService;
  }
}

/** The watch says who is asking, and where to find out more: the site itself. */
export const clipWatchUserAgent = (publicUrl: string) => `Byline/1.0 (clip watch; +${publicUrl})`;

export const clipWatch = defineCapability({
  name: "clip-watch",
  needs: ["content", "pageReading", "contact", "lowSpace"],
  offers: ["watch"],
  tables: [
    "watch_sources",
    "watch_validators",
    "watch_seen",
    "watch_clips",
    "also_published",
    "watch_suggestions",
    "watch_emails",
    "watch_listed",
  ],
  create: (
    { content, pageReading, contact, lowSpace },
    { store, config, logger, options, fromPublisher },
  ) => ({
    watch: createClipWatchService({
      store,
      articles: content.articles,
      site: () => content.site.get(),
      fetch: (url, request) =>
        fromPublisher(url, {
          ...request,
          headers: { "user-agent": clipWatchUserAgent(config.publicUrl), ...request.headers },
        }),
      readFetched: (page) => pageReading.readFetched(page),
      keepFound: (articleId, found) => pageReading.keepFound(articleId, found),
      keepLater: (articleIds) => pageReading.keepLater(articleIds),
      notifyOwner: (notice) => contact.notifyOwner(notice),
      publicUrl: config.publicUrl,
      intervalMs: config.watchIntervalMinutes * 60_000,
      logger,
      pauseWhen: lowSpace,
      now: options.now,
    }),
  }),
  routes: ({ watch }) => ({ api: clipWatchRoutes(watch) }),
  background: ({ watch }) => ({ start: () => watch.start(), stop: () => watch.stop() }),
});
