/** The default wait before the first retry of a failed delivery. */
export const DEFAULT_RETRY_BASE_MS = 30_000;
/** Retries never wait longer than this many times the base (30 s × 120 = 1 h by default). */
export const RETRY_CAP_FACTOR = 120;

/**
 * How long to wait after the given number of failed attempts: base, 2×base, 4×base… capped.
 * With the default base: 30 s, 1 min, 2 min, 4 min… 1 h.
 */
export function retryDelayMs(failedAttempts: number, baseMs: number = DEFAULT_RETRY_BASE_MS): number {
  const cap = baseMs * RETRY_CAP_FACTOR;
  const exponent = Math.max(0, failedAttempts - 1);
  // 2^7 = 128 > 120 already, so larger exponents are the cap without risking overflow.
  return exponent >= 7 ? cap : Math.min(cap, baseMs * 2 ** exponent);
}
