import { useEffect, type RefObject } from "react";

/**
 * After the server refuses a save, focus the first field it complained about, so keyboard and
 * screen-reader users land on the problem (the field's message is its description).
 */
export function useFocusFirstInvalid(root: RefObject<HTMLElement | null>, refusal: object | undefined) {
  useEffect(() => {
    const field = refusal ? root.current?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    if (!field) return;
    // Centred, so a sticky action bar at the foot of the screen does not hide it.
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: "center" });
  }, [refusal, root]);
}
