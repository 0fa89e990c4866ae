import type { ReactNode } from "react";
import type { Article } from "../../../domain/content";
import { safeHref } from "../../../domain/safe-url";

/**
 * The link to the article on its publisher's site, in a new tab; nothing when the original is gone
 * (docs/product.md, Link health) or its address is not one a browser may follow. `note` is a line
 * shown under the link, and only with it.
 */
export function OriginalLink({
  article,
  primary = false,
  note,
  children,
}: {
  article: Pick<Article, "url" | "gone">;
  primary?: boolean;
  note?: string;
  children: ReactNode;
}) {
  const href = article.gone ? "#" : safeHref(article.url);
  if (href === "#") return null;
  return (
    <>
      <a
        className={primary ? "viewer-button viewer-button-primary" : "viewer-button"}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
      >
        {children}
        <NewTabIcon />
      </a>
      {note && <p className="viewer-note">{note}</p>}
    </>
  );
}

/** The "opens in a new tab" arrow after a link's text; decorative (the link's name stays its visible text). */
export function NewTabIcon() {
  return (
    <svg
      className="viewer-newtab"
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 3h7v7M13 3 6 10M11 13H3V5" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
