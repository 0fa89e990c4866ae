import { CollectionManager } from "../features/collections/collection-manager";
import { experienceCollection } from "../features/collections/experiences/experience-collection";
import { loadOrFlag } from "../lib/dashboard/load-state";
import { requireOwner } from "../lib/dashboard/owner-guard";
import type { Route } from "./+types/admin-experiences";

export function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  return { items: context.content.experiences() };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadOrFlag(serverLoader);

export default function AdminExperiences({ loaderData }: Route.ComponentProps) {
  return <CollectionManager heading="Experiences" config={experienceCollection} data={loaderData} />;
}
