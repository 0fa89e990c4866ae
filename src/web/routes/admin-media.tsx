import { redirect, useOutletContext, useRevalidator } from "react-router";
import type { UploadInfo } from "../../domain/uploads";
import type { AdminOutletContext } from "../features/admin/owner-guard";
import { MediaLibrary } from "../features/media/media-library";
import { ApiError, apiRequest } from "../lib/api-client";
import { useLiveUpdates } from "../lib/use-live-updates";
import type { Route } from "./+types/admin-media";

/** The uploads are read from the owner's API in the browser; the server renders the loading state. */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<UploadInfo[]> {
  try {
    return await apiRequest<UploadInfo[]>("/api/uploads", { signal: request.signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const url = new URL(request.url);
      throw redirect(`/admin?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
    }
    throw error;
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <p className="media__loading" role="status">
      Loading media…
    </p>
  );
}

export function ErrorBoundary() {
  const revalidator = useRevalidator();
  return (
    <div className="media__failed" role="alert">
      <p>Failed to load media</p>
      <button type="button" className="button" onClick={() => void revalidator.revalidate()}>
        Try again
      </button>
    </div>
  );
}

/** Where an image is used changes when the settings or an article change. */
const LIVE = ["site", "articles"] as const;

export default function AdminMedia({ loaderData }: Route.ComponentProps) {
  const { csrfToken } = useOutletContext<AdminOutletContext>();
  const revalidator = useRevalidator();
  useLiveUpdates(LIVE);
  return (
    <MediaLibrary
      uploads={loaderData}
      csrfToken={csrfToken}
      onChanged={() => void revalidator.revalidate()}
    />
  );
}
