import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { OWNER_ONLY_TOPICS, type Topic } from "../../domain/content";
import type { ChangeEvent, Store } from "../kernel/db/open-database";
import type { AppContext, AppEnv } from "../kernel/http/app-env";
import { apiError } from "../kernel/http/api-error";

export type LiveOptions = {
  maxStreams: number;
  /** Streams one address may hold, under `maxStreams`: about a browser's connections per host. */
  maxStreamsPerAddress: number;
  heartbeatMs: number;
  /** The visitor's address, as the rate limits key it. */
  clientIp: (c: AppContext) => string;
};

/**
 * `GET /api/events`: one `change` event per committed write, `data` = {"topic"}. The event
 * id is the change's sequence number, so a reconnecting client (Last-Event-ID) is sent what it
 * missed. A page opens its stream with `?since=` the sequence number it was rendered at, so a
 * write between the render and the stream's opening is not lost either; the first `ready` event
 * carries the current number as its id, so a stream that drops before any change still resumes
 * from where it was.
 */
export function createLiveEvents(store: Store, options: LiveOptions) {
  const open = new Set<() => void>();
  // What each open stream does with a change (src/server/write-reactions.ts publishes every one).
  const hearing = new Set<(event: ChangeEvent) => void>();
  const perAddress = new Map<string, number>();
  // The newest change of each topic is all a catch-up needs: Store.write keeps only that row.
  const latestChanges = store.sqlite.prepare<[number], { seq: number; topic: Topic }>(
    "select max(seq) as seq, collection as topic from changes where seq > ? group by collection order by seq",
  );

  const app = new Hono<AppEnv>().get("/events", (c) => {
    if (open.size >= options.maxStreams) {
      c.header("Retry-After", "5");
      return apiError(c, 503, "too_many_streams", "Too many live connections. Try again shortly.");
    }
    const address = options.clientIp(c);
    const held = perAddress.get(address) ?? 0;
    if (held >= options.maxStreamsPerAddress) {
      c.header("Retry-After", "5");
      return apiError(
        c,
        429,
        "too_many_streams",
        "Too many live connections from your address. Close a tab and try again.",
      );
    }
    // Counted before the stream starts, so parallel requests cannot all pass the check.
    perAddress.set(address, held + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    };
    c.header("Cache-Control", "no-store");
    c.header("X-Accel-Buffering", "no");
    const lastEventId = Number(c.req.header("last-event-id") ?? c.req.query("since") ?? NaN);
    const forOwner = Boolean(c.get("session"));
    // A visitor must not learn when a message arrives, a link is checked or an import moves on.
    const visible = (topic: Topic) => forOwner || !OWNER_ONLY_TOPICS.has(topic);

    return streamSSE(c, async (stream) => {
      const queue: ChangeEvent[] = [];
      let wake: (() => void) | undefined;
      let closed = false;
      const close = () => {
        closed = true;
        wake?.();
      };
      open.add(close);
      const hear = (event: ChangeEvent) => {
        if (!visible(event.topic)) return;
        queue.push(event);
        wake?.();
      };
      hearing.add(hear);
      stream.onAbort(close);
      let heartbeat: ReturnType<typeof setInterval> | undefined;
      try {
        // Read after listening: a change committed in between is queued, not skipped.
        let readySeq = store.currentSeq();
        if (Number.isInteger(lastEventId) && lastEventId >= 0) {
          const missed = latestChanges.all(lastEventId);
          const last = missed.at(-1);
          // A client that was away gets one event per topic that changed, not the whole history.
          if (last) {
            readySeq = Math.max(readySeq, last.seq);
            const topics = missed.map((m) => m.topic).filter(visible);
            queue.unshift(...topics.map((topic) => ({ seq: readySeq, topic })));
          }
        }
        await stream.writeSSE({ id: String(readySeq), event: "ready", data: "{}", retry: 2000 });

        heartbeat = setInterval(() => {
          void stream.write(": heartbeat\n\n").catch(close);
        }, options.heartbeatMs);
        while (!closed) {
          const next = queue.shift();
          if (next) {
            await stream.writeSSE({
              id: String(next.seq),
              event: "change",
              data: JSON.stringify({ topic: next.topic }),
            });
            continue;
          }
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
        }
      } finally {
        clearInterval(heartbeat);
        hearing.delete(hear);
        open.delete(close);
        release();
      }
    });
  });

  return {
    app,
    /** Tells every open stream of a committed change. */
    publish(event: ChangeEvent) {
      for (const hear of hearing) hear(event);
    },
    openStreams: () => open.size,
    /** Ends every stream, so that a server can stop promptly. */
    closeAll: () => {
      for (const close of open) close();
    },
  };
}
export type LiveEvents = ReturnType<typeof createLiveEvents>;
