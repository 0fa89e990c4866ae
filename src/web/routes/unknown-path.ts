import { redirect } from "react-router";
import type { Route } from "./+types/unknown-path";

/**
 * Any other path: the browser is sent to the public page (docs/product.md, Addresses), query and
 * all, so `/old/link?article=a1` opens that article. Rendering the page here instead would make one
 * copy per path (any visitor can invent paths faster than pages render), and the bytes of `/`
 * cannot stand in for it: React Router hydrates them for `/` only (decision 030).
 */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/${new URL(request.url).search}`);
}
