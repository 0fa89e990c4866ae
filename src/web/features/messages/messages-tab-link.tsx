import { NavLink } from "react-router";
import type { Topic } from "../../../domain/content";
import { useLiveRead } from "../../lib/dashboard/use-live-read";

const MESSAGES: readonly Topic[] = ["messages"];

/**
 * The dashboard's 'Messages' tab with the number of unread messages. It keeps the count
 * current from the live event stream without re-running the open manager's loaders.
 */
export function MessagesTabLink({ className }: { className: string }) {
  const unread = useLiveRead<{ unread: number }>(MESSAGES, "/api/messages/unread-count")?.unread;

  return (
    <NavLink
      to="messages"
      className={className}
      aria-label={unread ? `Messages, ${unread} unread` : undefined}
    >
      Messages
      {unread ? (
        <span className="dashboard__tab-badge" aria-hidden="true">
          {unread}
        </span>
      ) : null}
    </NavLink>
  );
}
