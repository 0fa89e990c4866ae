import { UPLOAD_NAME } from "../../domain/uploads";
import { z } from "../../domain/zod";

// The upload schemas live apart from uploads.ts: the public page imports that file (to recognise
// image addresses), and zod must stay out of the browser's first load.

export const uploadNameSchema = z.string().regex(UPLOAD_NAME, "There is no such upload.");

/** `POST /api/uploads`: one multipart field, `file`. Its size and content are checked by the server. */
export const uploadFormSchema = z.object({
  file: z.instanceof(Blob, { message: "Choose an image file to upload." }),
});

/** Uploads inside `byline export` JSON: each file's name and its bytes in base64. */
export const exportedUploadsSchema = z
  .array(z.object({ name: uploadNameSchema, data: z.base64("Not valid base64") }))
  .max(10_000, "At most 10000 uploads")
  .default([]);
export type ExportedUpload = z.infer<typeof exportedUploadsSchema>[number];
