import { useCallback, useEffect, useRef, useState } from "react";
import type { Topic } from "../../../domain/content";
import { apiRequest } from "../api-client";
import { useChangeListener } from "../use-live-updates";

/**
 * A read the dashboard's tab list keeps current without re-running the open tab's loaders (the
 * unread messages, the clips that wait): read once, then again after every committed change to
 * one of `topics`, the latest request winning. Null until the first answer; a failed read
 * keeps the last one.
 */
export function useLiveRead<T>(topics: readonly Topic[], path: string): T | null {
  const [value, setValue] = useState<T | null>(null);
  const latestRequest = useRef(0);

  const refresh = useCallback(() => {
    const request = ++latestRequest.current;
    apiRequest<T>(path)
      .then((read) => {
        if (request === latestRequest.current) setValue(read);
      })
      .catch(() => undefined);
  }, [path]);

  useEffect(() => {
    refresh();
    return () => {
      latestRequest.current += 1;
    };
  }, [refresh]);

  useChangeListener(topics, refresh);
  return value;
}
