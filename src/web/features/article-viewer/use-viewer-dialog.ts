import { useEffect, useLayoutEffect, useRef } from "react";
import type { RefObject } from "react";

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "iframe",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest("[hidden]") && element.getClientRects().length > 0,
  );
}

/**
 * Shows a `<dialog>` as a modal while mounted: the rest of the page is inert, its scrolling is
 * locked, focus moves in (to `initialFocus`), Tab wraps inside, and on unmount focus returns to
 * the element that had it before. The server renders the dialog `open`; here it becomes modal.
 */
export function useViewerDialog(dialog: RefObject<HTMLDialogElement | null>, initialFocus: RefObject<HTMLElement | null>) {
  const opener = useRef<Element | null>(null);

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    opener.current = document.activeElement;
    if (!element.matches(":modal")) {
      if (element.open) element.close();
      element.showModal();
    }
    (initialFocus.current ?? element).focus({ preventScroll: true });

    const { body } = document;
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    body.style.overflow = "hidden";
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;

    return () => {
      body.style.overflow = previous.overflow;
      body.style.paddingRight = previous.paddingRight;
      if (element.open) element.close();
      const target = opener.current;
      if (target instanceof HTMLElement && target.isConnected && target !== document.body) {
        target.focus({ preventScroll: true });
      }
    };
  }, [dialog, initialFocus]);

  // The modal dialog already makes the page inert; Tab also wraps instead of leaving for the browser's toolbar.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab" || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const items = focusables(element);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const current = document.activeElement;
      if (!(current instanceof HTMLElement) || !element.contains(current)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && (current === first || !items.some((item) => precedes(item, current)))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !items.some((item) => precedes(current, item)))) {
        event.preventDefault();
        first.focus();
      }
    };
    element.addEventListener("keydown", onKeyDown);
    return () => element.removeEventListener("keydown", onKeyDown);
  }, [dialog]);
}

/** True when `a` comes before `b` in document order. */
function precedes(a: Element, b: Element): boolean {
  return a !== b && Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
}
