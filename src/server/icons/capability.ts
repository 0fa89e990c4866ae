import { defineCapability } from "../kernel/capability";
import { iconRoutes } from "./icon-routes";
import { createSiteIcons } from "./site-icons";

declare module "../kernel/capability" {
  interface Offered {
    icons: ReturnType<typeof createSiteIcons>;
  }
}

export const icons = defineCapability({
  name: "icons",
  needs: ["content", "loadPicture"],
  offers: ["icons"],
  tables: [],
  create: ({ content, loadPicture }) => ({ icons: createSiteIcons(() => content.site.get(), loadPicture) }),
  routes: ({ icons }) => ({ site: iconRoutes(icons) }),
});
