import nodemailer from "nodemailer";
// The file, not its folder: Node's own loader, which runs the compiled server, resolves no folder.
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Logger } from "pino";
import type { ContactMessage, ContactMessageInput, Site } from "../../domain/content";
import { ownerEmail } from "../../domain/demo-site";
import type { Config } from "../kernel/config";
import type { Store } from "../kernel/db/open-database";
import { isBlockedAddress } from "./block-list";
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

export type SubmitResult = { outcome: "blocked" } | { outcome: "stored"; message: ContactMessage };

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?)$/i;

/**
 * Nodemailer's options for `SMTP_URL`. Beyond this machine the connection must be encrypted
 * (smtps://, or STARTTLS that an attacker on the path cannot strip) with TLS 1.2 or newer; a
 * mail server on loopback never crosses a network and may speak plain SMTP.
 */
export function smtpTransportOptions(
  smtpUrl: string,
  options: { requireTls?: boolean } = {},
): SMTPTransport.Options {
  // Given `url`, createTransport would read nothing else; so the URL is parsed here and our
  // options, which no query parameter may override, come last.
  const fromUrl = parseConnectionUrl(smtpUrl);
  const requireTls = options.requireTls ?? !LOOPBACK_HOST.test(fromUrl.host ?? "");
  return {
    ...fromUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    ...(requireTls && {
      ignoreTLS: false,
      requireTLS: !fromUrl.secure,
      tls: { ...fromUrl.tls, minVersion: "TLSv1.2" },
    }),
  };
}

/** `requireTls` overrides the loopback rule (tests play a remote mail server on loopback). */
export function createSmtpTransport(smtpUrl: string, options: { requireTls?: boolean } = {}): MailTransport {
  return nodemailer.createTransport(smtpTransportOptions(smtpUrl, options));
}

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
        envelope: () => ({
          from,
          // Never the demo's e-mail, which would otherwise stay the recipient until the owner changed it.
          to: config.contactTo ?? ownerEmail(deps.site()),
          dashboardUrl: `${config.publicUrl}/admin/dashboard/messages`,
        }),
      })
    : undefined;
  let started = false;

  return {
    messages,
    /** The delivery queue, when `SMTP_URL` is set. */
    queue,
    submit(input: ContactMessageInput): SubmitResult {
      if (isBlockedAddress(input.email, deps.site().blockList)) return { outcome: "blocked" };
      const message = messages.create(input, queue ? "queued" : "kept");
      queue?.kick();
      return { outcome: "stored", message };
    },
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
    stop: async () => queue?.stop(),
  };
}

export type ContactService = ReturnType<typeof createContactService>;
