import type { Article } from "../../../domain/content";
import { safeHref } from "../../../domain/safe-url";
import { NewTabIcon } from "./original-link";

/**
 * The link to the Wayback Machine's copy of the article, in a new tab (docs/product.md, The
 * Wayback Machine as witness); nothing when it has none. Its own line, apart from the proof line.
 */
export function WaybackLink({
  article,
  primary = false,
}: {
  article: Pick<Article, "wayback">;
  primary?: boolean;
}) {
  const href = article.wayback ? safeHref(article.wayback) : "#";
  if (href === "#") return null;
  return (
    <p className="reader-wayback">
      <a
        className={primary ? "viewer-button viewer-button-primary" : undefined}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
      >
        {primary ? "Read the copy at the Wayback Machine" : "The copy at the Wayback Machine"}
        <NewTabIcon />
      </a>
    </p>
  );
}
