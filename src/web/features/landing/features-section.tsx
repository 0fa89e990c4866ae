import type { Article } from "../../../domain/content";
import { formatArticleDate } from "../../../domain/dates";
import { publications } from "../../lib/front-page";
import { latestArticleCard } from "./landing-page";
import { ReadArticleLink } from "./read-article-link";
import { SectionDivider } from "./section-divider";
import type { PublicSite } from "../../../domain/public-site";
import "./features-section.css";

/** Highlights: the Latest Article card, the Current Role card and the Publications list. */
export function FeaturesSection({ site, articles }: { site: PublicSite; articles: Article[] }) {
  const latest = latestArticleCard(articles, site.hero.latestArticleUrl);
  const role = site.currentRole;
  const outlets = publications(site);
  return (
    <section id="features" className="lp-section" tabIndex={-1} aria-labelledby="lp-features-title">
      <SectionDivider id="lp-features-title">Highlights</SectionDivider>
      <div className="lp-features">
        {latest ? (
          <article className="lp-card lp-card--latest" aria-labelledby="lp-latest-label">
            <h3 id="lp-latest-label" className="lp-card__label">
              Latest Article
            </h3>
            <p className="lp-card__headline">{latest.title}</p>
            <p className="lp-card__meta">
              {latest.outlet ? <span className="lp-card__outlet">{latest.outlet}</span> : null}
              {latest.outlet && latest.date ? <span aria-hidden="true"> · </span> : null}
              {latest.date ? <span>{formatArticleDate(latest.date)}</span> : null}
            </p>
            {latest.description ? <p className="lp-card__text">{latest.description}</p> : null}
            <ReadArticleLink article={latest} className="outline-button lp-button" />
          </article>
        ) : null}

        {role.title || role.description ? (
          <article className="lp-card lp-card--role" aria-labelledby="lp-role-label">
            <h3 id="lp-role-label" className="lp-card__label">
              Current Role
            </h3>
            {role.title ? <p className="lp-card__headline">{role.title}</p> : null}
            {role.employer || role.place ? (
              <p className="lp-card__meta">
                {role.employer ? <span className="lp-card__employer">{role.employer}</span> : null}
                {role.employer && role.place ? <br /> : null}
                {role.place ? <span>{role.place}</span> : null}
              </p>
            ) : null}
            {role.description ? <p className="lp-card__text">{role.description}</p> : null}
          </article>
        ) : null}

        {outlets.length > 0 ? (
          <article className="lp-card lp-card--publications" aria-labelledby="lp-publications-label">
            <h3 id="lp-publications-label" className="lp-card__label">
              Publications
            </h3>
            <ul className="lp-publications">
              {outlets.map((outlet) => (
                <li key={outlet}>{outlet}</li>
              ))}
            </ul>
          </article>
        ) : null}
      </div>
    </section>
  );
}
