import { articleUrlKey } from "../../domain/article-url";
import { isImportRunning, type ImportJob } from "../../domain/back-catalogue";
import { articleInputSchema, type Article, type ArticleInput } from "../../domain/content";
import { articleTags } from "../../web/features/portfolio/article-tags";
import type { ArticleDetails } from "../reader/reader-service";
import { siteHost } from "../reader/site-host";
import { discoverArticles, type FetchedPage } from "./discover";
import type { ImportJobs } from "./import-jobs";

/** Pages read at the same time on one outlet (issue 17: polite). */
const PER_HOST = 2;

export type ImportServiceDeps = {
  jobs: ImportJobs;
  articles: { list(): readonly Article[]; create(input: ArticleInput): Article };
  /** Any page, feed or sitemap, through the safe fetcher; throws with the reason. */
  fetchText(url: string): Promise<FetchedPage>;
  /** The reader's "fetch details" for one article page; throws with the reason. */
  fetchDetails(url: string): Promise<ArticleDetails>;
  logger: { info(details: object, message: string): void };
};

export class ImportBusyError extends Error {
  override readonly name = "ImportBusyError";
}

/**
 * Back-catalogue imports (issue 17): finds the article links at a URL, reads each page in the
 * background, and adds the ones the owner selects. Jobs live in SQLite, so a reload sees them and
 * `resume()` carries on after a restart.
 */
export function createImportService(deps: ImportServiceDeps) {
  const { jobs, logger } = deps;
  const running = new Map<string, { controller: AbortController; finished: Promise<void> }>();

  const portfolioKeys = () => new Set(deps.articles.list().map((article) => articleUrlKey(article.url)));

  async function discover(id: string, url: string, signal: AbortSignal): Promise<void> {
    const known = portfolioKeys();
    const found = await discoverArticles(url, {
      fetchText: deps.fetchText,
      isKnown: (link) => known.has(articleUrlKey(link)),
      signal,
    });
    signal.throwIfAborted();
    jobs.saveDiscovery(id, found);
  }

  async function readPages(id: string, signal: AbortSignal): Promise<void> {
    const byHost = new Map<string, { position: number; url: string }[]>();
    for (const row of jobs.pending(id)) {
      const host = siteHost(row.url);
      byHost.set(host, [...(byHost.get(host) ?? []), { position: row.position, url: row.url }]);
    }
    const worker = async (queue: { position: number; url: string }[]) => {
      for (let next = queue.shift(); next && !signal.aborted; next = queue.shift()) {
        try {
          const { title, outlet, date, description, image, author, content } = await deps.fetchDetails(
            next.url,
          );
          if (signal.aborted) return;
          // 'Fetch details' takes a page without article text (a sign-up form, a section front);
          // the back catalogue wants articles only.
          if (content.trim() === "") {
            jobs.saveRead(id, next.position, { error: "No article text found on the page" });
            continue;
          }
          jobs.saveRead(id, next.position, {
            details: { title, outlet, date, description, image, author, content },
          });
        } catch (error) {
          if (signal.aborted) return;
          jobs.saveRead(id, next.position, { error: error instanceof Error ? error.message : String(error) });
        }
      }
    };
    await Promise.all(
      [...byHost.values()].flatMap((queue) => Array.from({ length: PER_HOST }, () => worker(queue))),
    );
  }

  function run(id: string): void {
    const controller = new AbortController();
    const { signal } = controller;
    const finished = (async () => {
      const job = jobs.get(id);
      if (!job) return;
      try {
        if (job.status === "discovering") await discover(id, job.url, signal);
        await readPages(id, signal);
        if (!signal.aborted) jobs.setStatus(id, "done");
      } catch (error) {
        if (signal.aborted) return;
        const reason = error instanceof Error ? error.message : String(error);
        logger.info({ importId: id, url: job.url, reason }, "The import could not read its page");
        jobs.setStatus(id, "failed", reason);
      }
    })().finally(() => running.delete(id));
    running.set(id, { controller, finished });
  }

  return {
    /** Starts an import of `url`; one at a time. */
    start(url: string): ImportJob {
      const active = jobs.unfinishedIds();
      if (active.length > 0)
        throw new ImportBusyError("An import is already running. Cancel it or wait for it to finish.");
      const id = jobs.create(url);
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
    cancel(id: string): ImportJob | undefined {
      const job = jobs.get(id);
      if (!job) return undefined;
      if (isImportRunning(job)) jobs.setStatus(id, "cancelled");
      running.get(id)?.controller.abort();
      return jobs.get(id);
    },
    /**
     * Adds the selected candidates that were read and are not in the portfolio yet: their details,
     * a public tag where the known-tags rules name one, and the page's text as the article's
     * content (the archived text, as 'Fetch details' fills it in).
     */
    add(id: string, positions: number[]): { added: Article[]; skipped: number } {
      const known = portfolioKeys();
      const added: Article[] = [];
      let skipped = 0;
      for (const row of jobs.candidates(id, positions)) {
        const input = articleInputSchema.safeParse({
          title: row.title,
          outlet: row.outlet,
          url: row.url,
          date: row.date,
          description: row.description,
          image: row.image,
          content: row.content,
          tags: articleTags({ tags: [], url: row.url }),
        });
        if (row.status !== "ready" || known.has(articleUrlKey(row.url)) || !input.success) {
          skipped += 1;
          continue;
        }
        const article = deps.articles.create(input.data);
        known.add(articleUrlKey(row.url));
        jobs.markAdded(id, row.position, article.id);
        added.push(article);
      }
      return { added, skipped };
    },
    /** Carries on with the imports a restart interrupted. */
    resume(): void {
      for (const id of jobs.unfinishedIds()) if (!running.has(id)) run(id);
    },
    /** Stops the background work of this process (the jobs stay unfinished, to resume). */
    async stop(): Promise<void> {
      const all = [...running.values()];
      for (const { controller } of all) controller.abort();
      await Promise.all(all.map(({ finished }) => finished));
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
