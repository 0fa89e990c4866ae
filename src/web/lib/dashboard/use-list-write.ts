import { useCallback } from "react";
import { useRevalidator } from "react-router";
import type { ApiError } from "../api-client";
import { useToast } from "./toasts";
import { useAdminApi, type WriteMethod } from "./use-admin-api";

type ListWriteTexts = {
  /** The success toast, if the change needs one. */
  done?: string;
  /** The error toast's text for a refused or failed write. */
  failed: (error: ApiError) => string;
};

/**
 * A write from a list tab (Messages, Media) or a list's action (the Articles' link health): send
 * it, toast how it went (an expired session goes to sign-in instead), then re-read the tab's data
 * whatever happened. Resolves to whether it worked.
 */
export function useListWrite() {
  const send = useAdminApi();
  const toast = useToast();
  const revalidator = useRevalidator();
  return useCallback(
    async (path: string, method: WriteMethod, body: unknown, texts: ListWriteTexts): Promise<boolean> => {
      const result = await send(path, method, body);
      if (result.ok && texts.done) toast("success", texts.done);
      if (!result.ok && !result.sessionExpired) toast("error", texts.failed(result.error));
      await revalidator.revalidate();
      return result.ok;
    },
    [send, toast, revalidator],
  );
}
