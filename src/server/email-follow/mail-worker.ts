import type { Logger } from "pino";
import { retryDelayMs } from "../kernel/retry-backoff";
import { createSerialPasses } from "../kernel/serial-passes";
import type { FollowerRepository, FollowMail } from "./follower-repository";
import type { FollowMailMessage } from "./follow-mail";

export type MailWorkerDeps = {
  followers: FollowerRepository;
  transport: { sendMail(mail: FollowMailMessage): Promise<unknown> } | undefined;
  compose: (row: FollowMail) => FollowMailMessage | undefined;
  now: () => Date;
  retryBaseMs: number;
  pollMs: number;
  logger: Logger;
};

const BATCH = 20;
/** A temporary failure is tried this many times (with backoff: about a day by the default base). */
const MAX_ATTEMPTS = 30;

/** SMTP answered 5xx: the address is refused for good (RFC 5321 §4.2.1), so trying again is useless. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 500) || "Unknown error";
}

/**
 * Delivers followers' mails from their table one at a time, built the way the contact delivery
 * queue is, on the kernel's parts: passes never overlap (nothing is sent twice by this process),
 * failures wait with the same backoff, and because the queue is in the database a restart
 * resumes it. A permanent refusal marks the follower as bouncing; nothing more goes to them.
 */
export function createMailWorker(deps: MailWorkerDeps) {
  const { followers, logger } = deps;
  let started = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function deliver(row: FollowMail) {
    const mail = deps.compose(row);
    if (!mail) return followers.drop([row.id]);
    const attempts = row.attempts + 1;
    const log = { mailId: row.id, followerId: row.followerId, kind: row.kind, attempts };
    try {
      await deps.transport!.sendMail(mail);
      followers.markSent(row.id, attempts, deps.now());
      logger.info(log, "Delivered a mail to a follower");
    } catch (error) {
      // The server's words may quote the address: only the first line's code and text are kept, without it.
      const lastError = describeError(error).replaceAll(mail.to, "<address>");
      if (isPermanent(error)) {
        followers.markFailed(row.id, attempts, lastError, undefined);
        followers.markBouncing(row.followerId);
        logger.warn(
          { ...log, error: lastError },
          "A follower's mail server refused the address: marked bouncing",
        );
        return;
      }
      const retryAt =
        attempts < MAX_ATTEMPTS
          ? new Date(deps.now().getTime() + retryDelayMs(attempts, deps.retryBaseMs))
          : undefined;
      followers.markFailed(row.id, attempts, lastError, retryAt);
      logger.warn({ ...log, error: lastError, retryAt: retryAt?.toISOString() }, "A follower's mail failed");
    }
  }

  async function pass(): Promise<boolean> {
    if (!deps.transport) return false;
    const batch = followers.due(deps.now(), BATCH);
    for (const row of batch) {
      if (passes.isStopped()) return false;
      await deliver(row);
    }
    return batch.length === BATCH;
  }

  const passes = createSerialPasses(pass, {
    onError: (error) => logger.error({ err: error }, "The followers' mail worker failed"),
    after: () => schedule(),
  });

  function schedule() {
    clearTimeout(timer);
    if (!started || passes.isStopped() || !deps.transport) return;
    const next = followers.nextDueAt();
    const wait = next
      ? Math.min(deps.pollMs, Math.max(0, next.getTime() - deps.now().getTime()))
      : deps.pollMs;
    timer = setTimeout(() => void passes.run(), wait);
    timer.unref?.();
  }

  return {
    runDue: passes.run,
    kick: () => void passes.run(),
    idle: passes.idle,
    start() {
      if (started) return;
      started = true;
      void passes.run();
    },
    async stop() {
      clearTimeout(timer);
      await passes.stop();
    },
  };
}
