import type { MessageQueue, MessageQueueEnqueueOptions } from "@fedify/fedify";
import type { Store } from "../kernel/db/open-database";

type Row = { id: number; message: string };

export type SqliteMessageQueueOptions = {
  /** How long a taken message is a worker's before another may take it (a crash mid-delivery). */
  leaseMs?: number;
  /** The longest wait between looks when nothing wakes the worker (another process's enqueue). */
  pollMs?: number;
  now?: () => number;
};

/**
 * Fedify's message queue in the site's own database (table `fediverse_queue`): deliveries and
 * received activities wait there across restarts. Fedify does the retrying itself (with backoff,
 * `nativeRetrial` false): a failed delivery comes back as a new, delayed message.
 *
 * One message at a time, and never two with the same ordering key at once. An enqueue in this
 * process wakes the worker at once; a delayed message is looked at when it is due.
 */
export function createSqliteMessageQueue(
  store: Store,
  options: SqliteMessageQueueOptions = {},
): MessageQueue & { waiting(): number } {
  const { sqlite } = store;
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  const pollMs = options.pollMs ?? 60_000;
  const now = options.now ?? Date.now;
  const insert = sqlite.prepare<{ message: string; readyAt: number; orderingKey: string | null }>(
    "insert into fediverse_queue (message, ready_at, ordering_key) values (@message, @readyAt, @orderingKey)",
  );
  const free = "(taken_until is null or taken_until <= @now)";
  const next = sqlite.prepare<{ now: number }, Row>(
    `select id, message from fediverse_queue q where ready_at <= @now and ${free}
       and (ordering_key is null or not exists (select 1 from fediverse_queue o
         where o.ordering_key = q.ordering_key and o.id <> q.id and o.taken_until > @now))
     order by ready_at, id limit 1`,
  );
  const take = sqlite.prepare<{ id: number; until: number }>(
    "update fediverse_queue set taken_until = @until where id = @id",
  );
  const done = sqlite.prepare<[number]>("delete from fediverse_queue where id = ?");
  const nextDue = sqlite.prepare<[], { due: number | null }>(
    "select min(max(ready_at, coalesce(taken_until, 0))) as due from fediverse_queue",
  );
  const release = sqlite.prepare("update fediverse_queue set taken_until = null");
  const count = sqlite.prepare<[], { n: number }>("select count(*) as n from fediverse_queue");

  let wake: (() => void) | undefined;
  const delayOf = (enqueue?: MessageQueueEnqueueOptions) =>
    enqueue?.delay ? Math.max(0, enqueue.delay.total("millisecond")) : 0;
  const add = (messages: readonly unknown[], enqueue?: MessageQueueEnqueueOptions) => {
    const readyAt = now() + delayOf(enqueue);
    sqlite.transaction(() => {
      for (const message of messages)
        insert.run({ message: JSON.stringify(message), readyAt, orderingKey: enqueue?.orderingKey ?? null });
    })();
    wake?.();
    return Promise.resolve();
  };
  const claim = () =>
    sqlite.transaction(() => {
      const row = next.get({ now: now() });
      if (row) take.run({ id: row.id, until: now() + leaseMs });
      return row;
    })();

  return {
    nativeRetrial: false,
    enqueue: (message, enqueue) => add([message], enqueue),
    enqueueMany: (messages, enqueue) => add(messages, enqueue),
    waiting: () => count.get()?.n ?? 0,
    getDepth: () => Promise.resolve({ queued: count.get()?.n ?? 0 }),
    async listen(handler, listen = {}) {
      const { signal } = listen;
      // One worker per database: what a previous process held when it stopped is free again.
      release.run();
      while (!signal?.aborted) {
        const row = claim();
        if (row) {
          try {
            await handler(JSON.parse(row.message));
          } finally {
            done.run(row.id);
          }
          continue;
        }
        const due = nextDue.get()?.due;
        const waitMs = Math.min(pollMs, due == null ? pollMs : Math.max(0, due - now()));
        await new Promise<void>((resolve) => {
          const timer = setTimeout(finish, waitMs);
          function finish() {
            clearTimeout(timer);
            wake = undefined;
            signal?.removeEventListener("abort", finish);
            resolve();
          }
          wake = finish;
          signal?.addEventListener("abort", finish);
        });
      }
    },
  };
}
