import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from "@fedify/fedify";
import type { Store } from "../kernel/db/open-database";

type Row = { key: string; value: string };

/**
 * Fedify's key-value store in the site's own database (table `fediverse_kv`): its caches of
 * remote documents and keys, idempotence records, and the site's key pairs survive restarts.
 * Keys are the JSON of Fedify's key arrays; a prefix is matched on that text.
 *
 * Not through `Store.write`: these are Fedify's own records, written on every received
 * activity, and nothing on a page shows them.
 */
export function createSqliteKvStore(store: Store, now: () => number = Date.now): KvStore {
  const { sqlite } = store;
  const live = "(expires_at is null or expires_at > @now)";
  const select = sqlite.prepare<{ key: string; now: number }, Row>(
    `select key, value from fediverse_kv where key = @key and ${live}`,
  );
  const upsert = sqlite.prepare<{ key: string; value: string; expiresAt: number | null }>(
    `insert into fediverse_kv (key, value, expires_at) values (@key, @value, @expiresAt)
     on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`,
  );
  const remove = sqlite.prepare<[string]>("delete from fediverse_kv where key = ?");
  const listed = sqlite.prepare<{ exact: string; prefix: string; now: number }, Row>(
    `select key, value from fediverse_kv
     where (key = @exact or substr(key, 1, length(@prefix)) = @prefix) and ${live} order by key`,
  );
  const listedAll = sqlite.prepare<{ now: number }, Row>(
    `select key, value from fediverse_kv where ${live} order by key`,
  );
  const expired = sqlite.prepare<[number]>("delete from fediverse_kv where expires_at <= ?");

  const encode = (key: KvKey) => JSON.stringify(key);
  const expiry = (options?: KvStoreSetOptions) =>
    options?.ttl ? now() + options.ttl.total("millisecond") : null;
  const read = (key: KvKey): unknown => {
    const row = select.get({ key: encode(key), now: now() });
    return row ? JSON.parse(row.value) : undefined;
  };
  const write = (key: KvKey, value: unknown, options?: KvStoreSetOptions) => {
    upsert.run({ key: encode(key), value: JSON.stringify(value), expiresAt: expiry(options) });
  };
  let writes = 0;

  return {
    get: <T>(key: KvKey) => Promise.resolve(read(key) as T | undefined),
    set(key, value, options) {
      write(key, value, options);
      // Expired entries go now and then, not on every write.
      if (++writes % 500 === 0) expired.run(now());
      return Promise.resolve();
    },
    delete(key) {
      remove.run(encode(key));
      return Promise.resolve();
    },
    cas(key, expectedValue, newValue, options) {
      const swapped = sqlite.transaction(() => {
        if (JSON.stringify(read(key)) !== JSON.stringify(expectedValue)) return false;
        write(key, newValue, options);
        return true;
      })();
      return Promise.resolve(swapped);
    },
    async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
      const rows = prefix
        ? listed.all({ exact: encode(prefix), prefix: `${encode(prefix).slice(0, -1)},`, now: now() })
        : listedAll.all({ now: now() });
      for (const row of rows) yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) };
    },
  };
}
