import { useState } from "react";
import type { SourceSuggestion, WatchedSource } from "../../../domain/clip-watch";
import { safeHref } from "../../../domain/safe-url";
import { useToast } from "../../lib/dashboard/toasts";
import { useHydrated } from "../../lib/use-hydrated";
import { suggestionKindLabel } from "./source-texts";
import { useWatchSource } from "./use-watch-source";

const SUGGESTIONS_HEADING_ID = "sources-suggestions";

/**
 * Author pages and feeds the portfolio's own articles name, each one click from being watched;
 * nothing when there are none. A watched suggestion leaves the list, so focus moves to its heading.
 */
export function SourceSuggestions({
  suggestions,
  sources,
  onWatched,
}: {
  suggestions: readonly SourceSuggestion[];
  sources: readonly WatchedSource[];
  onWatched: () => void;
}) {
  const watch = useWatchSource(sources, onWatched);
  const toast = useToast();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  if (suggestions.length === 0) return null;

  async function watchSuggestion(url: string) {
    setBusy(true);
    const result = await watch(url);
    setBusy(false);
    if (result.ok) document.getElementById(SUGGESTIONS_HEADING_ID)?.focus();
    else if (!result.sessionExpired) toast("error", result.error.fields.url ?? result.error.message);
  }

  return (
    <section className="sources__section" aria-labelledby={SUGGESTIONS_HEADING_ID}>
      <h3 id={SUGGESTIONS_HEADING_ID} tabIndex={-1}>
        Sources your articles point at
      </h3>
      <p className="sources__note">
        Author pages linked from your bylines, and feeds your articles&rsquo; pages advertise.
      </p>
      <ul className="sources__suggestions">
        {suggestions.map((suggestion) => (
          <li key={suggestion.url} className="sources-suggestion">
            <div className="sources-suggestion__text">
              <p className="sources-source__url">
                <a href={safeHref(suggestion.url)} target="_blank" rel="noreferrer">
                  {suggestion.url}
                </a>
              </p>
              <p className="sources-clip__meta">
                {suggestionKindLabel(suggestion)}
                {suggestion.seenOn ? <> · named on &lsquo;{suggestion.seenOn}&rsquo;</> : null}
              </p>
            </div>
            <button
              type="button"
              className="button"
              disabled={!hydrated || busy}
              onClick={() => void watchSuggestion(suggestion.url)}
            >
              Watch<span className="visually-hidden"> {suggestion.url}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
