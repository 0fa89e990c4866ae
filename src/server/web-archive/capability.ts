import path from "node:path";
import { defineCapability } from "../kernel/capability";
import { webArchiveRoutes } from "./web-archive-routes";
import { createWebArchive, type WebArchive } from "./web-archive-service";

declare module "../kernel/capability" {
  interface Offered {
    webArchive: WebArchive;
  }
}

export const webArchive = defineCapability({
  name: "web-archive",
  needs: ["content"],
  offers: ["webArchive"],
  tables: ["captures"],
  create: ({ content }, { store, config, logger, options, fromPublisher }) => ({
    webArchive: createWebArchive({
      store,
      dir: path.join(config.dataDir, "archive", "warc"),
      waczDir: path.join(config.dataDir, "archive", "wacz"),
      articles: content.articles,
      fetchImage: (url) => fromPublisher(url, { accept: ["image/"], urgent: true }),
      logger,
      software: "Byline",
      maxBytes: config.capturesMb * 1024 * 1024,
      portfolioTitle: () => `${content.site.get().name}: portfolio`,
      now: options.now,
    }),
  }),
  routes: ({ webArchive }, { config, clientIp }) => ({
    api: webArchiveRoutes(webArchive, { clientIp, downloadsPerAddress: config.waczDownloadsPerAddress }),
  }),
  // A deleted article's captures went with it (foreign key cascade): their files follow.
  reactions:
    ({ webArchive }) =>
    (event) => {
      if (event.topic === "articles") webArchive.sweepSoon();
    },
});
