import { createHash } from "node:crypto";

/**
 * Each source has its own moment in the interval (from its id), so 50 sources added at once are
 * still checked one after another across it, not all together. The next check after one at
 * `after` is the source's next moment at least half an interval later: every interval in the
 * steady state, and between a half and one and a half intervals after a check out of turn
 * (Check now, a resume).
 */
export function nextSlot(sourceId: string, after: number, intervalMs: number): number {
  const phase = (createHash("sha256").update(sourceId).digest().readUInt32BE(0) / 2 ** 32) * intervalMs;
  const earliest = after + intervalMs / 2;
  const turns = Math.ceil((earliest - phase) / intervalMs);
  return Math.round(phase + turns * intervalMs);
}
