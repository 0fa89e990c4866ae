import { readFile } from "node:fs/promises";
import path from "node:path";
import { isDemoImagePath } from "../../domain/image-src";
import type { LocalImageSource } from "./image-service";

const TYPES: Record<string, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" };

/**
 * The demo content's pictures for the image cache, read from the first of `dirs` that has them
 * (the build's client folder, or `public/` before a build). Only names that match the strict
 * demo pattern are joined to a folder, so no path can leave it.
 */
export function demoImageSource(dirs: string[]): LocalImageSource {
  return {
    owns: isDemoImagePath,
    async read(url) {
      if (!isDemoImagePath(url)) throw new Error("404 Not Found");
      for (const dir of dirs) {
        const body = await readFile(path.join(dir, url)).catch(() => undefined);
        if (body) return { body, contentType: TYPES[url.slice(url.lastIndexOf(".") + 1)] ?? "image/jpeg" };
      }
      throw new Error("404 Not Found");
    },
  };
}
