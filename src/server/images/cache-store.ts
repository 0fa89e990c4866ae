import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { ImageType } from "./process-image";

export type VariantName = "base" | "webp";

export type StoredVariant = { contentType: ImageType; etag: string; size: number };

export type StoredEntry = { storedAt: number; variants: Record<VariantName, StoredVariant> };

const variantSchema = z.object({
  contentType: z.enum(["image/jpeg", "image/png", "image/webp"]),
  etag: z.string().min(1),
  size: z.number().int().nonnegative(),
});

const entrySchema = z.object({
  storedAt: z.number(),
  variants: z.object({ base: variantSchema, webp: variantSchema }),
});

const EXTENSIONS: Record<ImageType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

/** Every file this store writes: <sha256>.<json|jpg|png|webp>, or a temporary <sha256>.<random>.tmp. */
const FILE_NAME = /^([0-9a-f]{64})\.(json|jpg|png|webp|[0-9a-f]{16}\.tmp)$/;

/** File names come from this hash only, never from the URL text, so no path can escape `dir`. */
export function cacheKey(url: string): string {
  return createHash("sha256").update(url).digest("hex");
}

/**
 * Cached images on disk: per entry one JSON record (written last, so it marks a complete entry)
 * and one file per variant.
 */
export function createCacheStore(dir: string) {
  const file = (key: string, extension: string) => path.join(dir, `${key}.${extension}`);

  async function writeAtomically(target: string, data: Buffer | string): Promise<void> {
    const temporary = `${target.replace(/\.[a-z]+$/, "")}.${randomBytes(8).toString("hex")}.tmp`;
    try {
      await writeFile(temporary, data);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async function remove(key: string): Promise<void> {
    await rm(file(key, "json"), { force: true });
    await Promise.all(
      Object.values(EXTENSIONS).map((extension) => rm(file(key, extension), { force: true })),
    );
  }

  return {
    /** Reads every complete entry and deletes leftovers of interrupted writes. */
    async load(): Promise<Map<string, StoredEntry>> {
      await mkdir(dir, { recursive: true });
      const names = (await readdir(dir))
        .map((name) => FILE_NAME.exec(name))
        .filter((match) => match !== null);
      const entries = new Map<string, StoredEntry>();
      for (const [name, key, extension] of names) {
        if (key === undefined || extension !== "json") continue;
        const parsed = entrySchema.safeParse(
          await readFile(path.join(dir, name), "utf8")
            .then(JSON.parse)
            .catch(() => null),
        );
        if (parsed.success) entries.set(key, parsed.data);
      }
      const orphans = names
        .filter(([, key = ""]) => !entries.has(key))
        .map(([name]) => rm(path.join(dir, name), { force: true }));
      await Promise.all(orphans);
      return entries;
    },

    read(key: string, variant: StoredVariant): Promise<Buffer> {
      return readFile(file(key, EXTENSIONS[variant.contentType]));
    },

    async write(key: string, entry: StoredEntry, bodies: Record<VariantName, Buffer>): Promise<void> {
      await remove(key);
      for (const name of ["base", "webp"] as const) {
        await writeAtomically(file(key, EXTENSIONS[entry.variants[name].contentType]), bodies[name]);
      }
      await writeAtomically(file(key, "json"), JSON.stringify(entry));
    },

    remove,
  };
}
