import type { Logger } from "pino";
import type { Article } from "../../domain/content";
import type { WaybackReport } from "../../domain/wayback";
import { SafeFetchError } from "../kernel/fetch/safe-fetch";
import { retryDelayMs } from "../kernel/retry-backoff";
import { createBackgroundWorker, systemClock, type WorkerClock } from "../kernel/background-worker";
import {
  askAvailability,
  createSavePageNow,
  type SaveStep,
  type WaybackKeys,
  type WaybackRequest,
} from "./save-page-now";
import type { QueuedSave, WaybackRepository } from "./wayback-repository";
import { errorReason } from "../../domain/error-reason";

/** The worker's time and timer: the system's in the server, a fake one in tests. */
export type WaybackClock = WorkerClock;

export type WaybackOptions = {
  saves: WaybackRepository;
  /** WAYBACK_URL, without a trailing slash. */
  base: string;
  /** Unset: articles are queued and wait; nothing is sent to Save Page Now. */
  keys: WaybackKeys | undefined;
  /** WAYBACK_PER_MINUTE: saves sent in any minute at most (and availability questions asked). */
  perMinute: number;
  request: WaybackRequest;
  /** The articles, from their owner (content): never read from its table. */
  articles: () => readonly Pick<Article, "id" | "url" | "gone" | "wayback">[];
  logger: Pick<Logger, "info" | "warn" | "error">;
  clock?: WaybackClock;
  /** The wait between two questions about a job in progress. */
  pollMs?: number;
  /** The first retry's wait after a failure; doubles each time, up to 120×. */
  retryBaseMs?: number;
  /** A reason to hold the saves for now (the worker's pauseWhen). */
  pauseWhen?: () => string | undefined;
};

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** After this many failed tries in a row an article's save is given up, its last reason kept. */
export const MAX_ATTEMPTS = 10;
/** A job still pending this long after it was sent is sent again. */
const PENDING_LIMIT_MS = 60 * MINUTE_MS;
/** A gone original the Wayback Machine had no copy of is asked about again after a week. */
const LOOKUP_AGAIN_MS = 7 * DAY_MS;
const BATCH = 50;

/** At most `perMinute` events in any 60 seconds. */
function createPace(perMinute: number, seed: number[] = []) {
  let times = seed.slice(-perMinute);
  return {
    /** How long until one more is allowed (0: now). */
    waitMs(now: number): number {
      times = times.filter((t) => t > now - MINUTE_MS);
      return times.length < perMinute ? 0 : (times[0] as number) + MINUTE_MS - now;
    },
    note: (now: number) => void times.push(now),
  };
}

function describeError(error: unknown): string {
  if (error instanceof SafeFetchError) return `Could not reach the Wayback Machine: ${error.message}`;
  return errorReason(error);
}

/**
 * The Wayback Machine as witness (docs/product.md; decision 037). Every article with a web
 * address is queued; with the owner's keys each is sent to Save Page Now at most `perMinute` a
 * minute, its job asked after until it is saved, 429 and 5xx retried with backoff (Retry-After
 * honoured), a refusal recorded with its reason. The queue is a table, so a backlog drains at
 * that pace across restarts. A gone original with no kept text gets the availability API's
 * closest snapshot instead. One pass at a time.
 */
