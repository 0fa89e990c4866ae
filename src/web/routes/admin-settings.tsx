import type { Route } from "./+types/admin-settings";

export function loader({ context }: Route.LoaderArgs) {
  return { site: context.content.site() };
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  return <p>{loaderData.site.name}</p>;
}
