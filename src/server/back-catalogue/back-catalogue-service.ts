import { randomUUID } from "node:crypto";
import { articleUrlKey } from "../../domain/article-url";
import type { ImportJob } from "../../domain/back-catalogue";
import type { Article, ArticleInput } from "../../domain/content";
import { foundArticleInput } from "../../domain/found-article";
import type { ArticleDetails } from "../page-reading/page-reading";
import { discoverArticles, type FetchedPage } from "../kernel/discover/discover";
import type { CatalogueJobs, Lease } from "./catalogue-jobs";
import { createReadLimiter } from "../kernel/discover/read-limiter";
import { errorReason } from "../../domain/error-reason";
import { createBackgroundWorker } from "../kernel/background-worker";

/**
 * Pages read at the same time: 2 per outlet (issue 17: polite), 6 in all (issue 26: a sitemap
 * of 500 subdomains must not start 500 downloads). With the safe fetcher's 5 MB limit per page,
 * at most 30 MB of page bytes are held at once.
 */
const READ_LIMITS = { total: 6, perOutlet: 2 };
/**
 * Page text one job stores until the owner adds it: pages beyond it are not read. About 500
 * articles of 30 KB; an outlet serving 200,000-character pages stops at about 80.
 */
const STORED_TEXT_BYTES = 16 * 1024 * 1024;
/** How long a process owns a job without renewing its lease, and how often it renews it. */
const LEASE_MS = 15_000;
const HEARTBEAT_MS = 3_000;
/** A job is taken over once after the process running it stopped; the second time it waits for the owner. */
const MAX_INTERRUPTIONS = 2;

export type BackCatalogueDeps = {
  jobs: CatalogueJobs;
  articles: { list(): readonly Article[]; create(input: ArticleInput): Article };
  /** Any page, feed or sitemap, through the safe fetcher; throws with the reason. */
  fetchText(url: string): Promise<FetchedPage>;
  /** Page reading's "fetch details" for one article page (nothing kept); throws with the reason. */
  fetchDetails(url: string): Promise<ArticleDetails>;
  /** Reads the pages of the articles just added again, and keeps them as their captures. */
  keepLater(articleIds: readonly string[]): void;
  logger: { info(details: object, message: string): void };
  /** Tests: a clock (leases), a faster heartbeat, a smaller text budget. */
  now?: () => number;
  heartbeatMs?: number;
  storedTextBytes?: number;
};

export class CatalogueBusyError extends Error {
  override readonly name = "CatalogueBusyError";
}

export class CatalogueNotInterruptedError extends Error {
  override readonly name = "CatalogueNotInterruptedError";
}

const BUSY = "An import is already running. Cancel it or wait for it to finish.";

/**
 * Back-catalogue imports (issue 17): finds the article links at a URL, reads each page in the
 * background, and adds the ones the owner selects. Jobs live in SQLite, so a reload sees them.
 *
 * One process runs a job at a time (the server, or `byline import-from`): it holds a lease on it
 * and renews it every few seconds. The server (`resume()`) takes over a job whose process
 * stopped, once; a job interrupted again waits as 'interrupted' until the owner resumes it.
 */
