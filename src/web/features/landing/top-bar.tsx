import { useEffect, useRef, type MouseEvent } from "react";
import { Link } from "react-router";
import { GlassCanvas } from "./glass-canvas";
import { prefersReducedMotion } from "./motion";
import { articleSearch } from "./read-article-link";
import { SECTIONS } from "./sections";
import { scrollToSection } from "./use-page-scroll";
import type { Today } from "./use-today";

type TopBarProps = {
  name: string;
  today: Today;
  compact: boolean;
  activeSection: string | null;
  glassIntensity: number;
  /** The article with the most recent date; the LATEST link shows only when there is one. */
  latestArticleId: string | null;
};

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

  // On a phone the buttons scroll sideways: keep the active one in view.
  useEffect(() => {
    const list = listRef.current;
    const link = list?.querySelector<HTMLElement>("[aria-current]");
    if (!list || !link || list.scrollWidth <= list.clientWidth) return;
    const left = link.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + link.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollTo({ left: Math.max(0, left - 16), behavior: prefersReducedMotion() ? "auto" : "smooth" });
    }
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
            <Link className="lp-bar__opener lp-bar__opener--portfolio" to="?portfolio=1" preventScrollReset>
              PORTFOLIO
            </Link>
            {latestArticleId ? (
              <Link
                className="lp-bar__opener lp-bar__opener--latest"
                to={articleSearch(latestArticleId)}
                preventScrollReset
              >
                LATEST
              </Link>
            ) : null}
          </div>
        </div>
        <nav className="lp-bar__nav" aria-label="Sections">
          <ul ref={listRef}>
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
