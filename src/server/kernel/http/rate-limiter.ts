import type { Context } from "hono";
import { apiError } from "./api-error";

/** Keys a limiter keeps at most: past this, expired windows are swept, then the oldest keys go. */
const MAX_KEYS = 10_000;

/** Fixed-window counters kept in memory: enough for one process serving one owner's site. */
export function createRateLimiter(options: {
  limit: number;
  windowMs: number;
  now?: () => number;
  maxKeys?: number;
}) {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? MAX_KEYS;
  const hits = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const t = now();
    let entry = hits.get(key);
    if (!entry || entry.resetAt <= t) {
      hits.delete(key);
      entry = { count: 0, resetAt: t + options.windowMs };
      hits.set(key, entry);
    }
    if (hits.size > maxKeys) {
      for (const [k, v] of hits) if (v.resetAt <= t) hits.delete(k);
      // Still full: a flood of fresh keys. Forgetting the oldest window is the lesser harm than
      // growing without bound; a Map iterates in insertion order, so these go first.
      for (const k of hits.keys()) {
        if (hits.size <= maxKeys) break;
        if (k !== key) hits.delete(k);
      }
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
    /** Hits counted for the key in its current window. */
    count: (key: string) => current(key).count,
    isLimited: (key: string) => current(key).count >= options.limit,
    /** Takes back one hit, for an attempt that turned out to be legitimate. */
    undo(key: string) {
      const entry = hits.get(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    reset: (key: string) => void hits.delete(key),
    retryAfterSeconds: (key: string) => Math.max(1, Math.ceil((current(key).resetAt - now()) / 1000)),
    /** Keys currently held, for tests of the bound. */
    size: () => hits.size,
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * Counts one hit of `key`; over the limit, the 429 answer (`rate_limited`, with Retry-After) to
 * send instead of the work, otherwise undefined.
 */
export function overLimit(
  c: Context,
  limiter: RateLimiter,
  key: string,
  message: string,
): Response | undefined {
  if (limiter.hit(key)) return undefined;
  c.header("Retry-After", String(limiter.retryAfterSeconds(key)));
  return apiError(c, 429, "rate_limited", message);
}
