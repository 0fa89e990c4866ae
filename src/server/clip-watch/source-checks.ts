import { articleUrlKey } from "../../domain/article-url";
import { FAILURES_BEFORE_PAUSE } from "../../domain/clip-watch";
import type { LinkIntake, Run } from "./link-intake";
import { fetchDocument, readFetchedLinks } from "./source-documents";
import { isBusy, WatchStoppedError, type WatchContext } from "./watch-context";
import { errorReason } from "../../domain/error-reason";
import type { SourceRow } from "./watch-repository";
import { nextSlot } from "./watch-schedule";

/** Pages one check of a source reads at most; the rest wait for the next check. */
const READS_PER_CHECK = 50;
/** A document read for the first time: only its newest links are read, the rest are the back catalogue. */
const NEWEST_ON_FIRST_READ = 10;
/** Links taken from one document (a sitemap holds at most 50,000). */
const LINKS_PER_DOCUMENT = 50_000;
/** Sitemaps of a sitemap index read in one check. */
const SITEMAPS_PER_INDEX = 5;
/**
 * Links looked up, noted or marked seen in one go: a few milliseconds of SQLite, then other
 * requests get their turn (a sitemap index lists up to 250,000).
 */
const SEEN_BATCH = 1000;

/** Lets the event loop answer whatever waits before the next batch. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What one check learnt of a source's listing: `complete` once every document it reads was read whole. */
type Listing = { complete: boolean };

/**
 * Checking a source: its documents asked for conditionally, the links they newly list handed to
 * the intake within the check's budget, the links it stopped listing forgotten, and the outcome
 * (with its next moment in the schedule) recorded.
 */
export function createSourceChecks(ctx: WatchContext, intake: LinkIntake) {
  const { deps, repo, logger, iso } = ctx;
  const { store } = deps;

  /**
   * The links of a document not to be read yet (not seen by any source, offered or in the
   * portfolio), looked up in batches; every key is noted as listed by the source on the way.
   */
  async function unseenLinks(sourceId: string, links: { articles: string[]; articleKeys: string[] }) {
    const inPortfolio = ctx.portfolioKeys();
    const unseen: { link: string; key: string }[] = [];
    for (let start = 0; start < links.articleKeys.length; start += SEEN_BATCH) {
      const keys = links.articleKeys.slice(start, start + SEEN_BATCH);
      repo.noteListed(sourceId, keys);
      repo.touchListed(
        sourceId,
        keys.filter((key) => inPortfolio.has(key)),
        iso(),
      );
      const known = repo.knownAmong(keys);
      keys.forEach((key, i) => {
        if (!known.has(key) && !inPortfolio.has(key)) unseen.push({ link: links.articles[start + i]!, key });
      });
      await yieldToOthers();
    }
    return unseen;
  }

  async function markSeenInBatches(sourceId: string, keys: readonly string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += SEEN_BATCH) {
      repo.markSeenBatch(sourceId, keys.slice(start, start + SEEN_BATCH), iso());
      await yieldToOthers();
    }
  }

  /** After a complete read: forgets the seen links the source no longer lists, a batch at a time. */
  async function pruneSeen(sourceId: string): Promise<void> {
    for (let after: string | undefined = ""; after !== undefined; await yieldToOthers()) {
      after = repo.pruneSeen(sourceId, after, SEEN_BATCH);
    }
  }

  async function forgetListing(sourceId: string): Promise<void> {
    while (repo.clearListed(sourceId, SEEN_BATCH) > 0) await yieldToOthers();
  }

  /**
   * Reads one document of a source (the source itself, or a sitemap of its index) and the pages
   * it newly lists, within the check's budget. Returns the sitemaps it names.
   */
  async function checkDocument(
    source: SourceRow,
    url: string,
    follow: number,
    budget: { reads: number },
    run: Run,
    listing: Listing,
  ): Promise<string[]> {
    const urlKey = articleUrlKey(url);
    const firstRead = repo.validators(source.id, urlKey) === undefined;
    const document = await fetchDocument(ctx, source, url);
    if (!document) {
      // Unchanged: its links are not known this time, so nothing can be pruned.
      listing.complete = false;
      return [];
    }
    const links = await readFetchedLinks(document.page, {
      skip: [],
      read: [urlKey, articleUrlKey(document.page.url)],
      wanted: LINKS_PER_DOCUMENT,
      pages: follow,
    });
    const unseen = await unseenLinks(source.id, links);
    const wanted = firstRead ? NEWEST_ON_FIRST_READ : budget.reads;
    const toRead = unseen.slice(0, Math.max(0, wanted)).map(({ link }) => link);
    budget.reads -= firstRead ? 0 : toRead.length;
    if (firstRead) {
      // The back catalogue is the import's: only what is new from now on is read.
      await markSeenInBatches(
        source.id,
        unseen.slice(toRead.length).map(({ key }) => key),
      );
    }
    const handled = await Promise.all(toRead.map((link) => intake.readLinkOnce(source, link, run)));
    const finished = handled.every(Boolean) && (firstRead || toRead.length === unseen.length);
    // Asked conditionally next time only once everything it listed was handled; otherwise it is read in full again.
    store.write("watch", (tx) =>
      repo.putValidators(tx, {
        sourceId: source.id,
        urlKey,
        etag: finished ? document.etag : "",
        lastModified: finished ? document.lastModified : "",
      }),
    );
    return links.kind === "sitemap" ? links.follow : [];
  }

  function recordOutcome(source: SourceRow, failure: string | undefined): void {
    const at = ctx.now();
    const checkedAt = at.toISOString();
    const nextCheckAt = new Date(nextSlot(source.id, at.getTime(), deps.intervalMs)).toISOString();
    store.write("watch", (tx) => {
      const current = repo.source(source.id);
      if (!current) return;
      if (failure === undefined) {
        repo.updateSource(tx, source.id, {
          lastCheckedAt: checkedAt,
          nextCheckAt,
          state: "ok",
          failures: 0,
          failingSince: null,
          lastError: "",
        });
        return;
      }
      const failures = current.failures + 1;
      repo.updateSource(tx, source.id, {
        lastCheckedAt: checkedAt,
        nextCheckAt,
        state: failures >= FAILURES_BEFORE_PAUSE ? "paused" : "failing",
        failures,
        failingSince: current.failingSince ?? checkedAt,
        lastError: failure,
      });
    });
    if (failure !== undefined)
      logger.warn({ sourceId: source.id, url: source.url, reason: failure }, "A watched source failed");
  }

  return {
    async checkSource(source: SourceRow, run: Run): Promise<void> {
      const budget = { reads: READS_PER_CHECK };
      const listing: Listing = { complete: true };
      let failure: string | undefined;
      try {
        const sitemaps = await checkDocument(source, source.url, SITEMAPS_PER_INDEX, budget, run, listing);
        for (const sitemap of sitemaps) {
          try {
            await checkDocument(source, sitemap, 0, budget, run, listing);
          } catch (error) {
            if (error instanceof WatchStoppedError) throw error;
            listing.complete = false;
            logger.info(
              { sourceId: source.id, url: sitemap, reason: errorReason(error) },
              "A sitemap of a watched index failed",
            );
          }
        }
        if (listing.complete && !ctx.isStopped()) await pruneSeen(source.id);
      } catch (error) {
        // Busy parse workers say nothing about the source: it is due again at the next look.
        if (error instanceof WatchStoppedError || isBusy(error)) return;
        failure = errorReason(error);
      } finally {
        await forgetListing(source.id);
      }
      if (!ctx.isStopped()) recordOutcome(source, failure);
    },
  };
}
