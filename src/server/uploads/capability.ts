import { Hono } from "hono";
import path from "node:path";
import { defineCapability } from "../kernel/capability";
import type { AppEnv } from "../kernel/http/app-env";
import { servedUploads, UPLOAD_API_PATH, uploadBodyLimit, uploadRoutes } from "./upload-routes";
import { createUploadService, type UploadService } from "./upload-service";

declare module "../kernel/capability" {
  interface Offered {
    uploads: UploadService;
  }
}

export const uploads = defineCapability({
  name: "uploads",
  needs: ["content"],
  offers: ["uploads"],
  tables: [],
  create: ({ content }, { config }) => ({
    uploads: createUploadService({ dir: path.join(config.dataDir, "uploads"), content }),
  }),
  routes: ({ uploads }) => ({
    api: uploadRoutes(uploads),
    site: new Hono<AppEnv>().route("/uploads", servedUploads(uploads)),
    largeBody: { path: UPLOAD_API_PATH, limit: uploadBodyLimit },
  }),
});
