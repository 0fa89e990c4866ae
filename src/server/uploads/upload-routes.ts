import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { uploadFormSchema, uploadNameSchema } from "./upload-schemas";
import { UPLOAD_MAX_BYTES } from "../../domain/uploads";
import type { AppEnv } from "../kernel/http/app-env";
import { apiError, fieldErrors } from "../kernel/http/api-error";
import { requireOwner } from "../kernel/http/owner-guard";
import { tooLarge, UploadError } from "./process-upload";
import type { UploadService } from "./upload-service";

/** Room for the multipart framing around the largest accepted file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** The upload route's own body limit, in place of the API's 1 MB one. */
export const uploadBodyLimit = bodyLimit({
  maxSize: UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD,
  onError: (c) => {
    const error = tooLarge();
    return apiError(c, error.status, error.code, error.message);
  },
});

export const UPLOAD_API_PATH = "/api/uploads";

/** `POST /uploads` (multipart `file`), `GET /uploads` (the Media list) and `DELETE /uploads/:name`, owner only. */
export function uploadRoutes(uploads: UploadService) {
  return new Hono<AppEnv>()
    .post("/uploads", requireOwner, async (c) => {
      let form: Record<string, unknown>;
      try {
        form = await c.req.parseBody();
      } catch (error) {
        // A body cut off by the size limit is the limit middleware's to answer (413).
        if (error instanceof Error && error.name === "BodyLimitError") throw error;
        return apiError(c, 400, "invalid_form", "Send the image as multipart/form-data in the field 'file'.");
      }
      const parsed = uploadFormSchema.safeParse(form);
      if (!parsed.success) {
        return apiError(
          c,
          400,
          "invalid_input",
          "Choose an image file to upload.",
          fieldErrors(parsed.error),
        );
      }
      try {
        const result = await uploads.add(Buffer.from(await parsed.data.file.arrayBuffer()));
        return c.json(result, 201);
      } catch (error) {
        if (error instanceof UploadError) return apiError(c, error.status, error.code, error.message);
        throw error;
      }
    })
    .get("/uploads", requireOwner, async (c) => c.json(await uploads.list()))
    .delete("/uploads/:name", requireOwner, async (c) => {
      const name = uploadNameSchema.safeParse(c.req.param("name"));
      if (!name.success) return apiError(c, 404, "not_found", "There is no such upload.");
      const removed = await uploads.remove(name.data);
      if (!removed.ok)
        return apiError(c, removed.status, removed.status === 409 ? "in_use" : "not_found", removed.message);
      return c.body(null, 204);
    });
}

const IMMUTABLE = "public, max-age=31536000, immutable";

/** `GET /uploads/<sha256>.<ext>`: the name is the content's hash, so the answer never changes. */
export function servedUploads(uploads: Pick<UploadService, "read">) {
  const notFound = (c: Parameters<typeof apiError>[0]) =>
    c.text("Not Found", 404, { "Cache-Control": "no-store" });
  return new Hono<AppEnv>()
    .get("/:name", async (c) => {
      const name = uploadNameSchema.safeParse(c.req.param("name"));
      const file = name.success ? await uploads.read(name.data) : undefined;
      if (!file) return notFound(c);
      return c.body(new Uint8Array(file.body), 200, {
        "Content-Type": file.contentType,
        "Cache-Control": IMMUTABLE,
        "X-Content-Type-Options": "nosniff",
      });
    })
    .all("*", notFound);
}
