import { Link } from "react-router";
import type { Article } from "../../../domain/content";
import { safeHref } from "../../../domain/safe-url";
import "./read-article-link.css";

/** The page URL that opens the article viewer on this article (shareable). */
export function articleSearch(id: string): string {
  return `?article=${encodeURIComponent(id)}`;
}

type Props = { article: Pick<Article, "id" | "title" | "url">; className?: string };

/**
 * 'Read article': opens the article viewer by putting the article in the page URL. It is a
 * real link, so it works before JavaScript runs; the print stylesheet prints the original URL.
 */
export function ReadArticleLink({ article, className }: Props) {
  return (
    <Link
      to={articleSearch(article.id)}
      preventScrollReset
      className={className ? `lp-read ${className}` : "lp-read"}
      data-print-url={safeHref(article.url) === "#" ? undefined : article.url}
    >
      Read article<span className="visually-hidden">: {article.title}</span>
    </Link>
  );
}

/** An article headline that opens the viewer, for panels that show no 'Read article' button. */
export function HeadlineLink({ article, className }: Props) {
  return (
    <Link
      to={articleSearch(article.id)}
      preventScrollReset
      className={className}
      data-print-url={safeHref(article.url) === "#" ? undefined : article.url}
    >
      {article.title}
    </Link>
  );
}
