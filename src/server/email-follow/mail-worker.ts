import type { Logger } from "pino";
import { retryDelayMs } from "../kernel/retry-backoff";
import { createQueueWorker } from "../kernel/queue-worker";
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
 * Delivers followers' mails from their table with the kernel's queue worker, as the contact
 * form's are: one at a time, never twice by this process, failures retried with the same
 * backoff, resumed after a restart. A permanent refusal marks the follower as bouncing; nothing
 * more goes to them.
 */
export function createMailWorker(deps: MailWorkerDeps) {
  const { followers, logger, transport } = deps;

  async function deliver(row: FollowMail) {
    const mail = deps.compose(row);
    if (!mail) return followers.drop([row.id]);
    if (!transport) return;
    const attempts = row.attempts + 1;
    const log = { mailId: row.id, followerId: row.followerId, kind: row.kind, attempts };
    try {
      await transport.sendMail(mail);
      followers.markSent(row.id, attempts, deps.now());
      logger.info(log, "Delivered a mail to a follower");
    } catch (error) {
      // The server's words may quote the address, which is kept out of the record and the log.
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

  // Without a mail server nothing is due: the mails wait in their table until one is set.
  return createQueueWorker({
    due: (now, limit) => (transport ? followers.due(now, limit) : []),
    nextDueAt: () => (transport ? followers.nextDueAt() : undefined),
    deliver,
    now: deps.now,
    pollMs: deps.pollMs,
    onError: (error) => logger.error({ err: error }, "The followers' mail worker failed"),
  });
}
