import { useEffect, useId, useRef, useState } from "react";
import { isHttpUrl } from "../../../../domain/safe-url";
import { applyFetchedDetails, fetchedChanges, type ArticleDraft, type FetchedDetails } from "./article-draft";
import { useToast } from "../../../lib/dashboard/toasts";
import { useAdminApi } from "../../../lib/dashboard/use-admin-api";

export const FETCH_DETAILS_TEXTS = {
  filled: "Details fetched: review them, then Save",
  nothingNew: "No new details found on that page",
  urlChanged: "The URL changed while fetching: details not filled in",
} as const;

type Props = { draft: ArticleDraft; onChange: (draft: ArticleDraft) => void };

/**
 * 'Fetch details' under the article's URL: the server reads the page (the reader's engine) and
 * the answer fills the draft by `applyFetchedDetails`' rule, for the owner to review and Save.
 * A refusal shows the server's message as an error toast and leaves the draft as it was.
 */
export function FetchDetailsButton({ draft, onChange }: Props) {
  const send = useAdminApi();
  const toast = useToast();
  const hintId = useId();
  const [fetching, setFetching] = useState(false);
  // The answer is applied to the draft as it is when it arrives, not as it was at the click.
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const url = draft.url.trim();
  const ready = isHttpUrl(url);

  async function fetchDetails() {
    if (!ready || fetching) return;
    setFetching(true);
    const result = await send<FetchedDetails>("/api/articles/fetch-details", "POST", { url });
    // Collapsed (or signed out) meanwhile: the draft is no longer on screen to review.
    if (!mounted.current) return;
    setFetching(false);
    if (!result.ok) {
      if (!result.sessionExpired) toast("error", result.error.message);
      return;
    }
    const current = latest.current;
    if (current.url.trim() !== url) {
      toast("info", FETCH_DETAILS_TEXTS.urlChanged);
      return;
    }
    if (fetchedChanges(current, result.data).length === 0) {
      toast("info", FETCH_DETAILS_TEXTS.nothingNew);
      return;
    }
    onChange(applyFetchedDetails(current, result.data));
    toast("info", FETCH_DETAILS_TEXTS.filled);
  }

  return (
    <div className="fetch-details">
      <button
        type="button"
        className="button"
        disabled={!ready || fetching}
        aria-busy={fetching || undefined}
        aria-describedby={hintId}
        onClick={() => void fetchDetails()}
      >
        {fetching ? "Fetching…" : "Fetch details"}
      </button>
      <small id={hintId} className="field__hint">
        Reads title, outlet, date, image, description and content from the page at this URL. Nothing is saved
        until you Save.
      </small>
    </div>
  );
}
