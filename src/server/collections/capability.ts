import { defineCapability } from "../kernel/capability";
import { collectionRoutes } from "./collection-routes";
import { createCollectionService, type CollectionService } from "./collection-service";

declare module "../kernel/capability" {
  interface Offered {
    collections: CollectionService;
  }
}

export const collections = defineCapability({
  name: "collections",
  needs: ["content"],
  offers: ["collections"],
  tables: ["collections"],
  create: ({ content }, { store }) => ({
    collections: createCollectionService({ store, articles: () => content.articles.list() }),
  }),
  routes: ({ collections }) => ({ api: collectionRoutes(collections) }),
});
