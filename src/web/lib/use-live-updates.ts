import { useEffect, useRef } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import type { Collection } from "../../domain/content";
import type { loader as rootLoader } from "../root";
import { subscribeToChanges } from "./live-stream";

/** The change number the page was rendered at: where its live stream starts. */
export function useLiveSeq(): number | undefined {
  return useRouteLoaderData<typeof rootLoader>("root")?.liveSeq;
}

/**
 * Calls `onChange` for every committed change to one of `collections`, over the page's shared
 * live stream (live-stream.ts): changes made since the page was rendered, or while the
 * connection was down, arrive as soon as it is (back) up.
 */
export function useChangeListener(collections: readonly Collection[], onChange: (collection: Collection) => void) {
  const since = useLiveSeq();
  const latest = useRef({ collections, onChange });
  latest.current = { collections, onChange };

  useEffect(
    () =>
      subscribeToChanges(since, (collection) => {
        if (latest.current.collections.includes(collection)) latest.current.onChange(collection);
      }),
    // The stream outlives re-renders; `since` only matters when it first opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
}

/** Re-reads the page's data whenever the server reports a committed change to one of `collections`. */
export function useLiveUpdates(collections: readonly Collection[]) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  useChangeListener(collections, () => {
    // Several writes in a burst become one re-read.
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current.revalidate(), 50);
  });
}
