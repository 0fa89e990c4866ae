import { redirect } from "react-router";
import type { WatchOverview } from "../../domain/clip-watch";
import type { Site } from "../../domain/content";
import { ImportFromPage } from "../features/back-catalogue/import-from-page";
import { SourcesPlaceholder, SourcesTab } from "../features/sources/sources-tab";
import { ApiError, apiRequest } from "../lib/api-client";
import { LoadFailedNotice } from "../lib/dashboard/load-failed";
import { loadOrFlag, useLastLoaded, useLoadFailureToast } from "../lib/dashboard/load-state";
import { signInPath } from "../lib/dashboard/owner-guard";
import { useLiveUpdates } from "../lib/use-live-updates";
import type { Route } from "./+types/admin-clips";

/**
 * The Clips tab: the clips waiting for the owner, the import of a back catalogue and the watched
 * sources, in one place. It reads the clip watch from its API in the browser (`GET /api/watch`),
 * on the first render and on every re-read, with the site's name for the import's byline filter:
 * the dashboard's loader has checked the session for the page, and a session that expired since
 * sends the owner to sign in.
 */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadOrFlag(async () => {
    try {
      const [overview, site] = await Promise.all([
        apiRequest<WatchOverview>("/api/watch", { signal: request.signal }),
        apiRequest<Pick<Site, "name">>("/api/site", { signal: request.signal }),
      ]);
      return { overview, ownerName: site.name };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        const url = new URL(request.url);
        throw redirect(signInPath(url.pathname + url.search));
      }
      throw error;
    }
  });
clientLoader.hydrate = true as const;

// A clip the portfolio gets meanwhile (an import, an article added by hand) leaves New clips at once.
const LIVE = ["watch", "articles"] as const;
const LOAD_FAILED = "Failed to load clips";

export function HydrateFallback() {
  return (
    <SourcesPlaceholder>
      <p className="list-tab__empty" role="status">
        Loading clips…
      </p>
    </SourcesPlaceholder>
  );
}

export default function AdminClips({ loaderData }: Route.ComponentProps) {
  useLiveUpdates(LIVE);
  const overview = useLastLoaded("overview" in loaderData ? loaderData.overview : undefined);
  const ownerName = useLastLoaded("ownerName" in loaderData ? loaderData.ownerName : undefined) ?? "";
  useLoadFailureToast("loadFailedAt" in loaderData ? loaderData.loadFailedAt : undefined, LOAD_FAILED);
  return overview ? (
    <SourcesTab overview={overview} importer={<ImportFromPage ownerName={ownerName} />} />
  ) : (
    <SourcesPlaceholder>
      <LoadFailedNotice message={LOAD_FAILED} />
    </SourcesPlaceholder>
  );
}
