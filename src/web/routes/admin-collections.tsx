import { CollectionsManager } from "../features/collections/collections-manager";
import { LoadFailedNotice } from "../lib/dashboard/load-failed";
import { loadOrFlag, useLastLoaded, useLoadFailureToast } from "../lib/dashboard/load-state";
import { requireOwner } from "../lib/dashboard/owner-guard";
import { useLiveUpdates } from "../lib/use-live-updates";
import type { Route } from "./+types/admin-collections";

export function loader({ context, request }: Route.LoaderArgs) {
  const owner = requireOwner(context, request);
  return {
    collections: owner.collections(),
    readership: owner.collectionReadership(),
    articles: context.content.articles().map(({ id, title, outlet, date }) => ({ id, title, outlet, date })),
    origin: context.publicUrl,
    mailConfigured: owner.mailConfigured,
  };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadOrFlag(serverLoader);

const LIVE = ["collections", "private-collections", "articles", "readers"] as const;
const LOAD_FAILED = "Failed to load collections";

export default function AdminCollections({ loaderData }: Route.ComponentProps) {
  useLiveUpdates(LIVE);
  const data = useLastLoaded("collections" in loaderData ? loaderData : undefined);
  useLoadFailureToast("loadFailedAt" in loaderData ? loaderData.loadFailedAt : undefined, LOAD_FAILED);
  return data ? (
    <CollectionsManager
      collections={data.collections}
      readership={data.readership}
      articles={data.articles}
      origin={data.origin}
      mailConfigured={data.mailConfigured}
    />
  ) : (
    <LoadFailedNotice message={LOAD_FAILED} />
  );
}
