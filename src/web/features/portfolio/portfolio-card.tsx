import { useEffect, useRef, useState } from "react";
import { typeBadges } from "../../../domain/article-tags";
import type { Article } from "../../../domain/content";
import { formatDayMonthYear, parseArticleDate } from "../../../domain/dates";
import { nextImageOnError, usableImage } from "../../../domain/placeholder-images";
import { safeHref } from "../../../domain/safe-url";
import type { ImageProgress } from "./image-progress";
import { imageCacheSrc } from "../../../domain/image-src";
import { CachedPicture } from "../../components/cached-picture";
import { originalGoneText } from "../../../domain/link-health";
import { articleSearch } from "../../lib/article-search";
import { LandingLink } from "../../lib/landing-link";

/** The card crops to 3:2. */
const IMAGE_WIDTH = 600;
const IMAGE_HEIGHT = 400;

/** The card image's rendered width in three, two or one columns, measured in Chromium from 320 to 1600 px. */
export const CARD_SIZES =
  "(min-width: 1280px) 360px, (min-width: 1024px) 29vw, (min-width: 640px) calc(48vw - 25px), calc(100vw - 32px)";

export function cardDomId(article: Pick<Article, "id">): string {
  return `portfolio-card-${article.id}`;
}

type CardImageProps = { original: string; token: string; progress: ImageProgress };

/**
 * A lazily loaded card image. It counts as loading from when it comes near the viewport (when
 * a lazy image actually starts) until it loads or fails. A failed image tries the original
 * address when it came through the cache, and is hidden otherwise.
 */
function CardImage({ original, token, progress }: CardImageProps) {
  const [src, setSrc] = useState(() => imageCacheSrc(original));
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);

  const fail = () => {
    progress.end(token);
    const next = nextImageOnError(src, src === original ? null : original);
    if (next === "hide") setFailed(true);
    else setSrc(next.src);
  };

  useEffect(() => {
    const element = img.current;
    if (!element) return;
    // Loaded (or broken) before the page was interactive: no events will come.
    if (element.complete) {
      if (element.naturalWidth === 0) fail();
      return;
    }
    if (typeof IntersectionObserver === "undefined") {
      progress.begin(token);
      return () => progress.end(token);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        if (!element.complete) progress.begin(token);
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      progress.end(token);
    };
    // `fail` reads the current src; the effect re-runs whenever src changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src, token, progress]);

  if (failed) return null;
  return (
    <div className="pf-card__media">
      <CachedPicture
        ref={img}
        original={original}
        src={src}
        sizes={CARD_SIZES}
        alt=""
        width={IMAGE_WIDTH}
        height={IMAGE_HEIGHT}
        loading="lazy"
        decoding="async"
        onLoad={() => progress.end(token)}
        onError={fail}
      />
    </div>
  );
}

export type PortfolioCardProps = {
  article: Article;
  highlighted: boolean;
  progress: ImageProgress;
  /** id of the hidden note 'Opens in a new tab' that the links point to. */
  newTabNoteId: string;
};

export function PortfolioCard({ article, highlighted, progress, newTabNoteId }: PortfolioCardProps) {
  const image = usableImage(article);
  const tags = typeBadges(article);
  const date = parseArticleDate(article.date);
  const dateText = date ? formatDayMonthYear(date) : article.date.trim();
  const href = safeHref(article.url);
  // A gone original is never linked: the archived text opens in the viewer, or the Wayback
  // Machine's copy opens instead, or nothing does.
  const linkable = href !== "#" && !article.gone;
  const archivedLink = article.gone === "archived";
  const waybackHref = article.gone === "unarchived" && article.wayback ? safeHref(article.wayback) : "#";
  const waybackLink = waybackHref !== "#";
  const titleId = `${cardDomId(article)}-title`;

  return (
    <article
      id={cardDomId(article)}
      className={[
        "pf-card",
        image ? "" : "pf-card--text",
        highlighted ? "is-highlighted" : "",
        article.gone ? "pf-card--gone" : "",
      ]
        .filter(Boolean)
        .join(" ")}
      aria-labelledby={titleId}
      data-url={article.url}
    >
      {image ? <CardImage key={image} original={image} token={article.id} progress={progress} /> : null}
      <div className="pf-card__body">
        {tags.length > 0 ? (
          <ul className="pf-card__tags" aria-label="Type">
            {tags.map((tag) => (
              <li key={tag} className="pf-badge" data-tag={tag}>
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="pf-card__meta">
          {article.outlet ? <span className="pf-card__outlet">{article.outlet}</span> : null}
          {dateText ? (
            <time className="pf-card__date" dateTime={date ? date.toISOString().slice(0, 10) : undefined}>
              {dateText}
            </time>
          ) : null}
        </p>
        <h3 className="pf-card__title" id={titleId}>
          {linkable ? (
            <a href={href} target="_blank" rel="noopener noreferrer" aria-describedby={newTabNoteId}>
              {article.title}
            </a>
          ) : archivedLink ? (
            <LandingLink search={articleSearch(article.id)}>{article.title}</LandingLink>
          ) : waybackLink ? (
            <a href={waybackHref} target="_blank" rel="noopener noreferrer" aria-describedby={newTabNoteId}>
              {article.title}
            </a>
          ) : (
            article.title
          )}
        </h3>
        {article.description ? <p className="pf-card__dek">{article.description}</p> : null}
        {article.gone ? <p className="pf-card__gone">{originalGoneText(article)}</p> : null}
        {linkable ? (
          <a
            className="pf-card__read"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={`${titleId} ${newTabNoteId}`}
          >
            Read Article →
          </a>
        ) : archivedLink ? (
          <LandingLink
            className="pf-card__read"
            search={articleSearch(article.id)}
            aria-describedby={titleId}
          >
            Read Archived Text →
          </LandingLink>
        ) : waybackLink ? (
          <a
            className="pf-card__read"
            href={waybackHref}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={`${titleId} ${newTabNoteId}`}
          >
            Read at the Wayback Machine →
          </a>
        ) : null}
      </div>
    </article>
  );
}
