import path from "node:path";
import { defineCapability } from "../kernel/capability";
import { safeFetch } from "../kernel/fetch/safe-fetch";
import { imageRoutes } from "./image-routes";
import { createImageService, type ImageService } from "./image-service";
import { siteImageFiles } from "./site-image-files";

declare module "../kernel/capability" {
  interface Offered {
    images: ImageService;
  }
  interface CapabilityOptions {
    /** Caches the hero's and the first articles' pictures ahead of visitors after each change (the server). */
    warmImages?: boolean;
  }
}

export const images = defineCapability({
  name: "images",
  needs: ["content", "keptTexts", "uploads", "lowSpace"],
  offers: ["images"],
  tables: [],
  create: ({ content, keptTexts, uploads, lowSpace }, { config, logger }) => ({
    images: createImageService({
      dir: path.join(config.dataDir, "images"),
      // Not through the outlet gate: a visitor's page waits for these pictures, as a browser showing
      // them would, and each is fetched once and kept.
      fetchImage: (url) => safeFetch(url, { allowPrivate: config.fetchAllowPrivate, accept: ["image/"] }),
      content,
      keptTexts,
      logger,
      localImages: [uploads.imageSource, siteImageFiles([path.join(config.buildDir, "client"), "public"])],
      maxBytes: config.imageCacheMb * 1024 * 1024,
      lowSpace,
    }),
  }),
  routes: ({ images }, { config, clientIp }) => ({
    api: imageRoutes(images, { clientIp, missesPerAddress: config.imageMissesPerAddress }),
  }),
  // The hero and the first articles' images are cached ahead of visitors, at start and after
  // every change of them (only in the serving process: the CLI and most tests never fetch ahead).
  background: ({ images }) => ({ start: () => images.scheduleWarm() }),
  reactions:
    ({ images }, { options }) =>
    (event) => {
      if (options.warmImages && (event.topic === "articles" || event.topic === "site")) images.scheduleWarm();
    },
});
