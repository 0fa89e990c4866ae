import { defineCapability } from "../kernel/capability";
import { readTextPage } from "../kernel/discover/read-text-page";
import { createImportJobs } from "./import-jobs";
import { importRoutes } from "./import-routes";
import { createImportService, type ImportService } from "./import-service";

declare module "../kernel/capability" {
  interface Offered {
    imports: ImportService;
  }
}

export const backCatalogue = defineCapability({
  name: "back-catalogue",
  needs: ["content", "pageReading"],
  offers: ["imports"],
  tables: ["import_jobs", "import_candidates"],
  create: ({ content, pageReading }, { store, logger, fromPublisher }) => ({
    imports: createImportService({
      jobs: createImportJobs(store),
      articles: content.articles,
      fetchText: (url) => readTextPage(url, fromPublisher),
      fetchDetails: (url) => pageReading.fetchDetails(url),
      keepLater: (articleIds) => pageReading.keepLater(articleIds),
      logger,
    }),
  }),
  routes: ({ imports }) => ({ api: importRoutes(imports) }),
  // Import jobs the last process left running go on.
  background: ({ imports }) => ({ start: () => imports.resume(), stop: () => imports.stop() }),
});
