import { useEffect, useRef } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import type { Collection } from "../../domain/content";
import type { loader as rootLoader } from "../root";
import { subscribeToChanges } from "./live-stream";

/** Several writes in a burst (an import, a save touching two collections) become one call. */
const BURST_MS = 50;

/** The change number the page was rendered at: where its live stream starts. */
export function useLiveSeq(): number | undefined {
  return useRouteLoaderData<typeof rootLoader>("root")?.liveSeq;
}

/**
 * Calls `onChange` after committed changes to one of `collections`, once per burst, over the
 * page's shared live stream (live-stream.ts): changes made since the page was rendered, or while
 * the connection was down, arrive as soon as it is (back) up.
 */
export function useChangeListener(collections: readonly Collection[], onChange: () => void) {
  const since = useLiveSeq();
  const latest = useRef({ collections, onChange });
  latest.current = { collections, onChange };

  useEffect(
    () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const unsubscribe = subscribeToChanges(since, (collection) => {
        if (!latest.current.collections.includes(collection)) return;
        clearTimeout(timer);
        timer = setTimeout(() => latest.current.onChange(), BURST_MS);
      });
      return () => {
        clearTimeout(timer);
        unsubscribe();
      };
    },
    // The stream outlives re-renders; `since` only matters when it first opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
}

/** Re-reads the page's data whenever the server reports a committed change to one of `collections`. */
export function useLiveUpdates(collections: readonly Collection[]) {
  const revalidator = useRevalidator();
  useChangeListener(collections, () => void revalidator.revalidate());
}
