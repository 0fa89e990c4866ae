import type { ContactMessage } from "../../domain/content";

/** What nodemailer's `sendMail` receives for one contact message (or one notice to the owner, without Reply-To). */
export type ContactMail = {
  from: string;
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  headers: Record<string, string>;
};

/** Header values stay on one line whatever a visitor typed. */
const oneLine = (value: string) => value.replace(/[\p{Cc}\u2028\u2029\s]+/gu, " ").trim();

/**
 * The e-mail to the owner: the visitor is the Reply-To, so answering in the mail program goes
 * straight to them. Plain text only; the visitor's words are copied, never interpreted.
 */
export function composeContactMail(
  message: Pick<ContactMessage, "id" | "name" | "email" | "subject" | "message" | "createdAt">,
  envelope: { from: string; to: string; dashboardUrl: string },
  /** False when the disk was full and this e-mail is the message's only copy. */
  kept = true,
): ContactMail {
  const name = oneLine(message.name);
  const subject = oneLine(message.subject);
  const sent = new Date(message.createdAt).toUTCString();
  const text = [
    `${name} <${message.email}> wrote through the contact form of your portfolio.`,
    "",
    `Subject: ${subject}`,
    `Sent: ${sent}`,
    "",
    message.message.replace(/\r\n?/g, "\n"),
    "",
    "--",
    `Reply to this e-mail to answer ${name} directly.`,
    kept
      ? `This message is also kept in your dashboard: ${envelope.dashboardUrl}`
      : "The server's disk was full: this e-mail is the only copy of the message.",
    "",
  ].join("\n");
  return {
    from: envelope.from,
    to: envelope.to,
    replyTo: { name, address: message.email },
    subject: `Portfolio contact: ${subject}`,
    text,
    headers: { "X-Byline-Message-Id": message.id },
  };
}

/**
 * A note from the site to its owner ('3 new clips are waiting'): the site's words, so no Reply-To.
 */
export function composeNoticeMail(
  notice: Pick<ContactMessage, "id" | "subject" | "message">,
  envelope: { from: string; to: string },
): ContactMail {
  return {
    from: envelope.from,
    to: envelope.to,
    subject: oneLine(notice.subject),
    text: notice.message.replace(/\r\n?/g, "\n"),
    headers: { "X-Byline-Message-Id": notice.id },
  };
}
