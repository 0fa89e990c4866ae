import { ownedSite } from "../../domain/demo-site";
import type { CollectionPage } from "../collections/collection-service";
import { defineCapability } from "../kernel/capability";
import { clipBookRoutes } from "./clip-book-routes";
import { createClipBooks, type ClipBookLimits, type ClipBooks } from "./clip-books";

declare module "../kernel/capability" {
  interface Offered {
    clipBooks: ClipBooks;
  }
  interface CapabilityOptions {
    /** The clip book worker's deadline, heap and turns (tests shorten them). */
    clipBooks?: Partial<ClipBookLimits>;
  }
}

/** A collection's page as what its clip book shows. */
const bookOf = (page: CollectionPage | undefined) =>
  page && {
    id: page.collection.id,
    title: page.collection.title,
    introduction: page.collection.introduction,
    articles: page.articles,
  };

export const clipBook = defineCapability({
  name: "clip-book",
  needs: ["content", "keptTexts", "proof", "loadPicture", "collections", "readers"],
  offers: ["clipBooks"],
  tables: [],
  create: ({ content, keptTexts, proof, loadPicture }, { config, options }) => ({
    clipBooks: createClipBooks({
      site: () => ownedSite(content.site.get()),
      articles: () => content.articles.list(),
      keptText: (article) => keptTexts.currentFor(article) ?? null,
      evidence: (articles) => proof.evidence(articles),
      loadPicture,
      publicUrl: config.publicUrl,
      limits: options.clipBooks,
    }),
  }),
  routes({ clipBooks, collections, readers }, { config, clientIp }) {
    const { api, site } = clipBookRoutes(clipBooks, {
      collectionById: (id) => {
        const collection = collections.get(id);
        const articles = collections.articlesOf(id) ?? [];
        return collection && { id, title: collection.title, introduction: collection.introduction, articles };
      },
      publicCollectionById: (id) => bookOf(collections.publicById(id)),
      collectionByToken: (token) => bookOf(collections.byToken(token)),
      clientIp,
      downloadsPerAddress: config.clipBookDownloadsPerAddress,
      countDownload: (c, id) => readers.countPdfDownload(c, id),
    });
    return { api, site };
  },
});
