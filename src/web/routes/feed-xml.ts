import { ownedSite } from "../../domain/demo-site";
import { ATOM_CONTENT_TYPE, atomFeed } from "../features/landing/seo/atom-feed";
import type { Route } from "./+types/feed-xml";

/** GET /feed.xml: an Atom feed of the owner's articles. */
export function loader({ context }: Route.LoaderArgs) {
  const { content } = context;
  return new Response(atomFeed(ownedSite(content.site()), content.articles(), context.publicUrl), {
    headers: { "Content-Type": ATOM_CONTENT_TYPE, "Cache-Control": "public, max-age=600" },
  });
}
