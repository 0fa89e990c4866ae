import { data } from "react-router";
import { unlistedClipBookPath } from "../../domain/collection-paths";
import { collectionPageData, sameCollection } from "../features/collection-page/collection-page-data";
import { CollectionRouteView } from "./collection-route-view";
import type { PaintFirstHandle } from "../paint-first";
import type { Route } from "./+types/collection-page";

// Its stylesheets come inline in the page: nothing blocks the first paint (inline-styles.tsx).
export const handle: PaintFirstHandle = { paintFirst: true };

/**
 * `/c/<token>`: an unlisted collection, for whoever has its link. A token that finds none (unknown,
 * retired by New link, or a public or private collection's) is a real 404, never the landing page.
 * The page is the same for every visitor until the next write, so the server's own cache keeps it,
 * but no CDN does (src/server/pages.ts): a retired link must answer 404 at once.
 */
export function loader({ context, params }: Route.LoaderArgs) {
  const found = context.content.collectionByToken(params.token);
  if (!found) throw data("No such collection", { status: 404 });
  return collectionPageData(context, found);
}

export const shouldRevalidate = sameCollection;

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.collection.title} · ${loaderData.site.name}` : "Not found";
  // Only for people with the link: never indexed, and never in the sitemap, feed or JSON-LD.
  return [{ title }, { name: "robots", content: "noindex" }];
}

export default function CollectionRoute({ loaderData, params }: Route.ComponentProps) {
  return <CollectionRouteView {...loaderData} clipBookHref={unlistedClipBookPath(params.token)} />;
}
