import type { Logger } from "pino";
import { ApiProblem } from "../kernel/http/api-error";
import type { Article, OriginalGone } from "../../domain/content";
import {
  classifyAnswer,
  isCheckableLink,
  nextCheckState,
  type ArticleLinkHealth,
  type CheckOutcome,
  type LinkCheckRun,
  type LinkHealthReport,
} from "../../domain/link-health";
import { httpUrl } from "../../domain/url-schemas";
import type { ArticleRepository } from "../content/content-repositories";
import type { Store } from "../kernel/db/open-database";
import { SafeFetchError } from "../kernel/fetch/safe-fetch";
import { createBackgroundWorker } from "../kernel/background-worker";
import type { LinkCheckRepository } from "./link-check-repository";
import { errorReason } from "../../domain/error-reason";

/** The part of a fetched answer a check reads: where the redirects ended, and the status. */
export type VisitAnswer = { url: string; status: number; statusText: string };

export type LinkHealthOptions = {
  store: Store;
  articles: Pick<ArticleRepository, "list" | "get" | "moveTo">;
  checks: LinkCheckRepository;
  /** Which of these articles Byline holds text for (page reading keeps the copies). */
  holdingText: (articles: readonly Article[]) => Set<string>;
  /** "Archive now": page reading reads the live original and keeps it for the article. */
  archiveNow: (articleId: string) => Promise<{ fetchedAt: string; url: string }>;
  /**
   * One request for an address through the outlet gate (robots.txt, the pauses), redirects
   * followed, body not read; dropped while it waits once `signal` aborts.
   */
  visit: (url: string, signal: AbortSignal) => Promise<VisitAnswer>;
  logger: Pick<Logger, "info" | "warn" | "error">;
  now?: () => Date;
  /** How often the background timer looks for articles due a check. */
  tickMs?: number;
  /** The background timer's first look, after the start. */
  firstTickMs?: number;
  /** An article is due once its last check is this old: checks are daily. */
  dueAfterMs?: number;
  /** A reason to hold the checks for now (the worker's pauseWhen). */
  pauseWhen?: () => string | undefined;
};

const HOUR_MS = 60 * 60 * 1000;

export class LinkHealthError extends ApiProblem {
  constructor(
    override readonly status: 404 | 409,
    code: string,
    message: string,
  ) {
    super(status, code, message);
  }
}

/** Why a visit got no answer, in words for the owner. */
function failureOutcome(error: unknown): CheckOutcome {
  if (error instanceof SafeFetchError) {
    if (error.code.startsWith("blocked_")) {
      return { kind: "failed", reason: `This address cannot be checked: ${error.message}` };
    }
    return { kind: "failed", reason: error.message };
  }
  return { kind: "failed", reason: errorReason(error) };
}

/**
 * Link health (docs/product.md, Link health; decision 024): visits every article's original
 * address, politely (through the outlet gate: robots.txt, a pause between two requests to an
 * outlet), and records what it found. A background timer checks each article about once a day; the owner
 * can start a run at any time. One run at a time.
 */
