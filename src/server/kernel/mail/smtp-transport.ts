import nodemailer from "nodemailer";
// The file, not its folder: Node's own loader, which runs the compiled server, resolves no folder.
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import type SMTPTransport from "nodemailer/lib/smtp-transport";

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
export function createSmtpTransport(smtpUrl: string, options: { requireTls?: boolean } = {}) {
  return nodemailer.createTransport(smtpTransportOptions(smtpUrl, options));
}
