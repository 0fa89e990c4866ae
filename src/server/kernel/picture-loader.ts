import { namesGeneratedPath } from "../../domain/generated-paths";
import { IMAGE_CACHE_PATH, imageCacheSrc } from "../../domain/image-src";
import type { Config } from "./config";

/** How long a share card or an icon waits for its picture before it is drawn without one. */
export const PICTURE_TIMEOUT_MS = 4000;
/** A card or icon drawn without the picture it names is drawn again this long after. */
export const PICTURE_RETRY_MS = 5 * 60 * 1000;
/** The image cache answers 960 px copies of a few hundred kB; anything near this is not one. */
const MAX_PICTURE_BYTES = 16 * 1024 * 1024;

export type PictureLoaderOptions = {
  /** Asks this app itself for a path on the site (`app.request`). */
  request(path: string): Promise<Response>;
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
 * card or an icon, from the app itself: 960 px wide through the image cache, with its safe fetcher
 * and limits; other paths on this site as they are.
 *
 * Resolves null when the address names no picture that may be loaded: empty, not an image
 * address, or one of the site's own generated answers (a card whose photo is a card would wait on
 * its own render). Rejects when the picture cannot be had within `timeoutMs`: a failed answer, a
 * slow one or one too large.
 */
export function createPictureLoader(options: PictureLoaderOptions) {
  return async function loadPicture(address: string): Promise<Buffer | null> {
    if (namesGeneratedPath(address, options.isOwnHost)) return null;
    const base = imageCacheSrc(address);
    if (!base) return null;
    const src = base.startsWith(IMAGE_CACHE_PATH) ? `${base}&w=960&f=base` : base;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
    const expired = new Promise<never>((_, reject) =>
      deadline.signal.addEventListener("abort", () =>
        reject(new Error(`No picture within ${options.timeoutMs} ms`)),
      ),
    );
    try {
      return await Promise.race([readPicture(options.request(src), deadline.signal), expired]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The answer's bytes; a body still arriving when the deadline passes is cancelled, not left open. */
async function readPicture(answer: Promise<Response>, deadline: AbortSignal): Promise<Buffer> {
  const response = await answer;
  if (!response.ok || !response.body || deadline.aborted) {
    await response.body?.cancel().catch(() => {});
    throw new Error(`The picture's address answered ${response.status}`);
  }
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  deadline.addEventListener("abort", stop, { once: true });
  try {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return Buffer.concat(chunks);
      size += value.byteLength;
      if (size > MAX_PICTURE_BYTES) {
        stop();
        throw new Error("The picture is too large");
      }
      chunks.push(value);
    }
  } finally {
    deadline.removeEventListener("abort", stop);
  }
}
