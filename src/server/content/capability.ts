import { defineCapability } from "../kernel/capability";
import { createContentRepositories, type ContentRepositories } from "./content-repositories";
import { contentRoutes } from "./content-routes";
import { seedDemoContent } from "./demo-content";
import { createDemoContent, type DemoContent } from "./demo-removal";

declare module "../kernel/capability" {
  interface Offered {
    content: ContentRepositories;
    demo: DemoContent;
  }
}

export const content = defineCapability({
  name: "content",
  needs: [],
  offers: ["content", "demo"],
  tables: ["site", "articles", "experiences", "education"],
  create(_, { store, config, logger }) {
    const content = createContentRepositories(store);
    if (config.seedDemo && !content.site.exists()) {
      seedDemoContent(store, content);
      logger.info("Filled the empty database with fictional demo content");
    }
    return { content, demo: createDemoContent(store, content) };
  },
  routes: ({ content, demo }, { config }) => ({
    api: contentRoutes(content, demo, config.publicCacheControl),
  }),
});
