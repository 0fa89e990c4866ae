import { redirect } from "react-router";
import type { Route } from "./+types/admin-sources";

/** The Sources tab became the Clips tab (import and watch together): its old address leads there. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/admin/dashboard/clips${new URL(request.url).search}`, 301);
}

export default function AdminSources() {
  return null;
}
