import type { Collection } from "../../domain/content";

type Listener = (collection: Collection) => void;

/**
 * One `/api/events` stream per page, shared by everything that listens: the landing page, a
 * dashboard manager and the Messages tab use the same connection. It opens with `?since=` the
 * change number the page was rendered at, so a write made before the stream opened still arrives;
 * after that EventSource resumes by itself with Last-Event-ID. It stays open for a moment after
 * the last listener leaves, so a client-side navigation between two live views keeps it.
 */
const listeners = new Set<Listener>();
let source: EventSource | null = null;
let closeTimer: ReturnType<typeof setTimeout> | undefined;

const LINGER_MS = 2000;

function open(since: number | undefined) {
  const query = since !== undefined && Number.isInteger(since) && since >= 0 ? `?since=${since}` : "";
  const stream = new EventSource(`/api/events${query}`);
  stream.addEventListener("change", (event) => {
    const { collection } = JSON.parse((event as MessageEvent<string>).data) as { collection: Collection };
    for (const listener of [...listeners]) listener(collection);
  });
  return stream;
}

/** Calls `listener` with the collection of every committed change; returns the unsubscribe. */
export function subscribeToChanges(since: number | undefined, listener: Listener): () => void {
  if (typeof EventSource === "undefined") return () => undefined;
  clearTimeout(closeTimer);
  listeners.add(listener);
  source ??= open(since);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearTimeout(closeTimer);
    closeTimer = setTimeout(() => {
      if (listeners.size > 0) return;
      source?.close();
      source = null;
    }, LINGER_MS);
  };
}
