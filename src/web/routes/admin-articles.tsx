import { CollectionManager } from "../features/collections/collection-manager";
import { articleCollection } from "../features/collections/articles/article-collection";
import { ImportFromPage } from "../features/import/import-from-page";
import { loadOrFlag } from "../lib/dashboard/load-state";
import { requireOwner } from "../lib/dashboard/owner-guard";
import type { Route } from "./+types/admin-articles";

export function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  return { items: context.content.articles(), ownerName: context.content.site().name };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadOrFlag(serverLoader);

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <CollectionManager heading="Articles" config={articleCollection} data={loaderData} />
      <ImportFromPage ownerName={"ownerName" in loaderData ? loaderData.ownerName : ""} />
    </>
  );
}