export function createWaybackService(options: WaybackOptions) {
  const { saves, base, keys, perMinute, request, logger } = options;
  const clock = options.clock ?? systemClock;
  const pollMs = options.pollMs ?? 10_000;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const spn = keys && createSavePageNow({ base, keys, request });
  const now = () => new Date(clock.now());

  const savePace = createPace(perMinute, saves.postedSince(new Date(clock.now() - MINUTE_MS)));
  const lookupPace = createPace(perMinute);
  /** Availability questions that failed, by article, with when to ask again (kept in memory only). */
  const lookupRetry = new Map<string, { attempts: number; at: number }>();
  /** The last pass left gone originals unasked because the minute's questions were used up. */
  let lookupsWaiting = false;
  let started = false;

  function retryAt(attempts: number, step: { retryAfterMs?: number }): Date {
    const wait = Math.max(step.retryAfterMs ?? 0, retryDelayMs(attempts, retryBaseMs));
    return new Date(clock.now() + wait);
  }

  /** Records a step of a save: what it means for the row's status and its next due time. */
  function record(save: QueuedSave, step: SaveStep, sentNow: boolean) {
    const at = now();
    const posted = sentNow ? { postedAt: at.toISOString() } : {};
    switch (step.kind) {
      case "submitted":
        saves.update(save, {
          ...posted,
          status: "pending",
          jobId: step.jobId,
          dueAt: new Date(at.getTime() + pollMs).toISOString(),
        });
        return;
      case "pending": {
        const sentAt = save.postedAt ? Date.parse(save.postedAt) : at.getTime();
        if (at.getTime() - sentAt < PENDING_LIMIT_MS) {
          saves.update(save, { dueAt: new Date(at.getTime() + pollMs).toISOString() });
        } else {
          const reason = "Save Page Now did not finish within an hour";
          record(save, { kind: "retry", reason, resend: true }, false);
        }
        return;
      }
      case "saved":
        saves.update(
          save,
          { status: "saved", jobId: null, savedAt: step.savedAt, snapshotUrl: step.snapshotUrl, error: null },
          true,
        );
        logger.info(
          { articleId: save.articleId, snapshot: step.snapshotUrl },
          "Saved to the Wayback Machine",
        );
        return;
      case "retry": {
        const attempts = save.attempts + 1;
        if (attempts >= MAX_ATTEMPTS) {
          record(save, { kind: "failed", reason: `Gave up after ${attempts} tries: ${step.reason}` }, false);
          return;
        }
        // A job that ended in an error is sent again; one we could not ask about is asked again.
        const askAgain = save.status === "pending" && !step.resend;
        saves.update(save, {
          ...posted,
          status: askAgain ? "pending" : "queued",
          jobId: askAgain ? save.jobId : null,
          attempts,
          error: step.reason,
          dueAt: retryAt(attempts, step).toISOString(),
        });
        logger.warn({ articleId: save.articleId, attempts, reason: step.reason }, "Wayback save postponed");
        return;
      }
      case "failed":
        saves.update(save, { ...posted, status: "failed", jobId: null, error: step.reason });
        logger.warn(
          { articleId: save.articleId, reason: step.reason },
          "The Wayback Machine would not save an article",
        );
        return;
    }
  }

  async function step(save: QueuedSave, send: () => Promise<SaveStep>, sentNow: boolean) {
    let outcome: SaveStep;
    try {
      outcome = await send();
    } catch (error) {
      outcome = { kind: "retry", reason: describeError(error) };
    }
    record(save, outcome, sentNow);
  }

  async function passSaves(): Promise<void> {
    if (!spn) return;
    for (const save of saves.due(now(), BATCH)) {
      if (stopped()) return;
      if (save.status === "pending" && save.jobId) {
        const job = save.jobId;
        await step(save, () => spn.status(job, clock.now()), false);
        continue;
      }
      if (savePace.waitMs(clock.now()) > 0) continue;
      savePace.note(clock.now());
      await step(save, () => spn.submit(save.url, clock.now()), true);
    }
  }

  async function passLookups(): Promise<void> {
    lookupsWaiting = false;
    // Originals gone, of which Byline kept no text and knows no Wayback copy.
    const goneWithoutText = options
      .articles()
      .filter((article) => article.gone === "unarchived" && !article.wayback);
    for (const { id, url } of goneWithoutText) {
      if (stopped()) return;
      const asked = saves.lookedUpAt(id, url);
      if (asked !== undefined && clock.now() - asked < LOOKUP_AGAIN_MS) continue;
      const retry = lookupRetry.get(id);
      if (retry && retry.at > clock.now()) continue;
      if (lookupPace.waitMs(clock.now()) > 0) {
        lookupsWaiting = true;
        return;
      }
      lookupPace.note(clock.now());
      try {
        const answer = await askAvailability(base, request, url, clock.now());
        if (answer.kind === "retry")
          throw Object.assign(new Error(answer.reason), { retryAfterMs: answer.retryAfterMs });
        lookupRetry.delete(id);
        saves.recordLookup(id, url, answer.kind === "found" ? answer.snapshotUrl : null, now());
        logger.info(
          { articleId: id, snapshot: answer.kind === "found" ? answer.snapshotUrl : null },
          "Asked the Wayback Machine for a gone original",
        );
      } catch (error) {
        const attempts = (retry?.attempts ?? 0) + 1;
        const wait = (error as { retryAfterMs?: number }).retryAfterMs;
        lookupRetry.set(id, { attempts, at: retryAt(attempts, { retryAfterMs: wait }).getTime() });
        logger.warn(
          { articleId: id, reason: describeError(error) },
          "Could not ask the Wayback Machine for a gone original",
        );
      }
    }
  }

  /**
   * The next moment there is something to do: a save to send (once the pace allows), a job to
   * ask after, an availability question to ask or ask again (once its pace allows).
   */
  function nextWake(): number | undefined {
    const t = clock.now();
    const candidates: number[] = [];
    const toSend = spn ? saves.nextDueAt("queued") : undefined;
    if (toSend !== undefined) candidates.push(Math.max(toSend, t + savePace.waitMs(t)));
    const toAsk = spn ? saves.nextDueAt("pending") : undefined;
    if (toAsk !== undefined) candidates.push(toAsk);
    if (lookupsWaiting) candidates.push(t + lookupPace.waitMs(t));
    for (const { at } of lookupRetry.values()) candidates.push(Math.max(at, t + lookupPace.waitMs(t)));
    return candidates.length > 0 ? Math.min(...candidates) : undefined;
  }

  const worker = createBackgroundWorker({
    pass: async () => {
      saves.queueNewArticles(options.articles(), now());
      await passSaves();
      await passLookups();
    },
    nextWaitMs: () => {
      const wake = nextWake();
      return wake === undefined ? undefined : wake - clock.now();
    },
    errorBackoffMs: retryBaseMs,
    pauseWhen: options.pauseWhen,
    onError: (error) => logger.error({ err: error }, "The Wayback worker failed"),
    clock,
  });
  const stopped = () => worker.isStopped();
  /** Queues new articles and does everything due now; resolves when nothing due is left. */
  const runDue = worker.runNow;

  return {
    runDue,
    /**
     * Articles changed (a new one, a changed address, an original found gone): look now. Only
     * the started worker (the server's) does; the CLI's import is picked up by the server.
     */
    articlesChanged: () => {
      // After the write that told us has finished telling everyone else.
      if (started) queueMicrotask(() => void runDue());
    },
    /** Resolves once the pass in progress, if any, has finished. */
    idle: worker.idle,
    /** The Wayback copy visitors are offered with each article that has one. */
    copyMarks: (list: readonly Pick<Article, "id" | "url">[]): Map<string, { wayback: string }> =>
      new Map([...saves.copies(list)].map(([id, wayback]) => [id, { wayback }])),
    report: (): WaybackReport => ({
      configured: spn !== undefined,
      articles: saves.saves(options.articles()),
    }),
    /** Starts the worker, which first picks up whatever the last process left in the queue. */
    start() {
      if (stopped()) return;
      started = true;
      worker.start();
    },
    /** Stops waking up; a request in flight finishes and is recorded. */
    stop: worker.stop,
  };
}

export type WaybackService = ReturnType<typeof createWaybackService>;
