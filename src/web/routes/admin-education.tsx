import { CollectionManager } from "../features/admin/collection-manager";
import { educationCollection } from "../features/admin/education-collection";
import { loadOrFlag } from "../features/admin/load-state";
import { requireOwner } from "../features/admin/owner-guard";
import type { Route } from "./+types/admin-education";

export function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  return { items: context.content.education() };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadOrFlag(serverLoader);

export default function AdminEducation({ loaderData }: Route.ComponentProps) {
  return <CollectionManager heading="Education" config={educationCollection} data={loaderData} />;
}
