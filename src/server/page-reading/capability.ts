import { defineCapability } from "../kernel/capability";
import { createKeptTexts, type KeptTexts } from "./kept-texts";
import { createPageReading, type PageReading } from "./page-reading";
import { pageReadingRoutes } from "./page-reading-routes";

declare module "../kernel/capability" {
  interface Offered {
    pageReading: PageReading;
    /** The text kept of each article's original page. */
    keptTexts: KeptTexts;
  }
}

// Capabilities call down this chain, never back up it (decision 039): the reader, the watch, the
// import and link health call page reading, which calls the web archive.
export const pageReading = defineCapability({
  name: "page-reading",
  needs: ["content", "webArchive", "lowSpace"],
  offers: ["pageReading", "keptTexts"],
  tables: ["article_archives", "archive_captures"],
  create({ content, webArchive, lowSpace }, { store, config, logger, fromPublisher }) {
    const keptTexts = createKeptTexts(store);
    const pageReading = createPageReading({
      articles: content.articles,
      keptTexts,
      // A visitor or the owner waits for it (an import's page too: it goes before background checks).
      fetchPage: (url) =>
        fromPublisher(url, { accept: ["text/html", "application/xhtml+xml"], urgent: true }),
      capture: (articleId, page, requestedUrl, leadImage) =>
        webArchive.capture(articleId, page, requestedUrl, leadImage),
      newestCapture: (articleId) => webArchive.captures.latestOf(articleId),
      storedPage: async (captureId) => {
        const found = webArchive.captures.get(captureId);
        if (!found) throw new Error(`No capture ${captureId}`);
        return webArchive.storedPage(found);
      },
      publicUrl: config.publicUrl,
      logger,
      lowSpace,
    });
    return { pageReading, keptTexts };
  },
  routes: ({ pageReading }) => ({ api: pageReadingRoutes(pageReading) }),
  background: ({ pageReading }) => ({ stop: () => pageReading.stop() }),
});
