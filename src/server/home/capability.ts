import { defineCapability } from "../kernel/capability";
import { lastBackupAt } from "../kernel/backup-record";
import { homeRoutes } from "./home-routes";
import { createHome, type Home } from "./home-service";

declare module "../kernel/capability" {
  interface Offered {
    home: Home;
  }
}

/** The owner's dashboard home: a line from each capability. */
export const home = defineCapability({
  name: "home",
  needs: [
    "content",
    "demo",
    "watch",
    "contact",
    "linkHealth",
    "wayback",
    "imports",
    "readCounts",
    "webArchive",
    "disk",
  ],
  offers: ["home"],
  tables: [],
  create: (
    { content, demo, watch, contact, linkHealth, wayback, imports, readCounts, webArchive, disk },
    { config },
  ) => ({
    home: createHome({
      site: () => content.site.get(),
      articleCount: () => content.articles.list().length,
      demoLeft: () => demo.left(),
      waitingClips: () => watch.overview().waiting,
      unreadMessages: () => contact.messages.unreadCount(),
      linkHealth: () => linkHealth.report(),
      wayback: () => wayback.report(),
      latestImport: () => imports.latest(),
      readers: () => readCounts.report(30),
      captures: () => webArchive.summary(),
      lastBackupAt: () => lastBackupAt(config.dataDir),
      disk: () => disk.report(),
      contactTo: config.contactTo,
      mailConfigured: contact.queue !== undefined,
    }),
  }),
  routes: ({ home }) => ({ api: homeRoutes(home) }),
});
