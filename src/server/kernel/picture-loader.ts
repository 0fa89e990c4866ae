import { namesGeneratedPath } from "../../domain/generated-paths";
import { imageCacheSrc } from "../../domain/image-src";
import type { Config } from "./config";

/** How long a share card or an icon waits for its picture before it is drawn without one. */
export const PICTURE_TIMEOUT_MS = 4000;
/** A card or icon drawn without the picture it names is drawn again this long after. */
export const PICTURE_RETRY_MS = 5 * 60 * 1000;
/** Wide enough for a 1200 x 630 card's photo and a 512 px icon. */
const PICTURE_WIDTH = 960;

export type PictureLoaderOptions = {
  /** The picture at `url`, `width` wide; rejects when there is none to have. */
  read(url: string, width: number): Promise<Buffer>;
  /** Whether an absolute address's host name is this site's. */
  isOwnHost(hostname: string): boolean;
  timeoutMs: number;
};

/**
 * This site's host names: PUBLIC_URL's, the address it listens on, and loopback (without
 * PUBLIC_URL the site may be reached by any name; a generated answer asked for under another name
 * still ends at the time limit).
 */
export function ownHostTest(config: Pick<Config, "publicUrl" | "host">): (hostname: string) => boolean {
  const names = new Set([
    new URL(config.publicUrl).hostname,
    config.host.toLowerCase(),
    "0.0.0.0",
    "[::]",
    "[::1]",
  ]);
  return (hostname) =>
    names.has(hostname) ||
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    /^127\./.test(hostname);
}

/**
 * Loads a picture the site uses (the hero image, an article's image, the Site icon) for a share
 * card or an icon, 960 px wide, through `read` (the image service: its cache, safe fetcher and
 * limits).
 *
 * Resolves null when the address names no picture that may be loaded: empty, not an image
 * address, or one of the site's own generated answers (a card whose photo is a card would wait on
 * its own render). Rejects when the picture cannot be had within `timeoutMs`.
 */
export function createPictureLoader(options: PictureLoaderOptions) {
  return async function loadPicture(address: string): Promise<Buffer | null> {
    const url = address.trim();
    if (imageCacheSrc(url) === "" || namesGeneratedPath(url, options.isOwnHost)) return null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`No picture within ${options.timeoutMs} ms`)),
        options.timeoutMs,
      );
    });
    try {
      return await Promise.race([options.read(url, PICTURE_WIDTH), expired]);
    } finally {
      clearTimeout(timer);
    }
  };
}
