import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False in the server's HTML and during hydration, true once React runs in the browser. The
 * managers keep their buttons disabled until then: before that a click would do nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
