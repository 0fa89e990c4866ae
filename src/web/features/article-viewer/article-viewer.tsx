import { useEffect, useId, useRef, useState, type MouseEvent } from "react";
import type { Article } from "../../../domain/content";
import type { ReaderContent } from "../../../domain/reader-content";
import { formatArticleDate, formatLongUs } from "../../../domain/dates";
import { isHttpUrl } from "../../../domain/safe-url";
import "./article-viewer.css";
import { askFraming, useFraming } from "./framing";
import { OriginalView } from "./original-view";
import { useReaderContent } from "./reader-content";
import { ReaderView } from "./reader-view";
import { useSwipe } from "./use-swipe";
import { useModalDialog } from "../../lib/use-modal-dialog";

export type ArticleViewerProps = {
  /** The articles the viewer moves through, in display order. */
  articles: Article[];
  /** The open article's id (from the page URL); null when the viewer is closed. */
  articleId: string | null;
  /** Reader text the page was rendered with, for one article (a shared '?article=' link). */
  preloaded?: { articleId: string; content: ReaderContent } | null;
  onSelect: (id: string) => void;
  onClose: () => void;
};

type ViewMode = "reader" | "original";

const MODE_LABEL: Record<ViewMode, string> = { reader: "Reader Mode", original: "Original Site" };

/**
 * The in-page article viewer (docs/product.md, Article viewer): reader mode or the original
 * site, moving through `articles` with buttons, arrow keys and horizontal drags. The page URL
 * owns which article is open; this component only asks to change it.
 */
export function ArticleViewer({ articles, articleId, preloaded, onSelect, onClose }: ArticleViewerProps) {
  if (!articleId) return null;
  const index = articles.findIndex((article) => article.id === articleId);
  if (index === -1) return null;
  return (
    <ViewerDialog
      articles={articles}
      index={index}
      preloaded={preloaded}
      onSelect={onSelect}
      onClose={onClose}
    />
  );
}

type DialogProps = {
  articles: Article[];
  index: number;
  preloaded: ArticleViewerProps["preloaded"];
  onSelect: (id: string) => void;
  onClose: () => void;
};

/** With scripts, a footer or close button acts here and the page's form is never sent. */
const instead = (action: () => void) => (event: MouseEvent) => {
  event.preventDefault();
  action();
};

