import { NavLink } from "react-router";
import { clipsTabLabel, type WatchOverview } from "../../../domain/clip-watch";
import type { Topic } from "../../../domain/content";
import { useLiveRead } from "../../lib/dashboard/use-live-read";

// An article added meanwhile may be a waiting clip, which then waits no more.
const WATCH: readonly Topic[] = ["watch", "articles"];

/**
 * The dashboard's 'Clips' tab, 'Clips, 3 new' while clips wait for the owner: kept current from
 * the live event stream on every tab of the dashboard.
 */
export function SourcesTabLink({ className }: { className: string }) {
  const waiting = useLiveRead<WatchOverview>(WATCH, "/api/watch")?.waiting ?? 0;
  return (
    <NavLink to="clips" className={className} aria-label={waiting > 0 ? clipsTabLabel(waiting) : undefined}>
      Clips
      {waiting > 0 ? (
        <span className="dashboard__tab-badge" aria-hidden="true">
          {waiting} new
        </span>
      ) : null}
    </NavLink>
  );
}
