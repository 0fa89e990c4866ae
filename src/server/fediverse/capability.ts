import { defineCapability } from "../kernel/capability";
import { fediverseRoutes } from "./fediverse-routes";
import { createFediverse, type Fediverse } from "./fediverse-service";

declare module "../kernel/capability" {
  interface Offered {
    fediverse: Fediverse;
  }
}

/** Fediverse (issue 40, decision 042): new clips go to followers; settings decide whether it answers. */
export const fediverse = defineCapability({
  name: "fediverse",
  needs: ["content"],
  offers: ["fediverse"],
  tables: ["fediverse_kv", "fediverse_queue", "fediverse_followers", "fediverse_sent"],
  create: ({ content }, { store, config, logger, options }) => ({
    fediverse: createFediverse({
      store,
      site: () => content.site.get(),
      articles: () => content.articles.list(),
      publicUrl: config.publicUrl,
      publicUrlIsSet: config.publicUrlIsSet,
      allowPrivate: config.fetchAllowPrivate,
      logger,
      now: options.now,
    }),
  }),
  routes: ({ fediverse }, { config, clientIp }) =>
    fediverseRoutes(fediverse, { clientIp, inboxPerMinute: config.fediverseInboxPerMinute }),
  background: ({ fediverse }) => ({ start: () => fediverse.start(), stop: () => fediverse.stop() }),
  reactions:
    ({ fediverse }) =>
    (event) => {
      if (event.topic === "articles" || event.topic === "site") void fediverse.clipsChanged();
    },
});
