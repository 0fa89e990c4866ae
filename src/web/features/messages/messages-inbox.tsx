import { useEffect, useRef, useState } from "react";
import type { ContactMessage } from "../../../domain/content";
import { ApiError, apiRequest } from "../../lib/api-client";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { MessageCard } from "./message-card";
import "./messages.css";

type MessagesInboxProps = {
  messages: ContactMessage[];
  unread: number;
  csrfToken: string;
  /** Re-reads the list after a change (live events do it too, for other tabs and new messages). */
  onChanged: () => void;
};

type Notice = { kind: "success" | "error"; text: string };

/** The owner's inbox: newest first, read marks, delivery status, delete with confirmation. */
export function MessagesInbox({ messages, unread, csrfToken, onChanged }: MessagesInboxProps) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirmId, setConfirmId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const confirming = messages.find((message) => message.id === confirmId) ?? null;

  useEffect(() => () => clearTimeout(noticeTimer.current), []);

  function announce(next: Notice) {
    clearTimeout(noticeTimer.current);
    setNotice(next);
    noticeTimer.current = setTimeout(() => setNotice(null), 3000);
  }

  async function toggleRead(message: ContactMessage) {
    setBusyId(message.id);
    try {
      await apiRequest(`/api/messages/${encodeURIComponent(message.id)}/read`, {
        method: "PUT",
        body: { read: message.readAt === null },
        csrfToken,
      });
      onChanged();
    } catch (error) {
      announce({
        kind: "error",
        text: error instanceof ApiError && error.status === 404 ? error.message : "Failed to update message",
      });
      onChanged();
    } finally {
      setBusyId(null);
    }
  }

  async function confirmDelete() {
    if (!confirming) return;
    setBusyId(confirming.id);
    try {
      await apiRequest(`/api/messages/${encodeURIComponent(confirming.id)}`, { method: "DELETE", csrfToken });
      announce({ kind: "success", text: "Message deleted" });
      // The message and its Delete button are gone: keep keyboard focus in the inbox.
      document.getElementById("messages-title")?.focus();
    } catch (error) {
      announce({
        kind: "error",
        text: error instanceof ApiError && error.status === 404 ? error.message : "Failed to delete message",
      });
    } finally {
      setBusyId(null);
      setConfirmId(null);
      onChanged();
    }
  }

  return (
    <section className="messages" aria-labelledby="messages-title">
      <header className="messages__header">
        <h2 id="messages-title" className="messages__title" tabIndex={-1}>
          Messages
        </h2>
        <p className="messages__summary">
          {messages.length === 0
            ? "No messages yet."
            : `${messages.length} ${messages.length === 1 ? "message" : "messages"}, ${unread} unread`}
        </p>
      </header>
      <div
        className={`messages__notice${notice ? ` messages__notice--${notice.kind}` : ""}`}
        role="status"
        aria-live="polite"
      >
        {notice?.text}
      </div>
      {messages.length === 0 ? (
        <p className="messages__empty">Messages sent through the contact form on your site appear here.</p>
      ) : (
        <ol className="messages__list">
          {messages.map((message) => (
            <li key={message.id}>
              <MessageCard
                message={message}
                busy={busyId === message.id}
                onToggleRead={() => void toggleRead(message)}
                onDelete={() => setConfirmId(message.id)}
              />
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Delete this message?"
        message={
          confirming
            ? `“${confirming.subject}” from ${confirming.name} will be removed from your inbox. This cannot be undone.`
            : ""
        }
        confirmLabel="Delete"
        busy={confirming !== null && busyId === confirming.id}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirmId(null)}
      />
    </section>
  );
}
