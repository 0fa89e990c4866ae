/** Fixed-window counters kept in memory: enough for one process serving one owner's site. */
export function createRateLimiter(options: { limit: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const hits = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const t = now();
    let entry = hits.get(key);
    if (!entry || entry.resetAt <= t) {
      entry = { count: 0, resetAt: t + options.windowMs };
      hits.set(key, entry);
    }
    if (hits.size > 10_000) {
      for (const [k, v] of hits) if (v.resetAt <= t) hits.delete(k);
    }
    return entry;
  };
  return {
    /** Counts one hit; false when the key is over its limit. */
    hit(key: string): boolean {
      const entry = current(key);
      entry.count += 1;
      return entry.count <= options.limit;
    },
    isLimited: (key: string) => current(key).count >= options.limit,
    /** Takes back one hit, for an attempt that turned out to be legitimate. */
    undo(key: string) {
      const entry = hits.get(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    reset: (key: string) => void hits.delete(key),
    retryAfterSeconds: (key: string) => Math.max(1, Math.ceil((current(key).resetAt - now()) / 1000)),
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
