import { collectionPath } from "../../domain/collection-paths";
import { PORTFOLIO_PARAMS } from "../../domain/landing-query";
import { defineCapability } from "../kernel/capability";
import { createReadCounts, type ReadCounts } from "./read-counts";
import { readershipRoutes } from "./readership-routes";
import { createVisitCounter, type VisitCounter } from "./visit-counter";

declare module "../kernel/capability" {
  interface Offered {
    readCounts: ReadCounts;
    /** Counts a visit where it happens (pages, the clip book's download). */
    readers: VisitCounter;
  }
}

export const readership = defineCapability({
  name: "readership",
  needs: ["content", "collections", "contact"],
  offers: ["readCounts", "readers"],
  tables: ["read_counts", "collection_reads"],
  create({ content, collections, contact }, { store, config, logger, options, clientIp }) {
    const readCounts = createReadCounts({
      store,
      articleTitle: (id) => content.articles.get(id)?.title,
      openableCollection(id) {
        const collection = collections.get(id);
        if (collection?.visibility === "unlisted")
          return {
            title: collection.title,
            address: `${config.publicUrl}${collectionPath(collection.token)}`,
          };
        if (collection?.visibility === "public") {
          const { open, collection: filter } = PORTFOLIO_PARAMS;
          const query = new URLSearchParams({ [open]: "1", [filter]: collection.id });
          return { title: collection.title, address: `${config.publicUrl}/?${query}` };
        }
        return undefined;
      },
      collectionExists: (id) => collections.get(id) !== undefined,
      notifyOwner: (notice) => contact.notifyOwner(notice),
      publicUrl: config.publicUrl,
      logger,
      now: options.now,
    });
    return { readCounts, readers: createVisitCounter({ counts: readCounts, clientIp, limits: config }) };
  },
  routes: ({ readers, readCounts }) => ({ api: readershipRoutes({ counter: readers, counts: readCounts }) }),
});
