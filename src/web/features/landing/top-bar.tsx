import { useEffect, useRef, type MouseEvent } from "react";
import { GlassCanvas } from "./glass-canvas";
import { prefersReducedMotion } from "../../lib/reduced-motion";
import { articleSearch } from "../../lib/article-search";
import { LandingLink } from "../../lib/landing-link";
import { portfolioOpenerProps } from "../../lib/portfolio-opener";
import { SECTIONS } from "./sections";
import { scrollToSection } from "./use-page-scroll";
import type { Today } from "./use-today";
import "./top-bar.css";

type TopBarProps = {
  name: string;
  today: Today;
  compact: boolean;
  activeSection: string | null;
  glassIntensity: number;
  /** The article with the most recent date; the LATEST link shows only when there is one. */
  latestArticleId: string | null;
};

/** Share of the section list's width that fades out on narrow screens (top-bar.css). */
const LIST_FADE = 0.15;

/**
 * On a phone the section buttons scroll sideways and the list fades out at its right edge:
 * scrolls the list so `link` sits wholly in the clear part. The browser's own scrolling on focus
 * only makes sure a button is inside the list, faded or not.
 */
function revealInList(list: HTMLElement, link: HTMLElement, smooth: boolean) {
  if (list.scrollWidth <= list.clientWidth) return;
  const clear = list.clientWidth * (1 - LIST_FADE);
  const start = link.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
  const end = start + link.offsetWidth;
  let left = list.scrollLeft;
  if (start < list.scrollLeft) left = Math.max(0, start - 16);
  else if (end > list.scrollLeft + clear) left = end - clear + 8;
  if (left !== list.scrollLeft)
    list.scrollTo({ left, behavior: smooth && !prefersReducedMotion() ? "smooth" : "auto" });
}

function onSectionClick(event: MouseEvent<HTMLAnchorElement>, id: string) {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return;
  if (scrollToSection(id, { pageStart: id === SECTIONS[0].id })) event.preventDefault();
}

/**
 * The sticky top bar: the owner's name, today's date (medium screens and up), the section
 * buttons and the PORTFOLIO and LATEST openers, over the glass canvas. Section buttons are
 * in-page links, so they also work before JavaScript has loaded.
 */
export function TopBar({
  name,
  today,
  compact,
  activeSection,
  glassIntensity,
  latestArticleId,
}: TopBarProps) {
  const listRef = useRef<HTMLUListElement>(null);

  // On a phone the buttons scroll sideways: keep the active one in view, and the focused one
  // while the keyboard moves through them.
  useEffect(() => {
    const list = listRef.current;
    const link = list?.querySelector<HTMLElement>("[aria-current]");
    if (list && link && !list.contains(document.activeElement)) revealInList(list, link, true);
  }, [activeSection]);

  return (
    <header className="lp-bar" data-compact={compact ? "true" : "false"}>
      <GlassCanvas intensity={glassIntensity} />
      <div className="lp-bar__inner">
        <div className="lp-bar__top">
          <a className="lp-bar__title" href="#front" onClick={(event) => onSectionClick(event, "front")}>
            {name}
          </a>
          <time className="lp-bar__date" dateTime={today.iso}>
            {today.long}
          </time>
          <div className="lp-bar__openers">
            <LandingLink
              className="outline-button lp-bar__opener lp-bar__opener--portfolio"
              search="?portfolio=1"
              {...portfolioOpenerProps}
            >
              PORTFOLIO
            </LandingLink>
            {latestArticleId ? (
              <LandingLink
                className="outline-button lp-bar__opener lp-bar__opener--latest"
                search={articleSearch(latestArticleId)}
              >
                LATEST
              </LandingLink>
            ) : null}
          </div>
        </div>
        <nav className="lp-bar__nav" aria-label="Sections">
          <ul
            ref={listRef}
            onFocus={(event) => {
              if (event.target instanceof HTMLElement) revealInList(event.currentTarget, event.target, false);
            }}
          >
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="lp-bar__section"
                  aria-current={activeSection === section.id ? "location" : undefined}
                  onClick={(event) => onSectionClick(event, section.id)}
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
