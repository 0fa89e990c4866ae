import { MessagesInbox } from "../features/messages/messages-inbox";
import { LoadFailedNotice } from "../lib/dashboard/load-failed";
import { loadOrFlag, useLastLoaded, useLoadFailureToast } from "../lib/dashboard/load-state";
import { requireOwner } from "../lib/dashboard/owner-guard";
import { useLiveUpdates } from "../lib/use-live-updates";
import type { Route } from "./+types/admin-messages";

export function loader({ context, request }: Route.LoaderArgs) {
  return { inbox: requireOwner(context, request).inbox() };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadOrFlag(serverLoader);

const LIVE = ["messages"] as const;
const LOAD_FAILED = "Failed to load messages";

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  useLiveUpdates(LIVE);
  const inbox = useLastLoaded("inbox" in loaderData ? loaderData.inbox : undefined);
  useLoadFailureToast("loadFailedAt" in loaderData ? loaderData.loadFailedAt : undefined, LOAD_FAILED);
  return inbox ? <MessagesInbox {...inbox} /> : <LoadFailedNotice message={LOAD_FAILED} />;
}
