import type { Article } from "../../../domain/content";
import { formatArticleDate, formatLongUs } from "../../../domain/dates";
import { ARCHIVED_TEXT_NOTE, originalGoneText } from "../../../domain/link-health";
import type { ReaderState } from "./reader-content";
import { AlsoPublished } from "./also-published";
import { CaptureProof } from "./capture-proof";
import { OriginalLink } from "./original-link";
import { ViewerImage } from "./viewer-image";
import { WaybackLink } from "./wayback-link";

type Props = { article: Article; state: ReaderState };

/** Why a visitor without scripts sees the failure view for an article with no text of its own here. */
export const NO_SCRIPT_REASON = "Reading this article here needs JavaScript.";

/**
 * Reader mode (docs/product.md, Article viewer). Every piece of text from the publisher is rendered as a React
 * text node: no markup from another site ever reaches the page.
 */
export function ReaderView({ article, state }: Props) {
  // Gone, and no text kept: there is nothing to load.
  if (article.gone === "unarchived") return <ReaderGone article={article} />;
  if (state.status === "loading") {
    return (
      <>
        <div className="viewer-status" role="status">
          <span className="viewer-spinner" aria-hidden="true" />
          <p>Loading article content...</p>
        </div>
        {/* Without scripts the text never comes (the spinner is hidden by CSS): the way to the original instead. */}
        <noscript>
          <ReaderFailure article={article} reason={NO_SCRIPT_REASON} />
        </noscript>
      </>
    );
  }
  if (state.status === "error") return <ReaderFailure article={article} reason={state.message} />;

  const { content } = state;
  const date = formatArticleDate(content.publishDate, formatLongUs);
  const body = content.paragraphs;
  return (
    <article className="reader" lang="en">
      {article.gone && (
        <p className="reader-notice" role="note">
          {originalGoneText(article)} {ARCHIVED_TEXT_NOTE}
        </p>
      )}
      <header className="reader-head">
        <h2 className="reader-title">{content.title || article.title}</h2>
        <p className="reader-meta">
          {article.outlet && <span className="reader-outlet">{article.outlet}</span>}
          {date && <span className="reader-date">{date}</span>}
        </p>
        {content.author && <p className="reader-author">By {content.author}</p>}
        {/* With no text, the description is the body (below): not twice. */}
        {content.excerpt && body.length > 0 && <p className="reader-excerpt">{content.excerpt}</p>}
      </header>
      <ViewerImage url={content.image} className="reader-image" />
      <div className="reader-body">
        {body.length === 0 ? (
          <p className="reader-fallback">
            {article.description || "Article content could not be extracted."}
          </p>
        ) : (
          body.map((paragraph, index) =>
            paragraph.heading ? (
              <h3 key={index} className="reader-subheading">
                {paragraph.text}
              </h3>
            ) : (
              <p key={index}>{paragraph.text}</p>
            ),
          )
        )}
      </div>
      <footer className="reader-foot">
        {article.outlet && <p>Originally published on {article.outlet}</p>}
        <OriginalLink article={article}>View Original</OriginalLink>
        <AlsoPublished urls={content.alsoPublishedAt} />
        <CaptureProof articleId={article.id} />
        <WaybackLink article={article} />
      </footer>
    </article>
  );
}

/** An article whose original is gone and of which we kept no text: what the portfolio card shows. */
function ReaderGone({ article }: { article: Article }) {
  const date = formatArticleDate(article.date, formatLongUs);
  return (
    <article className="reader" lang="en">
      <p className="reader-notice" role="note">
        {originalGoneText(article)}
      </p>
      <header className="reader-head">
        <h2 className="reader-title">{article.title}</h2>
        <p className="reader-meta">
          {article.outlet && <span className="reader-outlet">{article.outlet}</span>}
          {date && <span className="reader-date">{date}</span>}
        </p>
      </header>
      {article.description && (
        <div className="reader-body">
          <p className="reader-fallback">{article.description}</p>
        </div>
      )}
      {/* The Wayback Machine's copy stands in for the dead link. */}
      <WaybackLink article={article} primary />
    </article>
  );
}

function ReaderFailure({ article, reason }: { article: Article; reason: string }) {
  return (
    <div className="viewer-failure" role="alert">
      <h2>Unable to Load Content</h2>
      <p>The article content could not be extracted. This may be due to the publisher's security settings.</p>
      <OriginalLink article={article} primary note="Opens in a new tab">
        Read Original Article
      </OriginalLink>
      {reason && <p className="viewer-reason">{reason}</p>}
      <WaybackLink article={article} />
    </div>
  );
}
