import { useEffect, useState } from "react";
import type { ReaderContent } from "../../../domain/reader-content";
import { ApiError, apiRequest } from "../../lib/api-client";

/** Reader content: loading, then loaded or error. */
export type ReaderState =
  | { status: "loading" }
  | { status: "loaded"; content: ReaderContent }
  | { status: "error"; message: string };

const LOADING: ReaderState = { status: "loading" };

/**
 * The reader text of one article. The state belongs to the article (and its address): when
 * either changes, it is "loading" again at once and the previous request is abandoned.
 * `preloaded` is the text the page was rendered with (the owner's own copy of a shared
 * '?article=' link): it is shown as it is, with no request. Nothing is asked while `wanted` is
 * false (an article whose original is gone with no text kept).
 */
export function useReaderContent(
  articleId: string,
  articleUrl: string,
  preloaded?: ReaderContent,
  wanted = true,
): ReaderState {
  const key = `${articleId}\n${articleUrl}`;
  const [current, setCurrent] = useState<{ key: string; state: ReaderState }>({ key, state: LOADING });

  useEffect(() => {
    if (preloaded || !wanted) return;
    const controller = new AbortController();
    apiRequest<ReaderContent>(`/api/articles/${encodeURIComponent(articleId)}/reader`, {
      signal: controller.signal,
    }).then(
      (content) => setCurrent({ key, state: { status: "loaded", content } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof ApiError ? error.message : "Network Error";
        setCurrent({ key, state: { status: "error", message } });
      },
    );
    return () => controller.abort();
  }, [articleId, key, preloaded, wanted]);

  if (preloaded) return { status: "loaded", content: preloaded };
  return current.key === key ? current.state : LOADING;
}
