import { ListManager } from "../features/lists/list-manager";
import { experienceList } from "../features/lists/experiences/experience-list";
import { loadOrFlag } from "../lib/dashboard/load-state";
import { requireOwner } from "../lib/dashboard/owner-guard";
import type { Route } from "./+types/admin-experiences";

export function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  return { items: context.content.experiences() };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadOrFlag(serverLoader);

export default function AdminExperiences({ loaderData }: Route.ComponentProps) {
  return <ListManager heading="Experiences" config={experienceList} data={loaderData} />;
}
