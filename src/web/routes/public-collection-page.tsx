import { data } from "react-router";
import { collectionClipBookPath } from "../../domain/collection-paths";
import { collectionPageData, sameCollection } from "../features/collection-page/collection-page-data";
import { CollectionRouteView } from "./collection-route-view";
import type { PaintFirstHandle } from "../paint-first";
import type { Route } from "./+types/public-collection-page";

// Its stylesheets come inline in the page: nothing blocks the first paint (inline-styles.tsx).
export const handle: PaintFirstHandle = { paintFirst: true };

/**
 * `/collections/<id>`: a public collection's own page, the one its Portfolio filter links to. Any
 * other id (unknown, or a collection that is unlisted or private) is a real 404, so the page of a
 * collection made private goes with it. Its unlisted link's token never shows here.
 */
export function loader({ context, params }: Route.LoaderArgs) {
  const found = context.content.publicCollection(params.id);
  if (!found) throw data("No such collection", { status: 404 });
  return collectionPageData(context, found);
}

export const shouldRevalidate = sameCollection;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.collection.title} · ${loaderData.site.name}` : "Not found" }];
}

export default function PublicCollectionRoute({ loaderData }: Route.ComponentProps) {
  return (
    <CollectionRouteView {...loaderData} clipBookHref={collectionClipBookPath(loaderData.collection.id)} />
  );
}
