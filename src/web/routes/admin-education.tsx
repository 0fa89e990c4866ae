import { ListManager } from "../features/lists/list-manager";
import { educationList } from "../features/lists/education/education-list";
import { loadOrFlag } from "../lib/dashboard/load-state";
import { requireOwner } from "../lib/dashboard/owner-guard";
import type { Route } from "./+types/admin-education";

export function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  return { items: context.content.education() };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadOrFlag(serverLoader);

export default function AdminEducation({ loaderData }: Route.ComponentProps) {
  return <ListManager heading="Education" config={educationList} data={loaderData} />;
}
