import { redirect, useOutletContext, useRevalidator } from "react-router";
import type { ContactMessage } from "../../domain/content";
import { MessagesInbox } from "../features/messages/messages-inbox";
import { ApiError, apiRequest } from "../lib/api-client";
import { useLiveUpdates } from "../lib/use-live-updates";
import type { Route } from "./+types/admin-messages";

type Inbox = { messages: ContactMessage[]; unread: number };

/** Messages are read from the owner's API in the browser; the server renders the loading state. */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<Inbox> {
  try {
    return await apiRequest<Inbox>("/api/messages", { signal: request.signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const url = new URL(request.url);
      throw redirect(`/admin?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
    }
    throw error;
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <p className="messages__loading" role="status">
      Loading messages…
    </p>
  );
}

export function ErrorBoundary() {
  const revalidator = useRevalidator();
  return (
    <div className="messages__failed" role="alert">
      <p>Failed to load messages</p>
      <button type="button" className="button" onClick={() => void revalidator.revalidate()}>
        Try again
      </button>
    </div>
  );
}

const LIVE = ["messages"] as const;

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { csrfToken } = useOutletContext<{ csrfToken: string }>();
  const revalidator = useRevalidator();
  useLiveUpdates(LIVE);
  return (
    <MessagesInbox
      messages={loaderData.messages}
      unread={loaderData.unread}
      csrfToken={csrfToken}
      onChanged={() => void revalidator.revalidate()}
    />
  );
}
