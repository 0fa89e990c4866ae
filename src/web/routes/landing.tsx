import { lazy, Suspense, useEffect } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { useSearchParams } from "react-router";
import { glassIntensity } from "../features/landing/landing-page";
import { ARTICLE_PARAM, PORTFOLIO_PARAMS } from "../../domain/landing-query";
import { publicSite } from "../../domain/public-site";
import { latestArticle } from "../lib/front-page";
import { storedReaderContent, withCopies } from "../../domain/reader-content";
// The article viewer's styles load with the page, so a viewer rendered on the server (a shared
// '?article=' link) is styled before any script runs; its code loads when it opens, or once the
// browser is idle.
import "../features/article-viewer/article-viewer.css";
import { ContactSection } from "../features/contact/contact-section";
import { FollowForm } from "../features/follow/follow-form";
import { FediverseHandle } from "../features/landing/fediverse-handle";
// The page-level landing rules. Each landing component imports its own stylesheet, which must come
// after these (it overrides some of them, e.g. the printed '.lp-read' over '.lp-button'), so this
// import stays above the landing components'.
import "../features/landing/landing.css";
import { BackToTop } from "../features/landing/back-to-top";
import { ExperienceSection } from "../features/landing/experience-section";
import { FeaturesSection } from "../features/landing/features-section";
import { FrontSection } from "../features/landing/front-section";
import { SECTION_IDS } from "../features/landing/sections";
import { SectionDivider } from "../features/landing/section-divider";
import { landingJsonLd } from "../features/landing/seo/json-ld";
import { absoluteUrl } from "../features/landing/seo/urls";
import { JsonLdScript } from "../features/landing/seo/json-ld-script";
import { landingMeta } from "../features/landing/seo/page-meta";
import { SiteFooter } from "../features/landing/site-footer";
import { TopBar } from "../features/landing/top-bar";
import { usePageScroll } from "../features/landing/use-page-scroll";
import { useToday } from "../features/landing/use-today";
import { WorkSection } from "../features/landing/work-section";
// The portfolio overlay stays in the page's bundle: a server-rendered '?portfolio=1' overlay
// must become interactive (and start its highlight timing) as soon as the page hydrates.
import { PortfolioOverlay } from "../features/portfolio/portfolio-overlay";
import { ImageVersionsProvider, storedImageVersions } from "../lib/image-versions";
import { useReadBeacon } from "../lib/read-beacon";
import { useLiveUpdates } from "../lib/use-live-updates";
import type { PaintFirstHandle } from "../paint-first";
import type { Route } from "./+types/landing";

// Its stylesheets come inline in the page: nothing blocks the first paint (inline-styles.tsx).
export const handle: PaintFirstHandle = { paintFirst: true };

export function loader({ context, request }: Route.LoaderArgs) {
  const { content } = context;
  // Article bodies are served by the reader API.
  const site = publicSite(content.site());
  const stored = content.articles();
  const articles = stored.map((article) => ({ ...article, content: "" }));
  // A shared '?article=' link: the owner's own copy of that article is rendered with the page, as
  // the reader API answers it (with its copies at other addresses), so it reads without scripts
  // (and the viewer need not ask the reader API for it). Nothing is fetched from the publisher
  // here; an article without its own text reads through the API.
  const openId = new URL(request.url).searchParams.get(ARTICLE_PARAM);
  const open = openId ? stored.find((article) => article.id === openId) : undefined;
  const ownText = open ? storedReaderContent(open) : null;
  const storedReader = open && ownText ? withCopies(ownText, content.alsoPublishedAt(open.id)) : null;
  const images = [site.heroImage, ...stored.map((article) => article.image), storedReader?.image ?? ""];
  return {
    site,
    articles,
    imageVersions: storedImageVersions(images, context.imageVersion),
    reader: open && storedReader ? { articleId: open.id, content: storedReader } : null,
    collections: content.publicCollections(),
    experiences: content.experiences(),
    education: content.education(),
    publicUrl: context.publicUrl,
    shareCardVersions: {
      site: context.shareCards.siteVersion(),
      article: open ? context.shareCards.articleVersion(open.id) : null,
    },
    // The day, not the instant: the same page rendered again that day has the same bytes and ETag.
    renderedOn: new Date().toISOString().slice(0, 10),
  };
}

