import { useEffect, useRef } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import type { Topic } from "../../domain/content";
import type { loader as rootLoader } from "../root";
import { subscribeToChanges } from "./live-stream";

/** Several writes in a burst (an import, a save touching two topics) become one call. */
const BURST_MS = 50;

/** The change number the page was rendered at: where its live stream starts. */
export function useLiveSeq(): number | undefined {
  return useRouteLoaderData<typeof rootLoader>("root")?.liveSeq;
}

/**
 * Calls `onChange` after committed changes to one of `topics`, once per burst, over the
 * page's shared live stream (live-stream.ts): changes made since the page was rendered, or while
 * the connection was down, arrive as soon as it is (back) up.
 */
export function useChangeListener(topics: readonly Topic[], onChange: () => void) {
  const since = useLiveSeq();
  const latest = useRef({ topics, onChange });
  latest.current = { topics, onChange };

  useEffect(
    () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const unsubscribe = subscribeToChanges(since, (topic) => {
        if (!latest.current.topics.includes(topic)) return;
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

/** Re-reads the page's data whenever the server reports a committed change to one of `topics`. */
export function useLiveUpdates(topics: readonly Topic[]) {
  const revalidator = useRevalidator();
  useChangeListener(topics, () => void revalidator.revalidate());
}