export function createBackCatalogue(deps: BackCatalogueDeps) {
  const { jobs, logger } = deps;
  const now = deps.now ?? Date.now;
  const budget = deps.storedTextBytes ?? STORED_TEXT_BYTES;
  const holder = `${process.pid}-${randomUUID()}`;
  const lease = (): Lease => ({ holder, now: now(), until: now() + LEASE_MS });
  const limiter = createReadLimiter(READ_LIMITS);
  const running = new Map<string, { controller: AbortController; finished: Promise<void> }>();
  let watching = false;

  const portfolioKeys = () => new Set(deps.articles.list().map((article) => articleUrlKey(article.url)));

  async function discover(id: string, url: string, signal: AbortSignal): Promise<void> {
    const found = await discoverArticles(url, { fetchText: deps.fetchText, known: portfolioKeys(), signal });
    signal.throwIfAborted();
    jobs.saveDiscovery(id, holder, found);
  }

  async function readPage(id: string, position: number, url: string, stored: { bytes: number }) {
    if (stored.bytes >= budget) {
      const megabytes = Math.round(budget / (1024 * 1024));
      jobs.saveRead(id, holder, position, {
        error: `Not read: this import already holds ${megabytes} MB of article text. Add the articles you want, then import again for the rest.`,
      });
      return;
    }
    const { title, outlet, date, description, image, author, content } = await deps.fetchDetails(url);
    // 'Fetch details' takes a page without article text (a sign-up form, a section front);
    // the back catalogue wants articles only.
    if (content.trim() === "") {
      jobs.saveRead(id, holder, position, { error: "No article text found on the page" });
      return;
    }
    stored.bytes += Buffer.byteLength(content);
    jobs.saveRead(id, holder, position, {
      details: { title, outlet, date, description, image, author, content },
    });
  }

  async function readPages(id: string, signal: AbortSignal): Promise<void> {
    const stored = { bytes: jobs.storedTextBytes(id) };
    await limiter.readAll(jobs.pending(id), signal, async ({ position, url }) => {
      try {
        await readPage(id, position, url, stored);
      } catch (error) {
        if (signal.aborted) return;
        jobs.saveRead(id, holder, position, {
          error: errorReason(error),
        });
      }
    });
  }

  /** Runs a job this process holds the lease of. */
  function run(id: string): void {
    const controller = new AbortController();
    const { signal } = controller;
    const finished = (async () => {
      const job = jobs.get(id);
      if (!job) return;
      try {
        if (job.status === "discovering") await discover(id, job.url, signal);
        await readPages(id, signal);
        if (!signal.aborted) jobs.finish(id, holder, "done");
      } catch (error) {
        if (signal.aborted) return;
        const reason = errorReason(error);
        logger.info({ importId: id, url: job.url, reason }, "The import could not read its page");
        jobs.finish(id, holder, "failed", reason);
      } finally {
        // Stopped unfinished (the process is stopping): the next start takes it over at once.
        jobs.release(id, holder);
      }
    })()
      .catch((error: unknown) => logger.info({ importId: id, reason: String(error) }, "The import stopped"))
      .finally(() => running.delete(id));
    running.set(id, { controller, finished });
    heartbeat.start();
  }

  /** Takes over the unfinished jobs whose process stopped (the server only). */
  function takeOverStopped(): void {
    for (const id of jobs.unfinishedIds()) {
      if (running.has(id)) continue;
      const outcome = jobs.takeOver(id, lease(), MAX_INTERRUPTIONS);
      if (outcome === "run") run(id);
      if (outcome === "interrupted")
        logger.info({ importId: id }, "The import was interrupted twice: it waits for the owner");
    }
  }

  function beat(): void {
    try {
      const until = now() + LEASE_MS;
      for (const [id, { controller }] of running) {
        // Cancelled by the owner, or taken over after this process stalled past its lease.
        if (!jobs.renew(id, holder, until)) controller.abort();
      }
      if (watching) takeOverStopped();
    } catch (error) {
      // The database stayed locked past its busy timeout: the next beat tries again.
      logger.info({ reason: String(error) }, "The import heartbeat could not reach the database");
    }
  }

  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  /** Beats while this process runs a job, or watches for jobs to take over (the server). */
  const heartbeat = createBackgroundWorker({
    isDue: () => running.size > 0 || watching,
    pass: async () => beat(),
    intervalMs: heartbeatMs,
    firstWaitMs: heartbeatMs,
    onError: (error) => logger.info({ reason: String(error) }, "The import heartbeat failed"),
  });

  return {
    /** Starts an import of `url`; one at a time. */
    start(url: string): ImportJob {
      const id = jobs.create(url, lease());
      if (id === undefined) throw new CatalogueBusyError(BUSY);
      run(id);
      return jobs.get(id) as ImportJob;
    },
    get: (id: string) => jobs.get(id),
    latest(): ImportJob | undefined {
      const id = jobs.latestId();
      return id ? jobs.get(id) : undefined;
    },
    /** Resolves when the job's background work has stopped (at once when it is not running here). */
    finished: (id: string): Promise<void> => running.get(id)?.finished ?? Promise.resolve(),
    /** Cancels a running or interrupted job, whichever process runs it. */
    cancel(id: string): ImportJob | undefined {
      jobs.cancel(id);
      running.get(id)?.controller.abort();
      return jobs.get(id);
    },
    /** The owner's "Resume import" of an interrupted job. */
    resumeInterrupted(id: string): ImportJob | undefined {
      if (!jobs.get(id)) return undefined;
      const outcome = jobs.resume(id, lease());
      if (outcome === "busy") throw new CatalogueBusyError(BUSY);
      if (outcome === "not_interrupted")
        throw new CatalogueNotInterruptedError("This import is not waiting to be resumed.");
      run(id);
      return jobs.get(id);
    },
    /**
     * Adds the selected candidates that were read and are not in the portfolio yet, each as the
     * article a found page becomes (domain/found-article): its details, its tags, and the page's
     * text as its content.
     */
    add(id: string, positions: number[]): { added: Article[]; skipped: number } {
      const known = portfolioKeys();
      const added: Article[] = [];
      let skipped = 0;
      for (const row of jobs.candidates(id, positions)) {
        const input = foundArticleInput(row);
        if (row.status !== "ready" || known.has(articleUrlKey(row.url)) || !input) {
          skipped += 1;
          continue;
        }
        const article = deps.articles.create(input);
        known.add(articleUrlKey(row.url));
        jobs.markAdded(id, row.position, article.id);
        added.push(article);
      }
      // A review read is not kept: only a page that became one of the owner's articles is.
      deps.keepLater(added.map((article) => article.id));
      return { added, skipped };
    },
    /**
     * The server's start: takes over the imports whose process stopped (a restart, a killed
     * `import-from`), now and whenever another one's lease lapses.
     */
    resume(): void {
      watching = true;
      takeOverStopped();
      heartbeat.start();
    },
    /** Stops the background work of this process (the jobs stay unfinished, to be taken over). */
    async stop(): Promise<void> {
      watching = false;
      const all = [...running.values()];
      for (const { controller } of all) controller.abort();
      await Promise.all([heartbeat.stop(), ...all.map(({ finished }) => finished)]);
    },
  };
}

export type BackCatalogue = ReturnType<typeof createBackCatalogue>;
