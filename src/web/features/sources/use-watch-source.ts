import { useCallback } from "react";
import { useRevalidator } from "react-router";
import type { WatchedSource } from "../../../domain/clip-watch";
import { useToast } from "../../lib/dashboard/toasts";
import { useAdminApi, type WriteResult } from "../../lib/dashboard/use-admin-api";

/**
 * Starts watching an address (the Watch field, a suggestion's Watch): toasts 'Watching …', or
 * 'Already watched' when the server answers with a source the tab lists already, re-reads the
 * tab, and calls `onNew` for a new source (the tab checks it at once). A refusal is the caller's
 * to show.
 */
export function useWatchSource(watched: readonly WatchedSource[], onNew: () => void) {
  const send = useAdminApi();
  const toast = useToast();
  const revalidator = useRevalidator();
  return useCallback(
    async (url: string): Promise<WriteResult<WatchedSource>> => {
      const result = await send<WatchedSource>("/api/watch/sources", "POST", { url });
      if (result.ok) {
        const again = watched.some((source) => source.id === result.data.id);
        toast(again ? "info" : "success", again ? "Already watched" : `Watching ${result.data.url}`);
        await revalidator.revalidate();
        if (!again) onNew();
      }
      return result;
    },
    [send, toast, revalidator, watched, onNew],
  );
}
