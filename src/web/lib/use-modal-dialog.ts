import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "iframe",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest("[hidden]") && element.getClientRects().length > 0,
  );
}

/**
 * Shared by the portfolio overlay and the article viewer.
 * Makes a `<dialog>` a modal while the component is mounted: shown with showModal() (the rest of
 * the page becomes inert), page scroll locked, focus moved in and kept in (Tab and Shift+Tab
 * wrap around), and returned to the element that had it before, when it unmounts; to
 * `fallbackFocus` when none had it (the dialog opened with the page).
 *
 * The server renders the dialog with `open` so the overlay is visible before the scripts run;
 * here it is reopened as a modal.
 */
export function useModalDialog(
  dialog: RefObject<HTMLDialogElement | null>,
  initialFocus: () => HTMLElement | null,
  fallbackFocus: () => HTMLElement | null = () => null,
) {
  const opener = useRef<Element | null>(null);

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    opener.current = document.activeElement;

    if (!element.matches(":modal")) {
      if (element.open) element.close();
      element.showModal();
    }
    (initialFocus() ?? element).focus({ preventScroll: true });

    const body = document.body;
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    body.style.overflow = "hidden";
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;

    return () => {
      body.style.overflow = previous.overflow;
      body.style.paddingRight = previous.paddingRight;
      if (element.open) element.close();
      const before = opener.current;
      const target =
        before instanceof HTMLElement && before.isConnected && before !== document.body
          ? before
          : fallbackFocus();
      target?.focus({ preventScroll: true });
    };
    // Runs once per opening; `initialFocus` is read at that moment, `fallbackFocus` at closing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dialog]);

  // Tab from the last control goes to the first, Shift+Tab from the first to the last.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab" || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey)
        return;
      const items = focusables(element);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const current = document.activeElement;
      if (!(current instanceof Node) || !element.contains(current) || current === element) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
        return;
      }
      // Nothing focusable before (Shift+Tab) or after (Tab) the focused element: wrap around.
      const hasBefore =
        first !== current &&
        Boolean(current.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_PRECEDING);
      const hasAfter =
        last !== current && Boolean(current.compareDocumentPosition(last) & Node.DOCUMENT_POSITION_FOLLOWING);
      if (event.shiftKey ? !hasBefore : !hasAfter) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    element.addEventListener("keydown", onKeyDown);
    return () => element.removeEventListener("keydown", onKeyDown);
  }, [dialog]);
}
