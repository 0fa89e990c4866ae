import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { ContactMessage, ContactMessageInput, Site } from "../../domain/content";
import { ownerEmail } from "../../domain/demo-site";
import type { Config } from "../kernel/config";
import type { Store } from "../kernel/db/open-database";
import { isDiskFull } from "../kernel/disk/disk-full";
import { createSmtpTransport } from "../kernel/mail/smtp-transport";
import { isBlockedAddress } from "./block-list";
import { composeContactMail } from "./contact-mail";
import { createDeliveryQueue, type MailTransport } from "./delivery-queue";
import { createMessageRepository } from "./message-repository";

export type ContactServiceDeps = {
  store: Store;
  config: Pick<Config, "smtpUrl" | "mailFrom" | "contactTo" | "publicUrl" | "contactRetryBaseMs">;
  logger: Logger;
  /** The current settings: the block list and the default recipient live there. */
  site: () => Site;
  now?: () => Date;
  /** Replaces the SMTP transport built from `SMTP_URL` (tests). */
  transport?: MailTransport;
};

/**
 * `unstored`: the database could not take it (a full disk); `kept` says, once settled, whether it
 * was e-mailed at once, held in memory until it can be stored, or neither (too many held already).
 */
export type SubmitResult =
  | { outcome: "blocked" }
  | { outcome: "stored"; message: ContactMessage }
  | { outcome: "unstored"; kept: Promise<"mailed" | "held" | "refused"> };

/** Messages held in memory while the disk is full; beyond this the visitor is asked to retry. */
export const MAX_HELD_MESSAGES = 200;
const HELD_RETRY_MS = 30_000;

/**
 * The contact capability: refuse blocked senders, store every accepted message first, then
 * hand it to the delivery queue when SMTP is configured (otherwise it is kept for the dashboard).
 */
export function createContactService(deps: ContactServiceDeps) {
  const { config } = deps;
  const now = deps.now ?? (() => new Date());
  const messages = createMessageRepository(deps.store, now);
  const transport = deps.transport ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl) : undefined);
  const from = config.mailFrom ?? `Byline <no-reply@${new URL(config.publicUrl).hostname}>`;
  const queue = transport
    ? createDeliveryQueue({
        messages,
        transport,
        now,
        retryBaseMs: config.contactRetryBaseMs,
        logger: deps.logger,
        envelope: () => envelope(),
      })
    : undefined;
  let started = false;
  const envelope = () => ({
    from,
    // Never the demo's e-mail, which would otherwise stay the recipient until the owner changed it.
    to: config.contactTo ?? ownerEmail(deps.site()),
    dashboardUrl: `${config.publicUrl}/admin/dashboard/messages`,
  });

  // Decision 007 stores every message first; when the disk is full it is e-mailed at once, or
  // held here until a write succeeds again (any write's change event, or the retry timer).
  const held: { input: ContactMessageInput; createdAt: string }[] = [];
  let heldRetry: ReturnType<typeof setInterval> | undefined;
  const store = (input: ContactMessageInput, createdAt?: string) => {
    const message = messages.create(input, queue ? "queued" : "kept", "contact", createdAt);
    queue?.kick();
    return message;
  };

  function storeHeld(): void {
    while (held.length) {
      try {
        store(held[0]!.input, held[0]!.createdAt);
      } catch (error) {
        if (isDiskFull(error)) return;
        throw error;
      }
      held.shift();
      deps.logger.info("Stored a contact message held while the disk was full");
    }
    clearInterval(heldRetry);
    heldRetry = undefined;
  }
  deps.store.onChange(() => {
    if (held.length) setImmediate(storeHeld);
  });

  async function keepUnstored(input: ContactMessageInput): Promise<"mailed" | "held" | "refused"> {
    const createdAt = now().toISOString();
    const { to, ...rest } = envelope();
    if (transport && to) {
      try {
        const message = { id: randomUUID(), ...input, createdAt };
        await transport.sendMail(composeContactMail(message, { to, ...rest }, false));
        deps.logger.warn("The disk is full: a contact message was e-mailed without being stored");
        return "mailed";
      } catch (error) {
        deps.logger.warn({ err: error }, "The disk is full and a contact message could not be e-mailed");
      }
    }
    if (held.length >= MAX_HELD_MESSAGES) return "refused";
    held.push({ input, createdAt });
    heldRetry ??= setInterval(storeHeld, HELD_RETRY_MS).unref();
    deps.logger.warn(
      { held: held.length },
      "The disk is full: a contact message is held until it can be stored",
    );
    return "held";
  }

  return {
    messages,
    /** The delivery queue, when `SMTP_URL` is set. */
    queue,
    submit(input: ContactMessageInput): SubmitResult {
      if (isBlockedAddress(input.email, deps.site().blockList)) return { outcome: "blocked" };
      if (held.length) storeHeld();
      try {
        return { outcome: "stored", message: store(input) };
      } catch (error) {
        if (!isDiskFull(error)) throw error;
        return { outcome: "unstored", kept: keepUnstored(input) };
      }
    },
    /** How many messages wait in memory for the disk (Home, tests). */
    heldCount: () => held.length,
    /**
     * Queues a note from the site to the owner ('3 new clips are waiting'), delivered like a
     * contact message but never listed with them. False when no mail server is configured.
     */
    notifyOwner(notice: { subject: string; text: string }): boolean {
      if (!queue) return false;
      messages.create(
        { name: "Byline", email: "", subject: notice.subject, message: notice.text },
        "queued",
        "notice",
      );
      // Only the server's worker delivers it: a command-line process delivering the same queue
      // at the same time could send a message twice.
      if (started) queue.kick();
      return true;
    },
    start: () => {
      started = true;
      queue?.start();
    },
    stop: async () => {
      clearInterval(heldRetry);
      await queue?.stop();
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
