import { useState } from "react";
import type { ContactMessage } from "../../../domain/content";
import type { Inbox } from "../../load-context";
import { ConfirmDialog } from "../../components/confirm-dialog";
import type { ApiError } from "../../lib/api-client";
import { ListTab, listTabTitleId } from "../../lib/dashboard/list-tab";
import { useConfirmedDelete } from "../../lib/dashboard/use-confirmed-delete";
import { useListWrite } from "../../lib/dashboard/use-list-write";
import { MessageCard } from "./message-card";
import "./messages.css";

/** The owner's inbox: newest first, read marks, delivery status, delete with confirmation. */
export function MessagesInbox({ messages, unread }: Inbox) {
  const write = useListWrite();
  const [busyId, setBusyId] = useState<string | null>(null);
  const failed = (fallback: string) => (error: ApiError) => (error.status === 404 ? error.message : fallback);
  const remove = useConfirmedDelete({
    items: messages,
    keyOf: (message) => message.id,
    pathOf: (message) => `/api/messages/${encodeURIComponent(message.id)}`,
    done: "Message deleted",
    failed: failed("Failed to delete message"),
    focusAfterId: listTabTitleId("messages"),
  });

  async function toggleRead(message: ContactMessage) {
    setBusyId(message.id);
    await write(
      `/api/messages/${encodeURIComponent(message.id)}/read`,
      "PUT",
      { read: message.readAt === null },
      { failed: failed("Failed to update message") },
    );
    setBusyId(null);
  }

  return (
    <ListTab
      name="messages"
      title="Messages"
      summary={
        messages.length === 0
          ? "No messages yet."
          : `${messages.length} ${messages.length === 1 ? "message" : "messages"}, ${unread} unread`
      }
      emptyNote={
        messages.length === 0 ? "Messages sent through the contact form on your site appear here." : null
      }
      dialog={
        <ConfirmDialog
          {...remove.dialog}
          title="Delete this message?"
          message={
            remove.asked
              ? `“${remove.asked.subject}” from ${remove.asked.name} will be removed from your inbox. This cannot be undone.`
              : ""
          }
        />
      }
    >
      <ol className="list-tab__list">
        {messages.map((message) => (
          <li key={message.id}>
            <MessageCard
              message={message}
              busy={busyId === message.id || remove.deletingKey === message.id}
              onToggleRead={() => void toggleRead(message)}
              onDelete={() => remove.ask(message.id)}
            />
          </li>
        ))}
      </ol>
    </ListTab>
  );
}
