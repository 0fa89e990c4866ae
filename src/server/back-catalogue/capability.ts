import { defineCapability } from "../kernel/capability";
import { readTextPage } from "../kernel/discover/read-text-page";
import { createCatalogueJobs } from "./catalogue-jobs";
import { backCatalogueRoutes } from "./back-catalogue-routes";
import { createBackCatalogue, type BackCatalogue } from "./back-catalogue-service";

declare module "../kernel/capability" {
  interface Offered {
    imports: BackCatalogue;
  }
}

export const backCatalogue = defineCapability({
  name: "back-catalogue",
  needs: ["content", "pageReading"],
  offers: ["imports"],
  tables: ["import_jobs", "import_candidates"],
  create: ({ content, pageReading }, { store, logger, fromPublisher }) => ({
    imports: createBackCatalogue({
      jobs: createCatalogueJobs(store),
      articles: content.articles,
      fetchText: (url) => readTextPage(url, fromPublisher),
      fetchDetails: (url) => pageReading.fetchDetails(url),
      keepLater: (articleIds) => pageReading.keepLater(articleIds),
      logger,
    }),
  }),
  routes: ({ imports }) => ({ api: backCatalogueRoutes(imports) }),
  // Import jobs the last process left running go on.
  background: ({ imports }) => ({ start: () => imports.resume(), stop: () => imports.stop() }),
});
