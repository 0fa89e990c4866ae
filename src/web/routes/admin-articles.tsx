import { CollectionManager } from "../features/admin/collection-manager";
import { articleCollection } from "../features/admin/article-collection";
import { loadOrFlag } from "../features/admin/load-state";
import { requireOwner } from "../features/admin/owner-guard";
import type { Route } from "./+types/admin-articles";

export function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  return { items: context.content.articles() };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadOrFlag(serverLoader);

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  return <CollectionManager heading="Articles" config={articleCollection} data={loaderData} />;
}
