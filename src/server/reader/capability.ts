import { defineCapability } from "../kernel/capability";
import { readerRoutes } from "./reader-routes";
import { createReaderService, type ReaderService } from "./reader-service";

declare module "../kernel/capability" {
  interface Offered {
    reader: ReaderService;
  }
}

export const reader = defineCapability({
  name: "reader",
  needs: ["content", "keptTexts", "pageReading", "watch"],
  offers: ["reader"],
  tables: [],
  create: ({ content, keptTexts, pageReading, watch }, { logger }) => ({
    reader: createReaderService({
      articles: content.articles,
      keptTexts,
      readArticle: (articleId) => pageReading.readArticle(articleId),
      frameable: (url) => pageReading.frameable(url),
      onPageRead: (page, signals) => watch.notePageRead(page, signals),
      alsoPublishedAt: (articleId) => watch.alsoPublishedAt(articleId),
      logger,
    }),
  }),
  routes: ({ reader }) => ({ api: readerRoutes(reader) }),
});
