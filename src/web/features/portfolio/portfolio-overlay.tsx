import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from "react";
import { publicCollectionPath } from "../../../domain/collection-paths";
import type { PublicCollection } from "../../../domain/collections";
import type { Article, Site } from "../../../domain/content";
import { usableImage } from "../../../domain/placeholder-images";
import {
  articleCount,
  distinctOutlets,
  filterPrepared,
  inCollection,
  isFilterActive,
  preparePortfolio,
} from "./portfolio-filter";
import { useImageProgress } from "./image-progress";
import { imageCacheSrc, responsiveImage } from "../../../domain/image-src";
import { useImageVersions } from "../../lib/image-versions";
import { CARD_SIZES, cardDomId, PortfolioCard } from "./portfolio-card";
import { PortfolioFilters, type OpenDropdown } from "./portfolio-filters";
import { EMPTY_FILTERS } from "./portfolio-url";
import { findPortfolioOpener } from "../../lib/portfolio-opener";
import { useModalDialog } from "../../lib/use-modal-dialog";
import { usePortfolioUrlState } from "./use-portfolio-url-state";
import "./portfolio.css";
import { prefersReducedMotion } from "../../lib/reduced-motion";

export type PortfolioOverlayProps = {
  site: Pick<Site, "name" | "strapline">;
  articles: Article[];
  /** The public collections: a Collection filter when there is any. */
  collections?: readonly PublicCollection[];
  open: boolean;
  onClose: () => void;
  /** An article URL to scroll to and flash (after 100 ms, for 2.2 s). */
  highlightUrl?: string | undefined;
};

/** Highlight scroll delay and flash length (docs/product.md, Limits and timings). */
const HIGHLIGHT_DELAY_MS = 100;
const HIGHLIGHT_FLASH_MS = 2200;
/** The first 10 articles' images are fetched as soon as the overlay opens. */
const PRELOAD_COUNT = 10;

/**
 * The full, searchable portfolio (docs/product.md, Portfolio overlay). Its search text and filters
 * live in the page URL; the landing page decides when it is open.
 */
export function PortfolioOverlay(props: PortfolioOverlayProps) {
  if (!props.open) return null;
  return <PortfolioDialog {...props} />;
}

function sameUrl(a: string, b: string): boolean {
  const normal = (url: string) => url.trim().replace(/\/+$/, "");
  return normal(a) === normal(b);
}

const NO_COLLECTIONS: readonly PublicCollection[] = [];

