/**
 * A small in-memory cache whose entries expire after a time to live, bounded in size (the
 * oldest entry goes first). `now` is read on every call, so tests can move the clock.
 */
export function createTtlCache<V>(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const { ttlMs, maxEntries, now = () => Date.now() } = options;
  const entries = new Map<string, { value: V; expires: number }>();
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() >= entry.expires) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key: string, value: V, ttl = ttlMs): void {
      entries.delete(key);
      entries.set(key, { value, expires: now() + ttl });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    delete(key: string): void {
      entries.delete(key);
    },
    get size(): number {
      return entries.size;
    },
  };
}

/** Runs `load` once per key at a time: concurrent callers for the same key share one promise. */
export function createInFlight<V>() {
  const pending = new Map<string, Promise<V>>();
  return (key: string, load: () => Promise<V>): Promise<V> => {
    let promise = pending.get(key);
    if (!promise) {
      promise = load().finally(() => pending.delete(key));
      pending.set(key, promise);
    }
    return promise;
  };
}
