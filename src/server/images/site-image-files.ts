import { readFile } from "node:fs/promises";
import path from "node:path";
import type { LocalImageSource } from "./image-service";

const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
};

/**
 * A picture shipped with the site (`/demo/…`, or a file the owner put in `public/`): plain names
 * of folders and files with an image extension, none starting with a dot, so no `..` can take a
 * path joined to a folder out of it.
 */
const SITE_IMAGE_FILE = /^\/(?:[a-z0-9_-][a-z0-9._-]*\/)*[a-z0-9_-][a-z0-9._-]*\.(jpe?g|png|webp|gif|avif)$/i;

export function isSiteImageFile(url: string): boolean {
  return SITE_IMAGE_FILE.test(url);
}

/**
 * The site's own picture files (the demo content's, any other in `public/`) for the image cache
 * and the share cards, read from the first of `dirs` that has them (the build's client folder, or
 * `public/` before a build).
 */
export function siteImageFiles(dirs: string[]): LocalImageSource {
  return {
    owns: isSiteImageFile,
    async read(url) {
      if (!isSiteImageFile(url)) throw new Error("404 Not Found");
      const extension = url.slice(url.lastIndexOf(".") + 1).toLowerCase();
      for (const dir of dirs) {
        const body = await readFile(path.join(dir, url)).catch(() => undefined);
        if (body) return { body, contentType: TYPES[extension] ?? "application/octet-stream" };
      }
      throw new Error("404 Not Found");
    },
  };
}
