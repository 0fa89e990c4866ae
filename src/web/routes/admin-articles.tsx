import { CollectionManager } from "../features/collections/collection-manager";
import { articleCollection } from "../features/collections/articles/article-collection";
import { ImportFromPage } from "../features/import/import-from-page";
import { articleLinkExtras } from "../features/collections/articles/link-health";
import { withWaybackStatus } from "../features/collections/articles/wayback-status";
import { withCaptureProof } from "../features/collections/articles/capture-status";
import { loadOrFlag, useLastLoaded } from "../lib/dashboard/load-state";
import { requireOwner } from "../lib/dashboard/owner-guard";
import type { Route } from "./+types/admin-articles";

export function loader({ context, request }: Route.LoaderArgs) {
  const owner = requireOwner(context, request);
  return {
    items: context.content.articles(),
    ownerName: context.content.site().name,
    links: owner.linkHealth(),
    wayback: owner.wayback(),
    captures: owner.captureProofs(),
  };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadOrFlag(serverLoader);

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  const links = useLastLoaded("links" in loaderData ? loaderData.links : undefined);
  const wayback = useLastLoaded("wayback" in loaderData ? loaderData.wayback : undefined);
  const captures = useLastLoaded("captures" in loaderData ? loaderData.captures : undefined);
  return (
    <>
      <CollectionManager
        heading="Articles"
        config={articleCollection}
        data={loaderData}
        extras={withCaptureProof(withWaybackStatus(articleLinkExtras(links), wayback), captures)}
      />
      <ImportFromPage ownerName={"ownerName" in loaderData ? loaderData.ownerName : ""} />
    </>
  );
}
