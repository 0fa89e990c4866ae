import { useEffect, useRef } from "react";
import type { RefObject } from "react";

/** A horizontal drag beyond 100 px moves to the previous or next article. */
export const SWIPE_THRESHOLD_PX = 100;

export type SwipeDirection = "previous" | "next";

/**
 * Mouse and touch drags on `target`: dragging right goes to the previous article, dragging left
 * to the next. A mostly vertical drag (scrolling) and a mouse drag that selected text (copying
 * a quote) do not count. Touch devices keep vertical scrolling and pinch zoom (CSS
 * `touch-action: pan-y pinch-zoom` on the target).
 */
export function useSwipe(
  target: RefObject<HTMLElement | null>,
  onSwipe: (direction: SwipeDirection) => void,
) {
  const latest = useRef(onSwipe);
  useEffect(() => {
    latest.current = onSwipe;
  });

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let start: { id: number; x: number; y: number } | null = null;

    const onDown = (event: PointerEvent) => {
      if (!event.isPrimary || (event.pointerType === "mouse" && event.button !== 0)) return;
      start = { id: event.pointerId, x: event.clientX, y: event.clientY };
    };
    const onUp = (event: PointerEvent) => {
      if (!start || event.pointerId !== start.id) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      start = null;
      if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dx) <= Math.abs(dy)) return;
      if (event.pointerType === "mouse" && (window.getSelection()?.toString().trim() ?? "") !== "") return;
      latest.current(dx > 0 ? "previous" : "next");
    };
    const onCancel = (event: PointerEvent) => {
      if (start && event.pointerId === start.id) start = null;
    };

    element.addEventListener("pointerdown", onDown);
    // The pointer may be released anywhere, even outside the dialog.
    window.addEventListener("pointerup", onUp);
    window.addEventListener("pointercancel", onCancel);
    return () => {
      element.removeEventListener("pointerdown", onDown);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onCancel);
    };
  }, [target]);
}
