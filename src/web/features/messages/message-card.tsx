import { useId } from "react";
import type { ContactMessage } from "../../../domain/content";
import { safeHref } from "../../../domain/safe-url";
import { deliveryStatus, formatMessageTime, replyHref } from "./message-status";

type MessageCardProps = {
  message: ContactMessage;
  busy: boolean;
  onToggleRead: () => void;
  onDelete: () => void;
};

/** One message. Everything in it was typed by a visitor, so it is rendered as plain text only. */
export function MessageCard({ message, busy, onToggleRead, onDelete }: MessageCardProps) {
  const titleId = useId();
  const unread = message.readAt === null;
  const status = deliveryStatus(message);
  return (
    <article
      className={`message${unread ? " message--unread" : ""}`}
      aria-labelledby={titleId}
      data-message-id={message.id}
    >
      <header className="message__header">
        <h3 id={titleId} className="message__subject">
          {unread ? (
            <span className="message__new" aria-hidden="true">
              New
            </span>
          ) : null}
          {unread ? <span className="visually-hidden">Unread: </span> : null}
          {message.subject}
        </h3>
        <p className="message__meta">
          <span className="message__from">
            {message.name} &lt;{message.email}&gt;
          </span>
          <span aria-hidden="true"> · </span>
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
        </p>
      </header>
      <p className="message__text">{message.message}</p>
      <p className={`message__status message__status--${status.tone}`}>
        <strong>{status.label}</strong>
        {status.detail ? <span className="message__status-detail"> — {status.detail}</span> : null}
      </p>
      <div className="message__actions">
        <a className="button" href={safeHref(replyHref(message))}>
          Reply<span className="visually-hidden"> to {message.name}</span>
        </a>
        <button type="button" className="button" onClick={onToggleRead} disabled={busy}>
          {unread ? "Mark as read" : "Mark as unread"}
        </button>
        <button
          type="button"
          className="button messages-button--danger-outline"
          onClick={onDelete}
          disabled={busy}
        >
          Delete
        </button>
      </div>
    </article>
  );
}
