import { useCallback, useEffect, useRef, useState } from "react";
import { NavLink } from "react-router";
import type { Collection } from "../../../domain/content";
import { apiRequest } from "../../lib/api-client";
import { useChangeListener } from "../../lib/use-live-updates";
import "./messages.css";

const MESSAGES: readonly Collection[] = ["messages"];

/**
 * The dashboard's 'Messages' tab with the number of unread messages. It keeps the count
 * current from the live event stream without re-running the open manager's loaders.
 */
export function MessagesTabLink({ className }: { className: string }) {
  const [unread, setUnread] = useState<number | null>(null);
  const latestRequest = useRef(0);

  const refresh = useCallback(() => {
    const request = ++latestRequest.current;
    apiRequest<{ unread: number }>("/api/messages/unread-count")
      .then(({ unread: count }) => {
        if (request === latestRequest.current) setUnread(count);
      })
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    refresh();
    return () => {
      latestRequest.current += 1;
    };
  }, [refresh]);

  useChangeListener(MESSAGES, refresh);

  return (
    <NavLink
      to="messages"
      className={className}
      aria-label={unread ? `Messages, ${unread} unread` : undefined}
    >
      Messages
      {unread ? (
        <span className="messages-badge" aria-hidden="true">
          {unread}
        </span>
      ) : null}
    </NavLink>
  );
}
