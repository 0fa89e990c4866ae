import { lazy, Suspense } from "react";
import { data, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { ARTICLE_PARAM } from "../../domain/landing-query";
import { publicSite } from "../../domain/public-site";
import "../features/article-viewer/article-viewer.css";
import { CollectionPage } from "../features/collection-page/collection-page";
import { ContactSection } from "../features/contact/contact-section";
import { ImageVersionsProvider, storedImageVersions } from "../lib/image-versions";
import type { InlineStylesHandle } from "../inline-styles";
import type { Route } from "./+types/collection-page";

// Its stylesheets come inline in the page: nothing blocks the first paint (inline-styles.tsx).
export const handle: InlineStylesHandle = { inlineStyles: true };

/**
 * `/c/<token>`: an unlisted collection, for whoever has its link. A token that finds none (unknown,
 * retired by New link, or a public or private collection's) is a real 404, never the landing page.
 * The page is the same for every visitor until the next write, so it is cached like the others.
 */
export function loader({ context, params }: Route.LoaderArgs) {
  const found = context.content.collectionByToken(params.token);
  if (!found) throw data("No such collection", { status: 404 });
  const site = publicSite(context.content.site());
  // Article bodies are served by the reader API when a clip is opened.
  const articles = found.articles.map((article) => ({ ...article, content: "" }));
  return {
    site,
    collection: found.collection,
    articles,
    imageVersions: storedImageVersions(
      articles.map((article) => article.image),
      context.imageVersion,
    ),
  };
}

/** Opening or closing a clip changes only the query: no need to read the collection again. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.collection.title} · ${loaderData.site.name}` : "Not found";
  // Only for people with the link: never indexed, and never in the sitemap, feed or JSON-LD.
  return [{ title }, { name: "robots", content: "noindex" }];
}

const ArticleViewer = lazy(() =>
  import("../features/article-viewer/article-viewer").then((module) => ({ default: module.ArticleViewer })),
);

export default function CollectionRoute({ loaderData }: Route.ComponentProps) {
  const { site, collection, articles, imageVersions } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const articleId = searchParams.get(ARTICLE_PARAM);
  const openArticle = (id: string | null) =>
    setSearchParams(id ? { [ARTICLE_PARAM]: id } : {}, {
      preventScrollReset: true,
      replace: articleId !== null,
    });
  return (
    <ImageVersionsProvider value={imageVersions}>
      <div className="cp">
        <main className="cp-main">
          <CollectionPage
            site={site}
            collection={collection}
            articles={articles}
            articleHref={(id) => `?${ARTICLE_PARAM}=${encodeURIComponent(id)}`}
            onOpenArticle={openArticle}
          />
          <section id="contact" className="cp-contact" aria-labelledby="cp-contact-title">
            <h2 id="cp-contact-title" className="cp-contact__title">
              Contact
            </h2>
            <ContactSection site={site} onExplorePortfolio={() => navigate("/?portfolio=1")} />
          </section>
        </main>
        {articleId ? (
          <Suspense fallback={null}>
            <ArticleViewer
              articles={articles}
              articleId={articleId}
              onSelect={(id) => openArticle(id)}
              onClose={() => openArticle(null)}
            />
          </Suspense>
        ) : null}
      </div>
    </ImageVersionsProvider>
  );
}
