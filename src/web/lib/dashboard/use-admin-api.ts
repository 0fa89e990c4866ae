import { useCallback } from "react";
import { useLocation, useNavigate, useOutletContext } from "react-router";
import { ApiError, apiRequest } from "../api-client";
import { signInPath, type AdminOutletContext } from "./owner-guard";

export type WriteMethod = "POST" | "PUT" | "PATCH" | "DELETE";

export type WriteResult<T> = { ok: true; data: T } | { ok: false; error: ApiError; sessionExpired: boolean };

/**
 * The owner's writes: the session's CSRF token on every request, and a 401 (the session has
 * expired) sends the owner to sign in and back to this very page afterwards. The token comes
 * from the dashboard's loader through its outlet context.
 */
export function useAdminApi() {
  const { csrfToken } = useOutletContext<AdminOutletContext>();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  return useCallback(
    async <T>(path: string, method: WriteMethod, body?: unknown): Promise<WriteResult<T>> => {
      try {
        return { ok: true, data: await apiRequest<T>(path, { method, body, csrfToken }) };
      } catch (caught) {
        const error =
          caught instanceof ApiError
            ? caught
            : new ApiError(0, "unknown", caught instanceof Error ? caught.message : "Unknown error");
        const sessionExpired = error.status === 401;
        if (sessionExpired) navigate(signInPath(pathname + search));
        return { ok: false, error, sessionExpired };
      }
    },
    [csrfToken, navigate, pathname, search],
  );
}