export function createLinkHealthService(options: LinkHealthOptions) {
  const { store, articles, checks, visit, logger } = options;
  const now = options.now ?? (() => new Date());
  const tickMs = options.tickMs ?? HOUR_MS;
  const firstTickMs = options.firstTickMs ?? 60_000;
  const dueAfterMs = options.dueAfterMs ?? 23 * HOUR_MS;

  let run: LinkCheckRun | null = null;
  /** The owner asked for every article to be checked, not only those due. */
  let everything = false;
  const stopping = new AbortController();
  const stopped = () => stopping.signal.aborted;

  /** Tells the owner's open dashboard that something changed. */
  const announce = () => store.write("links", () => undefined);

  async function checkOne(article: Article): Promise<void> {
    const { id, url } = article;
    let outcome: CheckOutcome;
    try {
      outcome = classifyAnswer(url, await visit(url, stopping.signal));
    } catch (error) {
      if (stopping.signal.aborted) return;
      outcome = failureOutcome(error);
    }
    const stored = checks.get(id);
    // A check of an older address says nothing about this one.
    const previous = stored?.url === url ? stored : undefined;
    const next = nextCheckState(previous, url, outcome, now());
    const wasGone = previous?.status === "gone";
    try {
      checks.record(id, next, wasGone !== (next.status === "gone"));
    } catch (error) {
      // The article was deleted while we checked it.
      if (articles.get(id)) throw error;
      return;
    }
    const level = outcome.kind === "ok" ? "info" : "warn";
    logger[level]({ articleId: id, url, status: next.status, note: next.note }, "Checked an article's link");
  }

  async function checkAll(list: readonly Article[]): Promise<void> {
    const current: LinkCheckRun = {
      startedAt: now().toISOString(),
      finishedAt: null,
      checked: 0,
      total: list.length,
    };
    run = current;
    // The gate takes them in turn, outlet by outlet.
    await Promise.all(
      list.map(async (article) => {
        try {
          await checkOne(article);
        } catch (error) {
          logger.error({ err: error, articleId: article.id }, "Could not record a link check");
        }
        if (!stopped()) current.checked += 1;
      }),
    );
    current.finishedAt = now().toISOString();
    logger.info({ checked: current.checked, total: current.total }, "Link check finished");
  }

  const checkable = () => articles.list().filter((article) => isCheckableLink(article.url));

  function due(): Article[] {
    const states = checks.all();
    const limit = now().getTime() - dueAfterMs;
    return checkable().filter((article) => {
      const state = states.get(article.id);
      return state?.url !== article.url || Date.parse(state.checkedAt) <= limit;
    });
  }

  const worker = createBackgroundWorker({
    isDue: () => everything || due().length > 0,
    pass: async () => {
      const list = everything ? checkable() : due();
      everything = false;
      await checkAll(list);
    },
    intervalMs: tickMs,
    jitter: 0.1,
    firstWaitMs: firstTickMs,
    pauseWhen: options.pauseWhen,
    // Tells the owner's open dashboard that a run started or ended.
    announce: () => announce(),
    onError: (error) => logger.error({ err: error }, "The link check failed"),
  });

  function report(): LinkHealthReport {
    const states = checks.all();
    const list = articles.list();
    const archived = options.holdingText(list);
    const byArticle: Record<string, ArticleLinkHealth> = {};
    for (const article of list) {
      const stored = states.get(article.id);
      // A check from before `.example` addresses were left out says nothing (the demo's clips).
      const state = stored?.url === article.url && isCheckableLink(article.url) ? stored : undefined;
      byArticle[article.id] = {
        status: state?.status ?? null,
        checkedAt: state?.checkedAt ?? null,
        movedTo: state?.movedTo ?? null,
        failures: state?.failures ?? 0,
        note: state?.note ?? null,
        archived: archived.has(article.id),
      };
    }
    return { running: worker.isRunning(), run: run && { ...run }, articles: byArticle };
  }

  function article(id: string): Article {
    const found = articles.get(id);
    if (!found) throw new LinkHealthError(404, "not_found", "That article no longer exists.");
    return found;
  }

  return {
    report,
    /** The articles whose original the last check of their present address found gone, and whether Byline still holds their text. */
    goneMarks(list: readonly Article[]): Map<string, { gone: OriginalGone }> {
      const states = checks.all();
      const gone = list.filter((article) => {
        const state = states.get(article.id);
        return state?.status === "gone" && state.url === article.url;
      });
      const held = options.holdingText(gone);
      return new Map(
        gone.map((article) => [article.id, { gone: held.has(article.id) ? "archived" : "unarchived" }]),
      );
    },
    /** Checks every article now (the owner's "Check links"); a run under way is not doubled. */
    runNow: () => {
      if (worker.isRunning()) return;
      everything = true;
      void worker.runNow();
    },
    /** Resolves once the run in progress, if any, has ended. */
    idle: worker.idle,
    /** "Use new address": the article takes the address its old one redirects to, checked fine. */
    useNewAddress(id: string): Article {
      const { url } = article(id);
      const state = checks.get(id);
      if (state?.url !== url || state.status !== "moved" || !state.movedTo) {
        throw new LinkHealthError(409, "not_moved", "The last check found no new address for this article.");
      }
      const movedTo = state.movedTo;
      if (!httpUrl.safeParse(movedTo).success) {
        throw new LinkHealthError(409, "not_moved", "The new address is too long to store.");
      }
      articles.moveTo(id, movedTo, now(), {
        collections: ["links"],
        // The check followed the redirect to a page that answered: the new address is fine.
        write: (db) => checks.put(db, id, { ...state, url: movedTo, status: "ok", movedTo: null }),
      });
      logger.info({ articleId: id, from: url, to: movedTo }, "An article took its new address");
      return article(id);
    },
    /** "Archive now": stores the text of a live original for an article that has none. */
    async archiveNow(id: string): Promise<{ fetchedAt: string }> {
      const kept = await options.archiveNow(article(id).id);
      // The owner's open dashboard shows the article as archived.
      announce();
      logger.info({ articleId: id, url: kept.url }, "Archived an article's text");
      return { fetchedAt: kept.fetchedAt };
    },
    /** Starts the daily background check. */
    start: worker.start,
    /** Stops the timer and the run under way (the check in flight finishes and is recorded). */
    async stop() {
      stopping.abort();
      await worker.stop();
    },
  };
}

export type LinkHealthService = ReturnType<typeof createLinkHealthService>;
