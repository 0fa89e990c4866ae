import type { Logger } from "pino";
import { composeContactMail, composeNoticeMail, type ContactMail } from "./contact-mail";
import type { MessageRepository, QueuedMessage } from "./message-repository";
import { retryDelayMs } from "../kernel/retry-backoff";
import { errorReason } from "../../domain/error-reason";
import { createQueueWorker } from "../kernel/queue-worker";

/** The part of a nodemailer transport the queue uses; tests may pass their own. */
export type MailTransport = { sendMail(mail: ContactMail): Promise<unknown> };

export type DeliveryQueueDeps = {
  messages: MessageRepository;
  transport: MailTransport;
  /** Sender and recipient, read at each attempt (the recipient may come from the settings). */
  envelope: () => { from: string; to: string | undefined; dashboardUrl: string };
  now: () => Date;
  retryBaseMs: number;
  logger: Logger;
  /** The longest the worker sleeps before looking at the queue again. */
  pollMs?: number;
  /** A reason to hold the deliveries for now (the worker's pauseWhen). */
  pauseWhen?: () => string | undefined;
};

export const NO_RECIPIENT = "No recipient address: set CONTACT_TO or the e-mail address in Settings.";

function describeError(error: unknown): string {
  const text = errorReason(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 500) || "Unknown error";
}

/**
 * Delivers queued messages one at a time (the kernel's queue worker). A failure keeps the
 * message queued with the error and a later due time (exponential backoff); because the queue
 * lives in the database, a restart picks up where the last process stopped.
 */
export function createDeliveryQueue(deps: DeliveryQueueDeps) {
  const pollMs = deps.pollMs ?? 60_000;

  async function deliver(message: QueuedMessage) {
    const attempts = message.attempts + 1;
    try {
      const { from, to, dashboardUrl } = deps.envelope();
      if (!to) throw new Error(NO_RECIPIENT);
      await deps.transport.sendMail(
        message.kind === "notice"
          ? composeNoticeMail(message, { from, to })
          : composeContactMail(message, { from, to, dashboardUrl }),
      );
      deps.messages.markDelivered(message.id, attempts);
      deps.logger.info({ messageId: message.id, attempts }, "Delivered a contact message");
    } catch (error) {
      const lastError = describeError(error);
      const next = new Date(deps.now().getTime() + retryDelayMs(attempts, deps.retryBaseMs));
      deps.messages.markFailed(message.id, attempts, lastError, next);
      deps.logger.warn(
        { messageId: message.id, attempts, error: lastError, retryAt: next.toISOString() },
        "Contact message delivery failed",
      );
    }
  }

  return createQueueWorker({
    due: (now, limit) => deps.messages.due(now, limit),
    nextDueAt: () => deps.messages.nextDueAt(),
    deliver,
    now: deps.now,
    pollMs,
    errorBackoffMs: deps.retryBaseMs,
    pauseWhen: deps.pauseWhen,
    onError: (error) => deps.logger.error({ err: error }, "The contact delivery worker failed"),
  });
}

export type DeliveryQueue = ReturnType<typeof createDeliveryQueue>;
