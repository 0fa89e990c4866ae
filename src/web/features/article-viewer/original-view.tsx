import { useState } from "react";
import type { Article } from "../../../domain/content";
import { isHttpUrl } from "../../../domain/safe-url";
import type { FramingState } from "./framing";
import { OriginalLink } from "./original-link";
import { ViewerImage } from "./viewer-image";

/** What the frame may run and do. Scripts, same-origin, popups and forms only. */
export const FRAME_SANDBOX = "allow-scripts allow-same-origin allow-popups allow-forms";

type Props = { article: Article; framing: FramingState; onTryReader: () => void };

/**
 * The original page in a sandboxed frame. The server has read the publisher's framing rules
 * first, so a page that refuses to be framed gets the fallback panel at once.
 */
export function OriginalView({ article, framing, onTryReader }: Props) {
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const framed = isHttpUrl(article.url);

  if (!framed || framing === "refused" || failedFor === article.url) {
    return <FramingFallback article={article} onTryReader={onTryReader} />;
  }
  if (framing === "checking") {
    return (
      <div className="viewer-status" role="status">
        <span className="viewer-spinner" aria-hidden="true" />
        <p>Opening the original site...</p>
      </div>
    );
  }
  return (
    <iframe
      key={article.url}
      className="viewer-frame"
      src={article.url}
      title={`Original article: ${article.title}`}
      sandbox={FRAME_SANDBOX}
      referrerPolicy="strict-origin-when-cross-origin"
      onError={() => setFailedFor(article.url)}
    />
  );
}

function FramingFallback({ article, onTryReader }: { article: Article; onTryReader: () => void }) {
  return (
    <div className="viewer-fallback">
      <ViewerImage url={article.image} className="viewer-fallback-image" />
      <h2>{article.title}</h2>
      {article.description && <p className="viewer-fallback-description">{article.description}</p>}
      <p className="viewer-note">
        This article cannot be displayed within the site due to the publisher's security settings.
      </p>
      <div className="viewer-actions">
        <button type="button" className="viewer-button" onClick={onTryReader}>
          Try Reader Mode
        </button>
        <OriginalLink article={article} primary>
          Open Original Article
        </OriginalLink>
      </div>
    </div>
  );
}
