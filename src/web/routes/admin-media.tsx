import { MediaLibrary } from "../features/media/media-library";
import { LoadFailedNotice } from "../lib/dashboard/load-failed";
import { loadOrFlag, useLastLoaded, useLoadFailureToast } from "../lib/dashboard/load-state";
import { requireOwner } from "../lib/dashboard/owner-guard";
import { useLiveUpdates } from "../lib/use-live-updates";
import type { Route } from "./+types/admin-media";

export async function loader({ context, request }: Route.LoaderArgs) {
  return { uploads: await requireOwner(context, request).uploads() };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadOrFlag(serverLoader);

/** Where an image is used changes when the settings or an article change. */
const LIVE = ["site", "articles"] as const;
const LOAD_FAILED = "Failed to load media";

export default function AdminMedia({ loaderData }: Route.ComponentProps) {
  useLiveUpdates(LIVE);
  const uploads = useLastLoaded("uploads" in loaderData ? loaderData.uploads : undefined);
  useLoadFailureToast("loadFailedAt" in loaderData ? loaderData.loadFailedAt : undefined, LOAD_FAILED);
  return uploads ? <MediaLibrary uploads={uploads} /> : <LoadFailedNotice message={LOAD_FAILED} />;
}
