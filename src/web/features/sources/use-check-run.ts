import { useState } from "react";
import type { CheckSummary } from "../../../domain/clip-watch";
import { useListWrite } from "../../lib/dashboard/use-list-write";
import { checkSummaryText } from "./source-texts";

export type CheckRun = { running: boolean; summary: string; start: () => Promise<void> };

/**
 * Asks the server to check every source, and follows that run until the watch's summary of it
 * arrives (the first run to end after the asking; a run already under way counts; a server
 * restarted meanwhile, which counts runs afresh, ends the wait too).
 */
export function useCheckRun(checking: boolean, lastCheck: CheckSummary | null): CheckRun {
  const write = useListWrite();
  const [asking, setAsking] = useState(false);
  /** The number of the last run known when the owner asked: the next summary is the answer. */
  const [awaited, setAwaited] = useState<number | null>(null);
  const known = lastCheck?.run ?? 0;
  const done = awaited !== null && !checking && known !== awaited;

  async function start() {
    setAsking(true);
    const before = known;
    const ok = await write("/api/watch/check", "POST", undefined, { failed: (error) => error.message });
    setAwaited(ok ? before : null);
    setAsking(false);
  }

  return {
    running: checking || asking || (awaited !== null && !done),
    summary: done && lastCheck ? checkSummaryText(lastCheck) : "",
    start,
  };
}
