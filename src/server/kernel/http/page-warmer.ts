/** What the serving process renders into the public cache ahead of visitors: every public page that is the same for every visitor and not keyed by a query. */
export const WARM_PATHS = ["/", "/sitemap.xml", "/feed.xml", "/robots.txt"] as const;

type AppFetch = (request: Request) => Response | Promise<Response>;

/**
 * Asks the app for the public pages as a first visitor would, so the public cache
 * (public-cache.ts) holds them before anyone comes: at start, and again right after each write
 * has emptied it (write-reactions.ts). No visitor, and no CDN in front, waits on a first render.
 *
 * Does nothing until `start` (the serving process, main.ts): the CLI and tests that do not ask
 * for it never render ahead. Writes come in bursts (an import stores many articles): one warm-up
 * runs at a time, and writes during it make one more after it, not one each.
 */
export function createPageWarmer(options: {
  paths: readonly string[];
  /** Settles once the cache has recompressed what it was asked for again (`PublicCache.upgraded`). */
  upgraded(): Promise<void>;
  onError(error: unknown): void;
}) {
  let app: { fetch: AppFetch; origin: string } | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  async function warmAll(target: { fetch: AppFetch; origin: string }) {
    try {
      do {
        // After the rest of this burst of writes has committed.
        await new Promise((resolve) => setImmediate(resolve));
        again = false;
        // Each page twice: the second answer comes from the cache, which then keeps the page as one
        // visitors ask for again and recompresses it at the best levels before anyone comes.
        for (const path of [...options.paths, ...options.paths]) {
          const response = await target.fetch(
            new Request(new URL(path, target.origin), { headers: { "Accept-Encoding": "br, gzip" } }),
          );
          await response.body?.cancel();
        }
        await options.upgraded();
      } while (again);
    } catch (error) {
      options.onError(error);
    } finally {
      running = undefined;
    }
  }

  const warm = (): Promise<void> => {
    if (!app) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = warmAll(app);
    return running;
  };

  return {
    /** Starts warming: now, and after every `warm()` from then on. `origin` is the site's address as visitors ask for it. */
    start(fetch: AppFetch, origin: string): Promise<void> {
      app = { fetch, origin };
      return warm();
    },
    /** Renders the pages again soon (after a write emptied the cache); settles when they are kept. */
    warm,
    /** Settles once no warm-up is under way (tests). */
    idle: (): Promise<void> => running ?? Promise.resolve(),
  };
}
export type PageWarmer = ReturnType<typeof createPageWarmer>;
