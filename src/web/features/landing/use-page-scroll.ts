import { useEffect, useState } from "react";
import { activeSection, isBarCompact, scrollTargetY, showsBackToTop } from "./landing-page";
import { prefersReducedMotion } from "../../lib/reduced-motion";

export type PageScroll = { compact: boolean; backToTop: boolean; active: string | null };

/** Page coordinates of an element's top edge. */
function pageTop(element: Element): number {
  return element.getBoundingClientRect().top + window.scrollY;
}

/**
 * What the page's chrome derives from the scroll position: the compact bar (>100px), the
 * back-to-top button (>500px) and the active section (scroll y + 200px). Measured at most once
 * per frame; components re-render only when one of the three changes.
 */
export function usePageScroll(sectionIds: readonly string[]): PageScroll {
  const [state, setState] = useState<PageScroll>({
    compact: false,
    backToTop: false,
    active: sectionIds[0] ?? null,
  });
  const key = sectionIds.join(" ");

  useEffect(() => {
    const ids = key.split(" ");
    let frame = 0;
    const measure = () => {
      frame = 0;
      const y = window.scrollY;
      const sections = ids.flatMap((id) => {
        const element = document.getElementById(id);
        return element ? [{ id, top: pageTop(element) }] : [];
      });
      const next: PageScroll = {
        compact: isBarCompact(y),
        backToTop: showsBackToTop(y),
        active: activeSection(sections, y),
      };
      setState((prev) =>
        prev.compact === next.compact && prev.backToTop === next.backToTop && prev.active === next.active
          ? prev
          : next,
      );
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [key]);

  return state;
}

/**
 * Scrolls so the section's top sits 80px below the viewport's top (smoothly unless reduced
 * motion is asked for) and moves keyboard focus there without a second jump. `pageStart`
 * scrolls to the very top instead: the first section starts under the masthead anyway.
 */
export function scrollToSection(id: string, options: { pageStart?: boolean } = {}): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const top = options.pageStart ? 0 : scrollTargetY(pageTop(element));
  window.scrollTo({ top, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  if (element instanceof HTMLElement) {
    if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
    element.focus({ preventScroll: true });
  }
  return true;
}
