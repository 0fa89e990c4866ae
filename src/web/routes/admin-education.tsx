import { CollectionManager } from "../features/collections/collection-manager";
import { educationCollection } from "../features/collections/education/education-collection";
import { loadOrFlag } from "../lib/dashboard/load-state";
import { requireOwner } from "../lib/dashboard/owner-guard";
import type { Route } from "./+types/admin-education";

export function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  return { items: context.content.education() };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadOrFlag(serverLoader);

export default function AdminEducation({ loaderData }: Route.ComponentProps) {
  return <CollectionManager heading="Education" config={educationCollection} data={loaderData} />;
}