/** Opening or closing the viewer or the overlay changes only the query: no need to re-read the content. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search)
    return false;
  return defaultShouldRevalidate;
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  return landingMeta(loaderData, location.search);
}

const loadViewer = () => import("../features/article-viewer/article-viewer");
const ArticleViewer = lazy(() => loadViewer().then((module) => ({ default: module.ArticleViewer })));

/** Fetches the viewer's code once the page is idle, so opening an article does not wait for the network. */
function usePrefetchViewer() {
  useEffect(() => {
    const prefetch = () => void loadViewer();
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(prefetch, { timeout: 4000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(prefetch, 1500);
    return () => clearTimeout(timer);
  }, []);
}

const LIVE = ["site", "articles", "experiences", "education", "collections"] as const;

export default function Landing({ loaderData }: Route.ComponentProps) {
  const {
    site,
    articles,
    collections,
    experiences,
    education,
    publicUrl,
    renderedOn,
    reader,
    imageVersions,
  } = loaderData;
  useLiveUpdates(LIVE);
  const [searchParams, setSearchParams] = useSearchParams();
  const scroll = usePageScroll(SECTION_IDS);
  const today = useToday(renderedOn);
  usePrefetchViewer();
  const articleId = searchParams.get(ARTICLE_PARAM);
  const portfolioOpen = searchParams.get(PORTFOLIO_PARAMS.open) === "1";
  useReadBeacon("article", articleId);
  // A public collection is opened as the Portfolio with its filter.
  useReadBeacon("collection", portfolioOpen ? searchParams.get(PORTFOLIO_PARAMS.collection) : null);
  const latest = latestArticle(articles);

  const withoutParams = (names: readonly string[]) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const name of names) next.delete(name);
        return next;
      },
      { preventScrollReset: true, replace: true },
    );
  const openPortfolio = () => setSearchParams({ [PORTFOLIO_PARAMS.open]: "1" }, { preventScrollReset: true });

  return (
    <ImageVersionsProvider value={imageVersions}>
      <div className="lp">
        <a className="lp-skip" href="#front">
          Skip to content
        </a>
        <TopBar
          name={site.name}
          today={today}
          compact={scroll.compact}
          activeSection={scroll.active}
          glassIntensity={glassIntensity(scroll.compact)}
          latestArticleId={latest?.id ?? null}
        />
        <main className="lp-main">
          <FrontSection site={site} articles={articles} today={today} />
          <FeaturesSection site={site} articles={articles} />
          <WorkSection articles={articles} />
          <ExperienceSection experiences={experiences} education={education} now={new Date(renderedOn)} />
          <section
            id="contact"
            className="lp-section lp-contact"
            tabIndex={-1}
            aria-labelledby="lp-contact-title"
          >
            <SectionDivider id="lp-contact-title">Contact</SectionDivider>
            <ContactSection
              site={site}
              onExplorePortfolio={openPortfolio}
              card={{
                home: `${publicUrl}/`,
                photo: site.heroImage ? absoluteUrl(site.heroImage, publicUrl) : undefined,
                note: site.hero.tagline,
              }}
            />
            <FediverseHandle site={site} publicUrl={publicUrl} />
          </section>
          {site.followByEmail.on ? <FollowForm name={site.name} /> : null}
        </main>
        <BackToTop visible={scroll.backToTop} />
        <SiteFooter name={site.name} professions={site.hero.professions} year={today.year} />
        <JsonLdScript data={landingJsonLd(site, articles, publicUrl)} />
        {articleId ? (
          <Suspense fallback={null}>
            <ArticleViewer
              articles={articles}
              articleId={articleId}
              preloaded={reader}
              onSelect={(id) =>
                setSearchParams(
                  (prev) => {
                    const next = new URLSearchParams(prev);
                    next.set(ARTICLE_PARAM, id);
                    return next;
                  },
                  { preventScrollReset: true, replace: true },
                )
              }
              onClose={() => withoutParams([ARTICLE_PARAM])}
            />
          </Suspense>
        ) : null}
        <PortfolioOverlay
          site={site}
          articles={articles}
          collections={collections}
          open={portfolioOpen}
          onClose={() => withoutParams(Object.values(PORTFOLIO_PARAMS))}
          highlightUrl={searchParams.get(PORTFOLIO_PARAMS.highlight) ?? undefined}
        />
      </div>
    </ImageVersionsProvider>
  );
}
