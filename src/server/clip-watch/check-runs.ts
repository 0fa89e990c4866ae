import type { CheckSummary, OfferedClip } from "../../domain/clip-watch";
import { createBackgroundWorker } from "../kernel/background-worker";
import { emailDigestIfDue } from "./clip-digest";
import type { Run } from "./link-intake";
import type { createSourceChecks } from "./source-checks";
import { type WatchContext } from "./watch-context";
import { errorReason } from "../../domain/error-reason";
import type { SourceRow } from "./watch-repository";

/**
 * The schedule of checks: a look every `tickMs` (a minute) for the sources whose moment has
 * come, or the owner's Check now; one run at a time, announced on the "watch" live collection.
 */
export function createCheckRuns(ctx: WatchContext, checks: ReturnType<typeof createSourceChecks>) {
  const { deps, repo } = ctx;
  /** The sources the owner asked to check now; otherwise a run checks those whose moment has come. */
  let asked: readonly SourceRow[] | undefined;
  /** The clips the last run found. */
  let found: OfferedClip[] = [];
  let lastCheck: CheckSummary | null = null;
  const sourcesToCheck = () => asked ?? repo.dueSources(ctx.iso());

  async function checkSources(): Promise<void> {
    const list = sourcesToCheck();
    asked = undefined;
    const run: Run = { reading: new Map(), found: [] };
    found = run.found;
    await Promise.all(list.map((source) => checks.checkSource(source, run)));
    lastCheck = {
      run: (lastCheck?.run ?? 0) + 1,
      sources: list.length,
      newClips: run.found.length,
      failing: list.filter((source) => repo.source(source.id)?.state !== "ok").length,
    };
    if (!ctx.isStopped()) emailDigestIfDue(ctx);
  }

  const tickMs = deps.tickMs ?? 60_000;
  const worker = createBackgroundWorker({
    isDue: () => sourcesToCheck().length > 0,
    pass: checkSources,
    intervalMs: tickMs,
    firstWaitMs: tickMs,
    pauseWhen: deps.pauseWhen,
    announce: () => deps.store.write("watch", () => undefined),
    // The database stayed locked past its busy timeout, say: the next look tries again.
    onError: (error) =>
      ctx.logger.warn({ reason: errorReason(error) }, "A check of the watched sources failed"),
  });

  /** Checks `list` (the schedule's when undefined), unless a run is under way (then resolves with that run's clips). */
  async function runChecks(list?: readonly SourceRow[]): Promise<OfferedClip[]> {
    if (worker.isRunning()) {
      await worker.idle();
      return found;
    }
    asked = list;
    found = [];
    // The run takes `asked` before its first wait; left unused (nothing to check), it must not stay.
    const done = worker.runNow();
    asked = undefined;
    await done;
    return found;
  }

  return {
    checking: worker.isRunning,
    lastCheck: () => lastCheck,
    checkNow: (list: readonly SourceRow[]) => runChecks(list),
    tick: (): Promise<OfferedClip[]> => (worker.isRunning() ? Promise.resolve([]) : runChecks()),
    idle: worker.idle,
    start: worker.start,
    stop: worker.stop,
  };
}
