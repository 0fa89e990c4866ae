import type { Article } from "../../../domain/content";
import { featuredArticles } from "../../lib/front-page";
import { ArticlePicture } from "./article-image";
import { ReadArticleLink } from "./read-article-link";
import { SectionDivider } from "./section-divider";
import "./work-section.css";

/** Featured Work: the featured articles, newest first, in a 1/2/3-column grid. */
/** The rendered width in three, two or one columns, measured in Chromium from 320 to 1600 px. */
const WORK_SIZES =
  "(min-width: 1216px) 353px, (min-width: 1024px) calc(31.25vw - 26px), (min-width: 640px) 45vw, 92vw";

export function WorkSection({ articles }: { articles: Article[] }) {
  const featured = featuredArticles(articles);
  return (
    <section id="work" className="lp-section" tabIndex={-1} aria-labelledby="lp-work-title">
      <SectionDivider id="lp-work-title">Featured Work</SectionDivider>
      {featured.length > 0 ? (
        <ul className="lp-work">
          {featured.map((article) => (
            <li key={article.id} className="lp-work__item">
              <article className="lp-work__card">
                {article.outlet ? <p className="lp-overline lp-work__outlet">{article.outlet}</p> : null}
                <ArticlePicture article={article} className="lp-work__image" sizes={WORK_SIZES} />
                <h3 className="lp-work__title">{article.title}</h3>
                {article.description ? <p className="lp-work__description">{article.description}</p> : null}
                <ReadArticleLink article={article} />
              </article>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