function PortfolioDialog({
  site,
  articles,
  collections = NO_COLLECTIONS,
  onClose,
  highlightUrl,
}: PortfolioOverlayProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const newTabNoteId = `${id}-new-tab`;
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const masthead = useRef<HTMLElement>(null);

  const [filters, setFilters] = usePortfolioUrlState();
  const [openDropdown, setOpenDropdown] = useState<OpenDropdown>(null);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const [imagesLoading, progress] = useImageProgress();
  const versions = useImageVersions();

  const prepared = useMemo(() => preparePortfolio(articles), [articles]);
  const outlets = useMemo(() => distinctOutlets(articles), [articles]);
  // Typing stays responsive with a long portfolio: the grid catches up a moment later.
  const deferredFilters = useDeferredValue(filters);
  const chosenCollection = collections.find((collection) => collection.id === deferredFilters.collection);
  const visible = useMemo(
    () => inCollection(filterPrepared(prepared, deferredFilters), chosenCollection),
    [prepared, deferredFilters, chosenCollection],
  );
  const active = isFilterActive(filters);

  // Keyboard users start in the search box; on touch screens focus goes to the title, so no
  // on-screen keyboard covers the portfolio.
  useModalDialog(
    dialog,
    () =>
      typeof window.matchMedia === "function" && window.matchMedia("(pointer: fine)").matches
        ? search.current
        : title.current,
    findPortfolioOpener,
  );

  // Escape closes an open dropdown first, the overlay otherwise.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    if (openDropdown) setOpenDropdown(null);
    else onClose();
  };

  // Other close requests (a back gesture on Android) reach the dialog as `cancel`.
  const latest = useRef({ openDropdown, onClose });
  useEffect(() => {
    latest.current = { openDropdown, onClose };
  });
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (latest.current.openDropdown) setOpenDropdown(null);
      else latest.current.onClose();
    };
    element.addEventListener("cancel", onCancel);
    return () => element.removeEventListener("cancel", onCancel);
  }, []);

  // The masthead stays on top while the overlay scrolls: whatever scrolls into view under it (a
  // card focused with Shift+Tab) stops below it instead of hiding behind it.
  useEffect(() => {
    const element = dialog.current;
    const head = masthead.current;
    if (!element || !head || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      element.style.scrollPaddingTop = `${head.offsetHeight + 8}px`;
    });
    observer.observe(head);
    return () => observer.disconnect();
  }, []);

  // Preload the first images while the visitor looks at the top of the grid.
  useEffect(() => {
    const images = prepared
      .slice(0, PRELOAD_COUNT)
      .map((entry) => usableImage(entry.article))
      .filter((url): url is string => url !== null);
    const loaders = images.map((url) => {
      const token = `preload:${url}`;
      const image = new Image();
      image.decoding = "async";
      progress.begin(token);
      image.onload = image.onerror = () => progress.end(token);
      // The same file the card will choose (its WebP source), so the card finds it loaded.
      const responsive = responsiveImage(url, versions[url]);
      if (responsive) {
        image.sizes = CARD_SIZES;
        image.srcset = responsive.webpSrcSet;
      }
      image.src = responsive?.src ?? imageCacheSrc(url);
      return { image, token };
    });
    return () => {
      for (const { image, token } of loaders) {
        image.onload = image.onerror = null;
        progress.end(token);
      }
    };
    // Once per opening: later changes of the list are loaded lazily by the cards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [progress]);

  // Scroll to the highlighted article after 100 ms and flash it for 2.2 s.
  useEffect(() => {
    if (!highlightUrl) return;
    const target = articles.find((article) => sameUrl(article.url, highlightUrl));
    if (!target) return;
    let flash: ReturnType<typeof setTimeout> | undefined;
    const start = setTimeout(() => {
      const card = document.getElementById(cardDomId(target));
      if (!card) return;
      card.scrollIntoView({ block: "center", behavior: prefersReducedMotion() ? "auto" : "smooth" });
      setHighlightedId(target.id);
      flash = setTimeout(() => setHighlightedId(null), HIGHLIGHT_FLASH_MS);
    }, HIGHLIGHT_DELAY_MS);
    return () => {
      clearTimeout(start);
      clearTimeout(flash);
    };
    // Only when the highlighted URL changes: a live update of the list must not flash it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [highlightUrl]);

  const clearFilters = useCallback(() => {
    setFilters(EMPTY_FILTERS);
    setOpenDropdown(null);
    // The button disappears; the search box is where a new search starts.
    search.current?.focus();
  }, [setFilters]);

  return (
    <dialog
      ref={dialog}
      className="portfolio"
      open
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      <div className="portfolio__sheet">
        <header className="portfolio__masthead" ref={masthead}>
          <div className="portfolio__heading">
            <h2 className="portfolio__title" id={titleId} ref={title} tabIndex={-1}>
              Portfolio
            </h2>
            <p className="portfolio__owner">{site.name}</p>
          </div>
          <p className="portfolio__count" aria-live="polite">
            {articleCount(visible.length)}
          </p>
          <button type="button" className="portfolio__close" onClick={onClose} aria-label="Close portfolio">
            <span aria-hidden="true">×</span>
          </button>
        </header>

        <PortfolioFilters
          filters={filters}
          onChange={setFilters}
          outlets={outlets}
          collections={collections}
          active={active}
          onClear={clearFilters}
          openDropdown={openDropdown}
          onOpenDropdown={setOpenDropdown}
          searchRef={search}
        />

        {chosenCollection ? (
          <p className="portfolio__collection">
            {chosenCollection.introduction ? <span>{chosenCollection.introduction} </span> : null}
            <a href={publicCollectionPath(chosenCollection.id)}>Open “{chosenCollection.title}” as a page</a>
          </p>
        ) : null}

        <span id={newTabNoteId} hidden>
          Opens in a new tab
        </span>

        {visible.length > 0 ? (
          <div className="portfolio__grid">
            {visible.map((article) => (
              <PortfolioCard
                key={article.id}
                article={article}
                highlighted={article.id === highlightedId}
                progress={progress}
                newTabNoteId={newTabNoteId}
              />
            ))}
          </div>
        ) : (
          <div className="portfolio__empty" role="status">
            <h3>No Articles Found</h3>
            <p>Try adjusting your search or filters to find more articles.</p>
          </div>
        )}

        <footer className="portfolio__footer">
          {site.strapline ? <p className="portfolio__strapline">{site.strapline}</p> : null}
          <p className="portfolio__caching" role="status">
            {imagesLoading ? "Caching images for faster loading..." : ""}
          </p>
        </footer>
      </div>
    </dialog>
  );
}
