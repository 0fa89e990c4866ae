import type { AppLoadContext } from "react-router";
import type { PublicCollection } from "../../../domain/collections";
import type { Article } from "../../../domain/content";
import { publicSite } from "../../../domain/public-site";
import { storedImageVersions } from "../../lib/image-versions";

/** What a collection's page reads: the site's public face and the collection's clips without their bodies. */
export function collectionPageData(
  context: AppLoadContext,
  found: { collection: PublicCollection; articles: Article[] },
) {
  // Article bodies are served by the reader API when a clip is opened.
  const articles = found.articles.map((article) => ({ ...article, content: "" }));
  return {
    site: publicSite(context.content.site()),
    collection: found.collection,
    articles,
    imageVersions: storedImageVersions(
      articles.map((article) => article.image),
      context.imageVersion,
    ),
  };
}

/** Opening or closing a clip changes only the query: no need to read the collection again. */
export function sameCollection({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: {
  currentUrl: URL;
  nextUrl: URL;
  defaultShouldRevalidate: boolean;
}) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}
