import type { ReactNode } from "react";
import type { WatchOverview } from "../../../domain/clip-watch";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { ListTab } from "../../lib/dashboard/list-tab";
import { useConfirmedDelete } from "../../lib/dashboard/use-confirmed-delete";
import { useMinuteClock } from "../../lib/use-minute-clock";
import { NewClips } from "./new-clips";
import { SourceSuggestions } from "./source-suggestions";
import { useCheckRun } from "./use-check-run";
import { WATCHED_HEADING_ID, WatchedSources } from "./watched-sources";
import "./sources.css";

const TITLE = "Clips";

function summary({ sources, waiting }: WatchOverview): string {
  if (sources.length === 0) return "No sources watched yet.";
  const watched = `${sources.length} ${sources.length === 1 ? "source" : "sources"} watched`;
  if (waiting === 0) return `${watched}, no new clips.`;
  return `${watched}, ${waiting} new ${waiting === 1 ? "clip waits" : "clips wait"} for you.`;
}

/**
 * The dashboard's Clips tab (clip watch, issue 28; one place for clips, issue 37): the clips found
 * under the owner's byline, waiting for Add or Dismiss, the watched sources, the sources the
 * portfolio suggests, and the import of a back catalogue (`importer`, composed by the route).
 */
export function SourcesTab({ overview, importer }: { overview: WatchOverview; importer: ReactNode }) {
  const now = useMinuteClock();
  // Check now, and a Watch of a new source (the field's or a suggestion's), which checks at once.
  const check = useCheckRun(overview.checking, overview.lastCheck);
  const remove = useConfirmedDelete({
    items: overview.sources,
    keyOf: (source) => source.id,
    pathOf: (source) => `/api/watch/sources/${encodeURIComponent(source.id)}`,
    done: "Source removed",
    failed: (error) => (error.status !== 0 ? error.message : "Failed to remove the source"),
    focusAfterId: WATCHED_HEADING_ID,
    confirmLabel: "Remove",
  });

  return (
    <ListTab
      name="sources"
      title={TITLE}
      summary={summary(overview)}
      emptyNote={null}
      dialog={
        <ConfirmDialog
          {...remove.dialog}
          title="Stop watching this source?"
          message={
            remove.asked
              ? `${remove.asked.url} will not be checked again. Clips it found stay where they are.`
              : ""
          }
        />
      }
    >
      <div className="sources__sections">
        {/* Before the first source nothing can wait: the sources' own note says what to do. */}
        {overview.sources.length > 0 || overview.clips.length > 0 ? (
          <NewClips clips={overview.clips} now={now} />
        ) : null}
        <WatchedSources
          sources={overview.sources}
          check={check}
          now={now}
          onRemove={remove.ask}
          removing={remove.deletingKey !== null}
        />
        <SourceSuggestions
          suggestions={overview.suggestions}
          sources={overview.sources}
          onWatched={() => void check.start()}
        />
        {/* Last: a back catalogue's review list runs to hundreds of lines. */}
        {importer}
      </div>
    </ListTab>
  );
}

/** The tab's heading over what stands in for it: the loading note, or the failure and Try again. */
export function SourcesPlaceholder({ children }: { children: ReactNode }) {
  return (
    <ListTab name="sources" title={TITLE} summary="" emptyNote={null} dialog={null}>
      {children}
    </ListTab>
  );
}
