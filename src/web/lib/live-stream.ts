import type { Topic } from "../../domain/content";

type Listener = (topic: Topic) => void;

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

/** After a refusal (too many streams from this address, say) the page tries again this much later. */
const RETRY_REFUSED_MS = 30_000;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function open(since: number | undefined): EventSource {
  const query = since !== undefined && Number.isInteger(since) && since >= 0 ? `?since=${since}` : "";
  const stream = new EventSource(`/api/events${query}`);
  let lastSeen = since;
  const remember = (event: Event) => {
    const id = Number((event as MessageEvent<string>).lastEventId);
    if (Number.isInteger(id) && id >= 0) lastSeen = id;
  };
  stream.addEventListener("ready", remember);
  stream.addEventListener("change", (event) => {
    remember(event);
    const { topic } = JSON.parse((event as MessageEvent<string>).data) as { topic: Topic };
    for (const listener of [...listeners]) listener(topic);
  });
  // EventSource retries a dropped stream by itself, but gives up on an answer other than 200.
  stream.addEventListener("error", () => {
    if (stream.readyState !== EventSource.CLOSED || source !== stream) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (source === stream && listeners.size > 0) source = open(lastSeen);
    }, RETRY_REFUSED_MS);
  });
  return stream;
}

/** Calls `listener` with the topic of every committed change; returns the unsubscribe. */
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
      clearTimeout(retryTimer);
      source?.close();
      source = null;
    }, LINGER_MS);
  };
}
