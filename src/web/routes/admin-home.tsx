import { useNavigation } from "react-router";
import { TOPICS } from "../../domain/content";
import { HomeView } from "../features/home/home-view";
import { LoadFailedNotice } from "../lib/dashboard/load-failed";
import { loadOrFlag, useLastLoaded, useLoadFailureToast } from "../lib/dashboard/load-state";
import { requireOwner } from "../lib/dashboard/owner-guard";
import { useLiveUpdates } from "../lib/use-live-updates";
import type { Route } from "./+types/admin-home";

export function loader({ context, request }: Route.LoaderArgs) {
  return { summary: requireOwner(context, request).home() };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadOrFlag(serverLoader);

/**
 * Home sums up every topic and is read again after a change to any of them; a topic
 * private before and after a write is never opened by a visitor, so it changes nothing here.
 */
const LIVE = TOPICS.filter((topic) => topic !== "private-collections");
const LOAD_FAILED = "Failed to load the home page";

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  useLiveUpdates(LIVE);
  const navigation = useNavigation();
  const summary = useLastLoaded("summary" in loaderData ? loaderData.summary : undefined);
  useLoadFailureToast("loadFailedAt" in loaderData ? loaderData.loadFailedAt : undefined, LOAD_FAILED);
  const loading =
    navigation.state === "loading" && /\/admin\/dashboard\/?$/.test(navigation.location.pathname);
  return summary ? (
    <HomeView summary={summary} loading={loading} />
  ) : (
    <LoadFailedNotice message={LOAD_FAILED} />
  );
}
