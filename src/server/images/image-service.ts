import { isPlaceholderImage } from "../../domain/placeholder-images";
import { isHttpUrl } from "../../domain/safe-url";
import type { ContentRepositories } from "../content/content-repositories";
import type { SafeResponse } from "../kernel/fetch/safe-fetch";
import type { KeptTexts } from "../page-reading/kept-texts";
import { createImageCache } from "./image-cache";
import type { ImageCache, WarnLogger } from "./image-cache";
import { pausedWhile } from "../kernel/disk/pause-gate";

export type ImageServiceOptions = {
  /** Issue 41: why background writing should wait (the disk is low), or undefined. */
  lowSpace?: () => string | undefined;
  /** `path.join(DATA_DIR, "images")`: file names inside come from a hash, never from the URL. */
  dir: string;
  /** The safe fetcher, bound to FETCH_ALLOW_PRIVATE and image content types. */
  fetchImage: (url: string) => Promise<SafeResponse>;
  content: Pick<ContentRepositories, "articles" | "site">;
  keptTexts: Pick<KeptTexts, "usesImage">;
  logger: WarnLogger & { info(details: object, message: string): void };
  /** Coalesces bursts of article changes into one warm-up. */
  warmDelayMs?: number;
  /** Images stored on this server (uploads, the demo pictures): read from disk, never fetched. */
  localImages?: LocalImageSource[];
  /** Bytes the resized copies may take on disk. */
  maxBytes?: number;
};

export type LocalImageSource = {
  owns(url: string): boolean;
  read(url: string): Promise<{ body: Buffer; contentType: string }>;
};

/** The hero image and the first 10 articles' images are prepared ahead of visitors (docs/product.md, Images). */
const WARM_ARTICLES = 10;

/**
 * The image cache wired to the safe fetcher and to stored content: it only ever fetches the
 * images that the site's own content uses, and warms the first articles' images ahead of visitors.
 */
export function createImageService(options: ImageServiceOptions) {
  const { content, keptTexts, logger, fetchImage } = options;
  const localSource = (url: string) => options.localImages?.find((source) => source.owns(url));
  const cache: ImageCache = createImageCache({
    dir: options.dir,
    logger,
    maxBytes: options.maxBytes,
    async fetchImage(url) {
      const local = localSource(url);
      if (local) return local.read(url);
      const response = await fetchImage(url);
      if (response.status < 200 || response.status >= 300) {
        throw new Error(`${response.status} ${response.statusText}`.trimEnd());
      }
      return { body: response.body, contentType: response.contentType };
    },
  });

  /** Absolute (or uploaded) images named by an article, the site settings or an article's kept text. */
  function isKnownImage(url: string): boolean {
    if (!isHttpUrl(url) && !localSource(url)) return false;
    const site = content.site.get();
    if (site.heroImage === url || site.siteIcon === url) return true;
    if (content.articles.list().some((article) => article.image === url)) return true;
    return keptTexts.usesImage(url);
  }

  function imagesToWarm(): string[] {
    const articles = content.articles
      .list()
      .slice(0, WARM_ARTICLES)
      .map((article) => article.image);
    return [content.site.get().heroImage, ...articles].filter(
      (image) => (isHttpUrl(image) || Boolean(localSource(image))) && !isPlaceholderImage(image),
    );
  }

  let running: Promise<void> | undefined;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const paused = pausedWhile(options.lowSpace, logger, "The image warm-up");

  async function warmNow(): Promise<void> {
    if (paused()) return;
    await cache.load();
    const urls = imagesToWarm();
    if (urls.length === 0) return;
    const report = await cache.warm(urls);
    logger.info(
      { cached: report.cached.length, failed: report.failed.length },
      `Warmed the image cache for ${report.cached.length} of ${urls.length} images`,
    );
  }

  /** Warms the first articles' images soon; never runs two warm-ups at once, never throws. */
  function scheduleWarm(): void {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (running) {
        again = true;
        return;
      }
      running = warmNow()
        .catch((error: unknown) => logger.warn({ err: error }, "Could not warm the image cache"))
        .finally(() => {
          running = undefined;
          if (again) {
            again = false;
            scheduleWarm();
          }
        });
    }, options.warmDelayMs ?? 250);
    timer.unref?.();
  }

  return {
    cache,
    isKnownImage,
    /** What pages need to link an image's stored widths with `&v=`; only for images this site uses. */
    describe(url: string) {
      return isKnownImage(url) ? cache.describe(url) : undefined;
    },
    scheduleWarm,
    /**
     * A picture this site uses (the hero, an article's, the Site icon) `width` wide, for a share
     * card or an icon: from the cache and its stores, never over HTTP from the site itself.
     */
    async picture(url: string, width: number): Promise<Buffer> {
      if (!isKnownImage(url)) throw new Error("The site does not use this picture");
      return (await cache.get(url, { format: "base", width })).body;
    },
    /** Resolves when no warm-up is running or scheduled (tests, shutdown). */
    async idle(): Promise<void> {
      while (running) await running;
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