function ViewerDialog({ articles, index, preloaded, onSelect, onClose }: DialogProps) {
  const article = articles[index] as Article;
  const previous = articles[index - 1];
  const next = articles[index + 1];

  const dialogRef = useRef<HTMLDialogElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLParagraphElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const previousButton = useRef<HTMLButtonElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  useModalDialog(dialogRef, () => titleRef.current);

  // Moving to another article resets to reader mode. An article whose original is gone has no
  // other mode (docs/product.md, Link health).
  const [modeFor, setModeFor] = useState<{ id: string; mode: ViewMode }>({ id: article.id, mode: "reader" });
  const mode: ViewMode = modeFor.id === article.id && !article.gone ? modeFor.mode : "reader";
  const setMode = (value: ViewMode) => setModeFor({ id: article.id, mode: value });

  const reader = useReaderContent(
    article.id,
    article.url,
    preloaded?.articleId === article.id ? preloaded.content : undefined,
    article.gone !== "unarchived",
  );
  // Without scripts, Close and Previous / Next send this form: plain page loads of '/' and '/?article=…'.
  const navForm = useId();
  const framing = useFraming(article.id, article.url, mode === "original");
  const prefetchFraming = () => {
    if (isHttpUrl(article.url)) void askFraming(article.id, article.url);
  };

  // Where the viewer is going: moves follow each other at once, before the page URL has caught up
  // (two quick ArrowLefts move two articles, not one twice).
  const position = useRef(index);
  useEffect(() => {
    position.current = index;
  }, [index]);
  const move = (step: -1 | 1) => {
    const target = articles[position.current + step];
    if (!target) return;
    position.current += step;
    onSelect(target.id);
  };

  const actions = useRef({ close: onClose, previous: () => move(-1), next: () => move(1) });
  useEffect(() => {
    actions.current = { close: onClose, previous: () => move(-1), next: () => move(1) };
  });

  useSwipe(panelRef, (direction) => actions.current[direction]());

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key === "Escape") {
        event.preventDefault();
        actions.current.close();
      } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        event.preventDefault();
        actions.current[event.key === "ArrowLeft" ? "previous" : "next"]();
      }
    };
    // The browser's own Escape handling (a "cancel" that would close the dialog behind React's back).
    const onCancel = (event: Event) => {
      event.preventDefault();
      actions.current.close();
    };
    document.addEventListener("keydown", onKeyDown);
    dialog.addEventListener("cancel", onCancel);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      dialog.removeEventListener("cancel", onCancel);
    };
  }, []);

  // A new article starts at its top; focus never stays on a button that has just been disabled.
  useEffect(() => {
    bodyRef.current?.scrollTo({ top: 0 });
    const active = document.activeElement;
    const stranded = active === document.body || (active instanceof HTMLButtonElement && active.disabled);
    if (stranded) (previousButton.current?.disabled ? nextButton.current : previousButton.current)?.focus();
  }, [article.id]);

  const date = formatArticleDate(article.date, formatLongUs);
  return (
    <>
      <form id={navForm} method="get" action="/" hidden />
      <dialog ref={dialogRef} className="viewer" aria-labelledby="viewer-title" open>
        <div ref={panelRef} className="viewer-panel">
          <header className="viewer-header">
            <div className="viewer-heading">
              {article.outlet && <p className="viewer-outlet">{article.outlet}</p>}
              <p id="viewer-title" ref={titleRef} className="viewer-title" tabIndex={-1}>
                {article.title}
              </p>
              {date && <p className="viewer-date">{date}</p>}
            </div>
            <div className="viewer-controls">
              {article.gone ? null : (
                <button
                  type="button"
                  className="viewer-button viewer-toggle"
                  onClick={() => setMode(mode === "reader" ? "original" : "reader")}
                  onPointerEnter={prefetchFraming}
                  onFocus={prefetchFraming}
                >
                  {mode === "reader" ? MODE_LABEL.original : MODE_LABEL.reader}
                </button>
              )}
              <button
                type="submit"
                form={navForm}
                className="viewer-button viewer-close"
                onClick={instead(onClose)}
              >
                <span aria-hidden="true" className="viewer-close-mark">
                  ×
                </span>
                Close
              </button>
            </div>
          </header>

          <div
            ref={bodyRef}
            className={`viewer-body viewer-body-${mode}`}
            // Archived text offers no link to the original, so nothing inside takes focus: the
            // scrolling text itself must, for keyboard users to scroll it.
            {...(article.gone ? { tabIndex: 0, role: "region", "aria-label": "Article" } : {})}
          >
            {mode === "reader" ? (
              <ReaderView article={article} state={reader} />
            ) : (
              <OriginalView article={article} framing={framing} onTryReader={() => setMode("reader")} />
            )}
          </div>

          <footer className="viewer-footer">
            <button
              ref={previousButton}
              type="submit"
              form={navForm}
              name="article"
              value={previous?.id}
              className="viewer-button viewer-nav"
              disabled={!previous}
              onClick={instead(() => move(-1))}
            >
              <span aria-hidden="true">←</span> Previous Article
            </button>
            <p className="viewer-position">
              <span className="viewer-count">
                {index + 1} of {articles.length}
              </span>
              <span className="viewer-mode">{MODE_LABEL[mode]}</span>
            </p>
            <button
              ref={nextButton}
              type="submit"
              form={navForm}
              name="article"
              value={next?.id}
              className="viewer-button viewer-nav"
              disabled={!next}
              onClick={instead(() => move(1))}
            >
              Next Article <span aria-hidden="true">→</span>
            </button>
          </footer>
          <p className="visually-hidden" aria-live="polite">
            {`Article ${index + 1} of ${articles.length}: ${article.title}`}
          </p>
        </div>
      </dialog>
    </>
  );
}
