import { OWNER_ONLY_TOPICS } from "../domain/content";
import type { Store } from "./kernel/db/open-database";
import type { PageWarmer } from "./kernel/http/page-warmer";
import type { createPublicCache } from "./kernel/http/public-cache";
import type { ImageService } from "./images/image-service";
import type { LiveEvents } from "./live/events-route";
import type { SocialCards } from "./social-card/social-cards";
import type { WaybackService } from "./wayback/wayback-service";
import type { WebArchive } from "./web-archive/web-archive-service";

export type WriteReactionParts = {
  store: Store;
  live: Pick<LiveEvents, "publish">;
  publicCache: Pick<ReturnType<typeof createPublicCache>, "invalidate">;
  pageWarmer: Pick<PageWarmer, "warm">;
  cards: Pick<SocialCards, "prune">;
  images: Pick<ImageService, "cache" | "scheduleWarm">;
  wayback: Pick<WaybackService, "articlesChanged">;
  webArchive: Pick<WebArchive, "sweepSoon">;
};

/**
 * Everything that follows a committed write, in one place. Repositories keep their own reads until
 * the next change of their topic (`Store.readUntilChange`); the rest is here.
 *
 * `warmImages` is for the serving process only: the CLI and most tests never fetch pictures ahead.
 */
export function wireWriteReactions(parts: WriteReactionParts, options: { warmImages: boolean }) {
  const { store, live, publicCache, pageWarmer, cards, images, wayback, webArchive } = parts;
  // The public pages are rendered again at once, not by the next visitor (in the serving process:
  // page-warmer.ts does nothing until started).
  const invalidatePages = () => {
    publicCache.invalidate();
    void pageWarmer.warm();
  };
  store.onChange((event) => {
    // Open pages hear of it over SSE (each stream keeps the owner's topics from visitors).
    live.publish(event);
    // Contact messages, link checks and import progress are seen only on the owner's pages, which
    // are never cached: a stream of them must not make every visitor's page a fresh render. (A link
    // check that finds an original gone records an "articles" change too.)
    if (!OWNER_ONLY_TOPICS.has(event.topic)) invalidatePages();
    // A changed or deleted article's share card is drawn again when next asked for.
    if (event.topic === "articles") {
      cards.prune();
      // A new article (or a new address, or an original found gone) is the Wayback worker's to look at.
      wayback.articlesChanged();
      // A deleted article's captures went with it (foreign key cascade): their files follow.
      webArchive.sweepSoon();
    }
    // The hero and the first articles' pictures are cached ahead of visitors.
    if (options.warmImages && (event.topic === "articles" || event.topic === "site")) {
      images.scheduleWarm();
    }
  });
  // Pages link stored pictures by version (`&v=`): a newly stored picture changes them.
  images.cache.onStored(invalidatePages);
}
