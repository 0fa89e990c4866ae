import { NavLink } from "react-router";
import { sourcesTabLabel, type WatchOverview } from "../../../domain/clip-watch";
import type { Collection } from "../../../domain/content";
import { useLiveRead } from "../../lib/dashboard/use-live-read";

const WATCH: readonly Collection[] = ["watch"];

/**
 * The dashboard's 'Sources' tab, 'Sources, 3 new' while clips wait for the owner: kept current
 * from the live event stream on every tab of the dashboard.
 */
export function SourcesTabLink({ className }: { className: string }) {
  const waiting = useLiveRead<WatchOverview>(WATCH, "/api/watch")?.waiting ?? 0;
  return (
    <NavLink
      to="sources"
      className={className}
      aria-label={waiting > 0 ? sourcesTabLabel(waiting) : undefined}
    >
      Sources
      {waiting > 0 ? (
        <span className="dashboard__tab-badge" aria-hidden="true">
          {waiting} new
        </span>
      ) : null}
    </NavLink>
  );
}
