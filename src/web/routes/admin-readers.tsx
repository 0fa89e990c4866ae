import { useNavigation } from "react-router";
import type { ReadersPeriod } from "../../domain/readership";
import { ReadersView } from "../features/readers/readers-view";
import { FollowersPanel } from "../features/followers/followers-panel";
import { LoadFailedNotice } from "../lib/dashboard/load-failed";
import { loadOrFlag, useLastLoaded, useLoadFailureToast } from "../lib/dashboard/load-state";
import { requireOwner } from "../lib/dashboard/owner-guard";
import { useLiveUpdates } from "../lib/use-live-updates";
import type { Route } from "./+types/admin-readers";

export function loader({ context, request }: Route.LoaderArgs) {
  const owner = requireOwner(context, request);
  const period: ReadersPeriod = new URL(request.url).searchParams.get("days") === "90" ? 90 : 30;
  return { report: owner.readers(period), period };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadOrFlag(serverLoader);

const LIVE = ["readers", "followers"] as const;
const LOAD_FAILED = "Failed to load the readers";

export default function AdminReaders({ loaderData }: Route.ComponentProps) {
  useLiveUpdates(LIVE);
  const navigation = useNavigation();
  const data = useLastLoaded("report" in loaderData ? loaderData : undefined);
  useLoadFailureToast("loadFailedAt" in loaderData ? loaderData.loadFailedAt : undefined, LOAD_FAILED);
  const loading = navigation.state === "loading" && navigation.location.pathname.endsWith("/readers");
  return (
    <>
      {data ? (
        <ReadersView report={data.report} period={data.period} loading={loading} />
      ) : (
        <LoadFailedNotice message={LOAD_FAILED} />
      )}
      <FollowersPanel refresh={loaderData} />
    </>
  );
}
