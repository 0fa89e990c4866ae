import type { PublicCollection } from "../../../domain/collections";
import type { Article } from "../../../domain/content";
import { formatDayMonthYear, formatArticleDate } from "../../../domain/dates";
import { imageCacheSrc } from "../../../domain/image-src";
import { usableImage } from "../../../domain/placeholder-images";
import type { PublicSite } from "../../../domain/public-site";
import { CachedPicture } from "../../components/cached-picture";
import { PROOF_PATH } from "../../../domain/byline-evidence";
import "./collection-page.css";

/** The clip picture's rendered width: the page's column, at most 280 px beside the text. */
const CLIP_SIZES = "(min-width: 720px) 280px, calc(100vw - 32px)";

export type CollectionPageProps = {
  site: Pick<PublicSite, "name" | "hero">;
  collection: PublicCollection;
  articles: readonly Article[];
  /** Where a clip's headline leads: the page's own address with the reader open on it. */
  articleHref: (id: string) => string;
  onOpenArticle: (id: string) => void;
  /** The collection's PDF clip book. */
  clipBookHref: string;
};

/** A collection as its link's visitor sees it: a front page of the chosen clips only. */
export function CollectionPage({
  site,
  collection,
  articles,
  articleHref,
  onOpenArticle,
  clipBookHref,
}: CollectionPageProps) {
  const professions = site.hero.professions.filter((profession) => profession.trim() !== "");
  return (
    <>
      <header className="cp-masthead">
        <p className="cp-masthead__name">{site.name}</p>
        {professions.length ? <p className="cp-masthead__professions">{professions.join(" · ")}</p> : null}
      </header>
      <section className="cp-intro" aria-labelledby="cp-title">
        <h1 id="cp-title" className="cp-intro__title">
          {collection.title}
        </h1>
        {collection.introduction ? <p className="cp-intro__text">{collection.introduction}</p> : null}
        {articles.length ? (
          <p className="cp-intro__download">
            <a className="outline-button" href={clipBookHref} download>
              Download PDF
            </a>
            <span className="cp-intro__download-note">
              These {articles.length === 1 ? "clip" : `${articles.length} clips`} as a clip book, with their
              full text
            </span>
          </p>
        ) : null}
        <p className="cp-intro__proof">
          <a href={PROOF_PATH}>Proof of authorship</a>: where each page names {site.name}, with its web
          archive
        </p>
      </section>
      <ol className="cp-clips" aria-label="Clips">
        {articles.map((article) => {
          const image = usableImage(article);
          return (
            <li key={article.id} className="cp-clip">
              {image ? (
                <CachedPicture
                  className="cp-clip__picture"
                  original={image}
                  src={imageCacheSrc(image)}
                  sizes={CLIP_SIZES}
                  alt=""
                  loading="lazy"
                  width={600}
                  height={400}
                />
              ) : null}
              <div className="cp-clip__text">
                <p className="cp-clip__meta">
                  <span className="cp-clip__outlet">{article.outlet}</span>
                  {article.date ? (
                    <>
                      {" · "}
                      <time>{formatArticleDate(article.date, formatDayMonthYear)}</time>
                    </>
                  ) : null}
                </p>
                <h2 className="cp-clip__title">
                  <a
                    href={articleHref(article.id)}
                    onClick={(event) => {
                      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                      event.preventDefault();
                      onOpenArticle(article.id);
                    }}
                  >
                    {article.title}
                  </a>
                </h2>
                {article.description ? <p className="cp-clip__description">{article.description}</p> : null}
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}
