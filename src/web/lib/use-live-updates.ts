import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import type { Collection } from "../../domain/content";

/**
 * Re-reads the page's data whenever the server reports a committed change to one of the given
 * collections. EventSource reconnects by itself and sends Last-Event-ID, so changes made while
 * the connection was down arrive as soon as it is back.
 */
export function useLiveUpdates(collections: readonly Collection[], onChange?: (collection: Collection) => void) {
  const revalidator = useRevalidator();
  const latest = useRef({ revalidator, collections, onChange });
  latest.current = { revalidator, collections, onChange };

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener("change", (event) => {
      const { collection } = JSON.parse((event as MessageEvent<string>).data) as { collection: Collection };
      const { collections: wanted, onChange: notify } = latest.current;
      if (!wanted.includes(collection)) return;
      notify?.(collection);
      // Several writes in a burst become one re-read.
      clearTimeout(timer);
      timer = setTimeout(() => latest.current.revalidator.revalidate(), 50);
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, []);
}
