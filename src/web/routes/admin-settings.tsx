import { loadOrFlag } from "../lib/dashboard/load-state";
import { requireOwner } from "../lib/dashboard/owner-guard";
import { SettingsManager } from "../features/settings/settings-manager";
import type { Route } from "./+types/admin-settings";

export function loader({ context, request }: Route.LoaderArgs) {
  const owner = requireOwner(context, request);
  return { site: context.content.site(), fediverse: owner.fediverse(), publicUrl: context.publicUrl };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadOrFlag(serverLoader);

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  return <SettingsManager data={loaderData} />;
}
