import { loadOrFlag } from "../features/admin/load-state";
import { requireOwner } from "../features/admin/owner-guard";
import { SettingsManager } from "../features/admin/settings-manager";
import type { Route } from "./+types/admin-settings";

export function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  return { site: context.content.site() };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadOrFlag(serverLoader);

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  return <SettingsManager data={loaderData} />;
}
