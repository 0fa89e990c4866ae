import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { copyFileAtomic } from "../kernel/disk/atomic-write";
import type { Metadata } from "sharp";
import { exportedUploadsSchema, uploadNameSchema, type ExportedUpload } from "./upload-schemas";
import { UPLOAD_MAX_BYTES } from "../../domain/uploads";
import { IMAGE_LIMITS } from "../kernel/process-image";
import { extensionOfName, type UploadService } from "./upload-service";
import { readImageHeader } from "./process-upload";

export type CheckedUpload = { name: string; body: Buffer };

const FORMAT_OF: Record<string, string> = { jpg: "jpeg", png: "png", webp: "webp", avif: "heif", gif: "gif" };

/** Every upload as `{name, data}` with the bytes in base64, for `byline export`. */
export async function exportUploads(
  uploads: Pick<UploadService, "names" | "read">,
): Promise<ExportedUpload[]> {
  const files: ExportedUpload[] = [];
  for (const name of await uploads.names()) {
    const file = await uploads.read(name);
    if (file) files.push({ name, data: file.body.toString("base64") });
  }
  return files;
}

/**
 * Checks the `uploads` of an import file without writing anything: each name must be the SHA-256
 * of its bytes, and the bytes an image of the format its extension names, within the size and
 * pixel limits and without metadata (as our own uploads are stored). Returns the problems found.
 */
export async function checkImportedUploads(
  raw: unknown,
): Promise<{ files: CheckedUpload[]; problems: string[] }> {
  const parsed = exportedUploadsSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      files: [],
      problems: parsed.error.issues.slice(0, 20).map((i) => `uploads.${i.path.join(".")}: ${i.message}`),
    };
  }
  const files: CheckedUpload[] = [];
  const problems: string[] = [];
  for (const [index, { name, data }] of parsed.data.entries()) {
    const body = Buffer.from(data, "base64");
    const problem = await problemWith(name, body);
    if (problem) problems.push(`uploads.${index} (${name}): ${problem}`);
    else files.push({ name, body });
  }
  return { files, problems };
}

async function problemWith(name: string, body: Buffer): Promise<string | undefined> {
  if (body.length > UPLOAD_MAX_BYTES) return "larger than 15 MB";
  if (createHash("sha256").update(body).digest("hex") !== name.slice(0, name.indexOf("."))) {
    return "the name is not the SHA-256 of the file";
  }
  let metadata: Metadata;
  try {
    metadata = await readImageHeader(body);
  } catch {
    return "not an image";
  }
  if (metadata.format !== FORMAT_OF[extensionOfName(name)])
    return `a ${metadata.format} image named .${extensionOfName(name)}`;
  if ((metadata.width ?? 0) * (metadata.height ?? 0) * (metadata.pages ?? 1) > IMAGE_LIMITS.maxInputPixels) {
    return "over the pixel limit";
  }
  if (metadata.exif || metadata.xmp || metadata.iptc) return "carries EXIF, XMP or IPTC metadata";
  return undefined;
}

/**
 * Makes `target` hold exactly the uploads of `uploads.dir`: copies the missing files and removes
 * upload files that are gone from the source (names are content hashes, so same name, same bytes).
 */
export async function mirrorUploads(
  uploads: Pick<UploadService, "names" | "dir">,
  target: string,
): Promise<number> {
  await fs.mkdir(target, { recursive: true, mode: 0o700 });
  const names = await uploads.names();
  const wanted = new Set(names);
  const present = new Set(await fs.readdir(target));
  for (const name of names) {
    if (present.has(name)) continue;
    await copyFileAtomic(path.join(uploads.dir, name), path.join(target, name));
  }
  const stale = [...present].filter((name) => !wanted.has(name) && uploadNameSchema.safeParse(name).success);
  await Promise.all(stale.map((name) => fs.rm(path.join(target, name), { force: true })));
  return names.length;
}
