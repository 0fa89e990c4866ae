import { LandingLink } from "../../lib/landing-link";
import type { Article } from "../../../domain/content";
import { formatArticleDate } from "../../../domain/dates";
import { selectFrontPage } from "../../lib/front-page";
import { ArticleImage, ArticlePicture } from "./article-image";
import { HeadlineLink } from "./read-article-link";
import { TypedName } from "./typed-name";
import type { Today } from "./use-today";
import type { PublicSite } from "../../../domain/public-site";
import "./front-section.css";

// Rendered widths, measured in Chromium from 320 to 1600 px: the page's side margins are 4vw
// (at least 16px), and the columns stop growing at about 1216px.
const PORTRAIT_SIZES =
  "(min-width: 1216px) 366px, (min-width: 1024px) calc(32.4vw - 28px), (min-width: 768px) 37vw, 92vw";
const LEAD_SIZES = "(min-width: 1216px) 370px, (min-width: 1024px) calc(37.5vw - 84px), 92vw";
const SECONDARY_SIZES =
  "(min-width: 1216px) 266px, (min-width: 1024px) calc(24.4vw - 30px), (min-width: 640px) 45vw, (min-width: 480px) 92vw, 37vw";

/** The about text's paragraphs: one per non-blank line. */
function paragraphs(text: string): string[] {
  return text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean);
}

function Kicker({ article }: { article: Pick<Article, "outlet" | "date"> }) {
  const date = formatArticleDate(article.date);
  return (
    <p className="lp-kicker">
      {article.outlet ? <span className="lp-kicker__outlet">{article.outlet}</span> : null}
      {article.outlet && date ? <span aria-hidden="true"> · </span> : null}
      {date ? <span className="lp-kicker__date">{date}</span> : null}
    </p>
  );
}

/** A story with its picture: the lead, or one of the secondary stories beside it. */
function Story({
  article,
  block,
  className,
  sizes,
}: {
  article: Article;
  /** The CSS block its parts are named after (`lp-lead__title`, `lp-secondary__title`). */
  block: "lp-lead" | "lp-secondary";
  className: string;
  sizes: string;
}) {
  return (
    <article className={className}>
      <ArticlePicture article={article} priority="eager" className={`${block}__image`} sizes={sizes} />
      <Kicker article={article} />
      <h3 className={`${block}__title`}>
        <HeadlineLink article={article} />
      </h3>
      <p className={`${block}__description`}>{article.description}</p>
    </article>
  );
}

function PortfolioPanel({ site, articles, today }: { site: PublicSite; articles: Article[]; today: Today }) {
  const { lead, secondary, headlines } = selectFrontPage(articles);
  return (
    <section className="lp-panel" aria-labelledby="lp-panel-title">
      <header className="lp-panel__head">
        <h2 id="lp-panel-title" className="lp-panel__title">
          PORTFOLIO
        </h2>
        <p className="lp-panel__dateline">
          <time dateTime={today.iso}>{today.long}</time>
          {site.hero.location ? (
            <>
              <span aria-hidden="true"> · </span>
              <span className="lp-panel__location">{site.hero.location}</span>
            </>
          ) : null}
        </p>
      </header>

      {articles.length === 0 ? (
        <p className="lp-panel__loading" role="status">
          Loading articles...
        </p>
      ) : (
        <div className="lp-panel__body">
          {lead ? <Story article={lead} block="lp-lead" className="lp-lead" sizes={LEAD_SIZES} /> : null}
          {secondary.length > 0 ? (
            <div className="lp-secondary">
              {secondary.map((article) => (
                <Story
                  key={article.id}
                  article={article}
                  block="lp-secondary"
                  className="lp-secondary__item"
                  sizes={SECONDARY_SIZES}
                />
              ))}
            </div>
          ) : null}
          {headlines.length > 0 ? (
            <ul className="lp-headlines">
              {headlines.map((article) => (
                <li key={article.id} className="lp-headlines__item">
                  <Kicker article={article} />
                  <h3 className="lp-headlines__title">
                    <HeadlineLink article={article} />
                  </h3>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}

      <p className="lp-panel__more">
        <LandingLink className="outline-button lp-button lp-button--solid" search="?portfolio=1">
          View Full Portfolio
        </LandingLink>
      </p>
    </section>
  );
}

/**
 * The Front section: the typed-out name as the masthead, professions joined by bullets,
 * tagline, hero photo and about text, beside the PORTFOLIO panel.
 */
export function FrontSection({
  site,
  articles,
  today,
}: {
  site: PublicSite;
  articles: Article[];
  today: Today;
}) {
  const professions = site.hero.professions.map((p) => p.trim()).filter(Boolean);
  const about = paragraphs(site.about);
  return (
    <section id="front" className="lp-front" tabIndex={-1} aria-label="Front page">
      <div className="lp-masthead">
        {professions.length > 0 ? (
          <p className="lp-masthead__professions">{professions.join(" • ")}</p>
        ) : null}
        <TypedName name={site.name} className="lp-masthead__name" />
        {site.hero.tagline ? <p className="lp-masthead__tagline">{site.hero.tagline}</p> : null}
      </div>

      <div className="lp-front__grid">
        <div className="lp-profile">
          {site.heroImage ? (
            <figure className="lp-profile__figure">
              <ArticleImage
                url={site.heroImage}
                alt={site.name}
                width={1200}
                height={800}
                priority="largest"
                className="lp-profile__photo"
                sizes={PORTRAIT_SIZES}
              />
              <figcaption className="lp-profile__caption">{site.name}</figcaption>
            </figure>
          ) : null}
          {about.length > 0 ? (
            <div className="lp-profile__about">
              {about.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          ) : null}
        </div>
        <PortfolioPanel site={site} articles={articles} today={today} />
      </div>
    </section>
  );
}
