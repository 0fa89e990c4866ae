import type { Article } from "../../../domain/content";
import { safeHref } from "../../../domain/safe-url";
import { articleSearch } from "../../lib/article-search";
import { LandingLink } from "../../lib/landing-link";
import "./read-article-link.css";

type Props = { article: Pick<Article, "id" | "title" | "url" | "gone">; className?: string };

/** The original's address for the print stylesheet; none when it is gone. */
const printUrl = (article: Props["article"]) =>
  article.gone || safeHref(article.url) === "#" ? undefined : article.url;

/**
 * 'Read article': opens the article viewer by putting the article in the page URL. It is a
 * real link, so it works before JavaScript runs; the print stylesheet prints the original URL.
 */
export function ReadArticleLink({ article, className }: Props) {
  return (
    <LandingLink
      search={articleSearch(article.id)}
      className={className ? `lp-read ${className}` : "lp-read"}
      data-print-url={printUrl(article)}
    >
      Read article<span className="visually-hidden">: {article.title}</span>
    </LandingLink>
  );
}

/** An article headline that opens the viewer, for panels that show no 'Read article' button. */
export function HeadlineLink({ article, className }: Props) {
  return (
    <LandingLink search={articleSearch(article.id)} className={className} data-print-url={printUrl(article)}>
      {article.title}
    </LandingLink>
  );
}
