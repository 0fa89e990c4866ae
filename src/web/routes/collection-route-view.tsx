import { lazy, Suspense } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { PublicCollection } from "../../domain/collections";
import type { Article } from "../../domain/content";
import { ARTICLE_PARAM } from "../../domain/landing-query";
import type { PublicSite } from "../../domain/public-site";
import { ImageVersionsProvider, type ImageVersions } from "../lib/image-versions";
import { useReadBeacon } from "../lib/read-beacon";
import "../features/article-viewer/article-viewer.css";
import { ContactSection } from "../features/contact/contact-section";
import { CollectionPage } from "../features/collection-page/collection-page";

const ArticleViewer = lazy(() =>
  import("../features/article-viewer/article-viewer").then((module) => ({ default: module.ArticleViewer })),
);

export type CollectionRouteViewProps = {
  site: PublicSite;
  collection: PublicCollection;
  articles: Article[];
  imageVersions: ImageVersions;
  clipBookHref: string;
};

/**
 * The body of both collection routes (`c/:token` and `collections/:id`), composed here because it
 * joins three features. A collection's page, whether reached by an unlisted link or as a public collection: the chosen
 * clips, each opening in the site's article viewer (`?article=ID`), and the contact form.
 */
export function CollectionRouteView({
  site,
  collection,
  articles,
  imageVersions,
  clipBookHref,
}: CollectionRouteViewProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const articleId = searchParams.get(ARTICLE_PARAM);
  useReadBeacon("collection", collection.id);
  useReadBeacon("article", articleId);
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
            clipBookHref={clipBookHref}
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
