import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../kernel/disk/atomic-write";
import type { ImageType } from "../kernel/process-image";

export type ImageFormat = "base" | "webp";

/** `fit` is the 600x400 copy served without a width; a number is one of the responsive widths. */
export type VariantSize = "fit" | number;

/** `fit.base`, `fit.webp`, `640.base`, `640.webp`, … */
export type VariantName = `${VariantSize}.${ImageFormat}`;

export type StoredVariant = { contentType: ImageType; etag: string; size: number };

export type StoredEntry = {
  storedAt: number;
  /** Names the source bytes and the processing: pages link `&v=` with it, cached for a year. */
  version: string;
  /** The responsive widths stored, ascending. */
  widths: number[];
  variants: Partial<Record<VariantName, StoredVariant>>;
};

export const variantName = (size: VariantSize, format: ImageFormat): VariantName => `${size}.${format}`;

const variantSchema = z.object({
  contentType: z.enum(["image/jpeg", "image/png", "image/webp"]),
  etag: z.string().min(1),
  size: z.number().int().nonnegative(),
});

const entrySchema = z
  .object({
    storedAt: z.number(),
    version: z.string().min(1),
    widths: z.array(z.number().int().positive()).min(1),
    variants: z.record(
      z.templateLiteral([z.union([z.literal("fit"), z.number()]), ".", z.enum(["base", "webp"])]),
      variantSchema,
    ),
  })
  // Complete: both formats at `fit` and at every width.
  .refine(({ widths, variants }) =>
    (["fit", ...widths] as VariantSize[]).every((size) =>
      (["base", "webp"] as const).every((format) => variants[variantName(size, format)]),
    ),
  );

const EXTENSIONS: Record<ImageType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

/**
 * Every file this store writes: <sha256>.json, <sha256>-<fit|width>.<jpg|png|webp>, or a temporary
 * <name>.<random>.tmp. The older layout (<sha256>.<jpg|png|webp>, no width) matches too, so its
 * leftovers are found and deleted.
 */
const FILE_NAME = /^([0-9a-f]{64})(?:-(?:fit|\d{1,4}))?\.(json|jpg|png|webp|[0-9a-f]{16}\.tmp)$/;

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
  const variantFile = (key: string, name: VariantName, variant: StoredVariant) =>
    path.join(dir, `${key}-${name.slice(0, name.indexOf("."))}.${EXTENSIONS[variant.contentType]}`);

  // The temporary name is one FILE_NAME knows, so `load` deletes what a crash left.
  const writeAtomically = (target: string, data: Buffer | string) =>
    writeFileAtomic(target, data, {
      temporary: `${target.replace(/\.[a-z]+$/, "")}.${randomBytes(8).toString("hex")}.tmp`,
    });

  /** The record first, so a crash halfway leaves orphans that `load` deletes, never half an entry. */
  async function remove(key: string): Promise<void> {
    await rm(file(key, "json"), { force: true });
    const names = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((name) => name.startsWith(key) && FILE_NAME.test(name))
        .map((name) => rm(path.join(dir, name), { force: true })),
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

    read(key: string, name: VariantName, variant: StoredVariant): Promise<Buffer> {
      return readFile(variantFile(key, name, variant));
    },

    async write(key: string, entry: StoredEntry, bodies: Map<VariantName, Buffer>): Promise<void> {
      await remove(key);
      for (const [name, body] of bodies) {
        const variant = entry.variants[name];
        if (variant) await writeAtomically(variantFile(key, name, variant), body);
      }
      await writeAtomically(file(key, "json"), JSON.stringify(entry));
    },

    remove,
  };
}
