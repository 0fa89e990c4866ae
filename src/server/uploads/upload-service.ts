import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import {
  describeUses,
  isUploadPath,
  UPLOAD_CONTENT_TYPES,
  UPLOADS_PATH,
  uploadUrl,
  usesOfImage,
  type UploadExtension,
  type UploadInfo,
  type UploadResult,
} from "../../domain/uploads";
import { uploadNameSchema } from "./upload-schemas";
import type { ContentRepositories } from "../content/content-repositories";
import { IMAGE_WIDTHS } from "../../domain/image-src";
import { IMAGE_LIMITS } from "../kernel/process-image";
import { writeFileAtomic } from "../kernel/disk/atomic-write";
import { cleanUpload } from "./process-upload";

export type UploadServiceOptions = {
  /** `path.join(DATA_DIR, "uploads")`. */
  dir: string;
  content: Pick<ContentRepositories, "site" | "articles">;
};

export type RemoveResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

export function extensionOfName(name: string): UploadExtension {
  return name.slice(name.lastIndexOf(".") + 1) as UploadExtension;
}

/** Uploaded images on disk, named by the SHA-256 of their (cleaned) bytes, readable by the owner only. */
export function createUploadService({ dir, content }: UploadServiceOptions) {
  /** Only names that pass the schema are ever joined to the folder, so no path can leave it. */
  function fileOf(name: string): string | undefined {
    return uploadNameSchema.safeParse(name).success ? path.join(dir, name) : undefined;
  }

  async function ensureDir(): Promise<void> {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  }

  /** Writes bytes under their content hash; the same picture uploaded twice is one file. */
  async function store(body: Buffer, extension: UploadExtension): Promise<string> {
    const name = `${createHash("sha256").update(body).digest("hex")}.${extension}`;
    const target = path.join(dir, name);
    await ensureDir();
    if (await exists(target)) return name;
    await writeFileAtomic(target, body);
    return name;
  }

  /** The stored bytes and type of an upload, or undefined when there is none by that name. */
  async function read(name: string): Promise<{ body: Buffer; contentType: string } | undefined> {
    const file = fileOf(name);
    if (!file) return undefined;
    const body = await fs.readFile(file).catch(() => undefined);
    return body && { body, contentType: UPLOAD_CONTENT_TYPES[extensionOfName(name)] };
  }

  function uses(name: string) {
    return usesOfImage(uploadUrl(name), content.site.get(), content.articles.list());
  }

  async function info(name: string, uses: UploadInfo["usedBy"]): Promise<UploadInfo | undefined> {
    const file = fileOf(name);
    if (!file) return undefined;
    try {
      const [stat, metadata] = await Promise.all([fs.stat(file), sharp(file).metadata()]);
      return {
        name,
        url: uploadUrl(name),
        bytes: stat.size,
        width: metadata.width ?? 0,
        height: metadata.pageHeight ?? metadata.height ?? 0,
        createdAt: stat.mtime.toISOString(),
        usedBy: uses,
      };
    } catch {
      return undefined;
    }
  }

  return {
    dir,

    /** Checks, cleans and stores an uploaded file; throws UploadError (400/413) when refused. */
    async add(input: Buffer): Promise<UploadResult> {
      const clean = await cleanUpload(input);
      const name = await store(clean.body, clean.extension);
      return { url: uploadUrl(name), width: clean.width, height: clean.height, bytes: clean.body.length };
    },

    /** Stores a file that is already clean (a backup or export of ours), under the name it came with. */
    store,

    /** Every upload, newest first, with where it is used. */
    async list(): Promise<UploadInfo[]> {
      const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => fileOf(name));
      const site = content.site.get();
      const articles = content.articles.list();
      const rows = await Promise.all(
        names.map((name) => info(name, usesOfImage(uploadUrl(name), site, articles))),
      );
      return rows
        .filter((row) => row !== undefined)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.name.localeCompare(b.name));
    },

    /** Deletes an unused upload; one that the settings or an article still shows is refused (409). */
    async remove(name: string): Promise<RemoveResult> {
      const file = fileOf(name);
      if (!file || !(await exists(file)))
        return { ok: false, status: 404, message: "There is no such upload." };
      const usedBy = uses(name);
      if (usedBy.length > 0) {
        return {
          ok: false,
          status: 409,
          message: `This image is used by ${describeUses(usedBy)}. Choose another image there first, then delete it.`,
        };
      }
      await fs.rm(file, { force: true });
      return { ok: true };
    },

    read,

    /** The names of every stored upload (backups and exports). */
    async names(): Promise<string[]> {
      return (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => fileOf(name)).sort();
    },

    /**
     * The image cache's source for `/uploads/…` addresses: the local file instead of a fetch.
     * Files over the cache's input limit are first scaled to the widest responsive width (they are
     * ours and already checked).
     */
    imageSource: {
      owns: isUploadPath,
      async read(url: string): Promise<{ body: Buffer; contentType: string }> {
        const found = await read(url.slice(UPLOADS_PATH.length + 1));
        if (!found) throw new Error("404 Not Found");
        if (found.body.length <= IMAGE_LIMITS.maxInputBytes) return found;
        const widest = IMAGE_WIDTHS.at(-1) as number;
        const body = await sharp(found.body)
          .resize(widest, 4 * widest, { fit: "inside", withoutEnlargement: true })
          .png()
          .toBuffer();
        return { body, contentType: "image/png" };
      },
    },
  };
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

export type UploadService = ReturnType<typeof createUploadService>;
