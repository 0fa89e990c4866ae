import type { ContactMessage } from "../../../domain/content";

export type StatusView = { label: string; tone: "ok" | "waiting" | "neutral"; detail: string | null };

const dateTime = (iso: string, locale?: string, timeZone?: string) =>
  new Intl.DateTimeFormat(locale ?? "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  }).format(new Date(iso));

/** '4 March 2026, 10:20' in the reader's time zone (tests pass one). */
export function formatMessageTime(iso: string, timeZone?: string): string {
  return dateTime(iso, "en-GB", timeZone).replace(" at ", ", ");
}

/** What the inbox says about a message's e-mail delivery. */
export function deliveryStatus(message: ContactMessage, timeZone?: string): StatusView {
  switch (message.status) {
    case "delivered":
      return {
        label: "Delivered",
        tone: "ok",
        detail: message.deliveredAt
          ? `E-mailed to you on ${formatMessageTime(message.deliveredAt, timeZone)}`
          : null,
      };
    case "queued": {
      const parts: string[] = [];
      if (message.lastError) parts.push(`Last error: ${message.lastError}`);
      if (message.attempts > 0)
        parts.push(`${message.attempts} ${message.attempts === 1 ? "attempt" : "attempts"}`);
      if (message.nextAttemptAt) parts.push(`next try ${formatMessageTime(message.nextAttemptAt, timeZone)}`);
      return {
        label: "Queued",
        tone: "waiting",
        detail: parts.length ? parts.join(" · ") : "Waiting to be e-mailed",
      };
    }
    default:
      return {
        label: "Kept in dashboard",
        tone: "neutral",
        detail: "E-mail delivery is not set up (SMTP_URL)",
      };
  }
}

/** A reply in the owner's mail program, subject prefixed once with 'Re: '. */
export function replyHref(message: Pick<ContactMessage, "email" | "subject">): string {
  const subject = /^re:/i.test(message.subject.trim())
    ? message.subject.trim()
    : `Re: ${message.subject.trim()}`;
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}`;
}
