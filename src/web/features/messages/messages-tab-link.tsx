import { useEffect, useRef, useState } from "react";
import { NavLink } from "react-router";
import type { Collection } from "../../../domain/content";
import { apiRequest } from "../../lib/api-client";
import "./messages.css";

/**
 * The dashboard's 'Messages' tab with the number of unread messages. It keeps the count
 * current from the live event stream without re-running the open manager's loaders.
 */
export function MessagesTabLink({ className }: { className: string }) {
  const [unread, setUnread] = useState<number | null>(null);
  const latestRequest = useRef(0);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      const request = ++latestRequest.current;
      apiRequest<{ unread: number }>("/api/messages/unread-count")
        .then(({ unread: count }) => {
          if (request === latestRequest.current) setUnread(count);
        })
        .catch(() => undefined);
    };
    refresh();
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    source.addEventListener("change", (event) => {
      const { collection } = JSON.parse((event as MessageEvent<string>).data) as { collection: Collection };
      if (collection !== "messages") return;
      clearTimeout(timer);
      timer = setTimeout(refresh, 50);
    });
    return () => {
      clearTimeout(timer);
      source.close();
      latestRequest.current += 1;
    };
  }, []);

  return (
    <NavLink to="messages" className={className} aria-label={unread ? `Messages, ${unread} unread` : undefined}>
      Messages
      {unread ? (
        <span className="messages-badge" aria-hidden="true">
          {unread}
        </span>
      ) : null}
    </NavLink>
  );
}
