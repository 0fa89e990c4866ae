import { redirect } from "react-router";
import type { WatchOverview } from "../../domain/clip-watch";
import { SourcesPlaceholder, SourcesTab } from "../features/sources/sources-tab";
import { ApiError, apiRequest } from "../lib/api-client";
import { LoadFailedNotice } from "../lib/dashboard/load-failed";
import { loadOrFlag, useLastLoaded, useLoadFailureToast } from "../lib/dashboard/load-state";
import { signInPath } from "../lib/dashboard/owner-guard";
import { useLiveUpdates } from "../lib/use-live-updates";
import type { Route } from "./+types/admin-sources";

/**
 * The tab reads the clip watch from its API in the browser (`GET /api/watch`), on the first
 * render and on every re-read: the dashboard's loader has checked the session for the page, and
 * a session that expired since sends the owner to sign in.
 */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadOrFlag(async () => {
    try {
      return { overview: await apiRequest<WatchOverview>("/api/watch", { signal: request.signal }) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        const url = new URL(request.url);
        throw redirect(signInPath(url.pathname + url.search));
      }
      throw error;
    }
  });
clientLoader.hydrate = true as const;

const LIVE = ["watch"] as const;
const LOAD_FAILED = "Failed to load sources";

export function HydrateFallback() {
  return (
    <SourcesPlaceholder>
      <p className="list-tab__empty" role="status">
        Loading sources…
      </p>
    </SourcesPlaceholder>
  );
}

export default function AdminSources({ loaderData }: Route.ComponentProps) {
  useLiveUpdates(LIVE);
  const overview = useLastLoaded("overview" in loaderData ? loaderData.overview : undefined);
  useLoadFailureToast("loadFailedAt" in loaderData ? loaderData.loadFailedAt : undefined, LOAD_FAILED);
  return overview ? (
    <SourcesTab overview={overview} />
  ) : (
    <SourcesPlaceholder>
      <LoadFailedNotice message={LOAD_FAILED} />
    </SourcesPlaceholder>
  );
}
