import { useRef, useState, type FormEvent } from "react";
import type { WatchedSource } from "../../../domain/clip-watch";
import { isHttpUrl, safeHref } from "../../../domain/safe-url";
import { useToast } from "../../lib/dashboard/toasts";
import { useListWrite } from "../../lib/dashboard/use-list-write";
import { useSavedSwitch } from "../../lib/dashboard/use-saved-switch";
import { FieldShell } from "../../lib/form-kit/form-fields";
import { useHydrated } from "../../lib/use-hydrated";
import type { CheckRun } from "./use-check-run";
import { lastCheckedText, lastNewClipText, sourceKindLabel, sourceStateText } from "./source-texts";
import { useWatchSource } from "./use-watch-source";

export const WATCHED_HEADING_ID = "sources-watched";

export const WATCH_TEXTS = {
  label: "Page, feed or sitemap address",
  hint: "An author page at an outlet, an RSS, Atom or JSON feed, or a sitemap (gzipped too). Byline checks it every few hours for new articles under your byline.",
  badAddress: "Enter the full address, starting with https:// or http://",
  refused: "Could not watch this address",
  none: "No sources yet. Watch the page where an outlet lists your articles, or its feed: new articles under your byline will wait on this tab for you to add them.",
} as const;

/**
 * The watched sources: the Watch field, Check now, and each source with its state and switches.
 * Check now, and Watch of a new source (which checks at once), end with the run's summary.
 */
export function WatchedSources({
  sources,
  check,
  now,
  onRemove,
  removing,
}: {
  sources: readonly WatchedSource[];
  check: CheckRun;
  now: Date;
  onRemove: (id: string) => void;
  removing: boolean;
}) {
  return (
    <section className="sources__section" aria-labelledby={WATCHED_HEADING_ID}>
      <div className="sources__section-head">
        <h3 id={WATCHED_HEADING_ID} tabIndex={-1}>
          Watched sources
        </h3>
        <CheckNow check={check} disabled={sources.every((source) => source.state === "paused")} />
      </div>
      <WatchForm sources={sources} onWatched={() => void check.start()} />
      {sources.length === 0 ? (
        <p className="list-tab__empty">
          No sources yet. Watch the page where an outlet lists your articles, or its feed.
        </p>
      ) : (
        <ul className="list-tab__list sources__list">
          {sources.map((source) => (
            <SourceItem
              key={source.id}
              source={source}
              now={now}
              onRemove={() => onRemove(source.id)}
              removing={removing}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function WatchForm({ sources, onWatched }: { sources: readonly WatchedSource[]; onWatched: () => void }) {
  const watch = useWatchSource(sources, onWatched);
  const toast = useToast();
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const address = url.trim();
    if (!isHttpUrl(address)) {
      setError(WATCH_TEXTS.badAddress);
      input.current?.focus();
      return;
    }
    setBusy(true);
    const result = await watch(address);
    setBusy(false);
    if (result.ok) {
      setUrl("");
      setError("");
    } else if (!result.sessionExpired) {
      setError(result.error.fields.url ?? result.error.message);
      toast("error", WATCH_TEXTS.refused);
      input.current?.focus();
    }
  }

  return (
    <form className="sources__watch" noValidate onSubmit={(event) => void submit(event)}>
      <FieldShell label={WATCH_TEXTS.label} hint={WATCH_TEXTS.hint} error={error || undefined}>
        {({ id, describedBy, invalid }) => (
          <input
            ref={input}
            id={id}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://outlet.example/authors/your-name"
            value={url}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              setUrl(event.target.value);
              if (error) setError("");
            }}
          />
        )}
      </FieldShell>
      <button type="submit" className="button button--primary" disabled={!hydrated || busy}>
        {busy ? "Reading…" : "Watch"}
      </button>
    </form>
  );
}

function CheckNow({ check, disabled }: { check: CheckRun; disabled: boolean }) {
  const hydrated = useHydrated();
  return (
    <div className="sources__check">
      <button
        type="button"
        className="button"
        disabled={!hydrated || check.running || disabled}
        onClick={() => void check.start()}
      >
        {check.running ? "Checking…" : "Check now"}
      </button>
      <p className="sources__check-status" role="status">
        {check.running ? "Checking every source…" : check.summary}
      </p>
    </div>
  );
}

function SourceItem({
  source,
  now,
  onRemove,
  removing,
}: {
  source: WatchedSource;
  now: Date;
  onRemove: () => void;
  removing: boolean;
}) {
  const write = useListWrite();
  const hydrated = useHydrated();
  const path = `/api/watch/sources/${encodeURIComponent(source.id)}`;
  const autoAdd = useSavedSwitch(source.autoAdd, (next) =>
    write(
      path,
      "PATCH",
      { autoAdd: next },
      {
        done: next
          ? "New clips from this source will be added without asking"
          : "New clips from this source will wait for you",
        failed: (error) => error.message,
      },
    ),
  );
  const [resuming, setResuming] = useState(false);

  async function resume() {
    setResuming(true);
    await write(
      path,
      "PATCH",
      { resume: true },
      { done: "Source resumed", failed: (error) => error.message },
    );
    setResuming(false);
  }

  const stateClass = source.state === "ok" ? "ok" : "failing";
  return (
    <li className="sources-source" data-source={source.id}>
      <div className="sources-source__main">
        <p className="sources-source__url">
          <a href={safeHref(source.url)} target="_blank" rel="noreferrer">
            {source.url}
          </a>
        </p>
        <p className="sources-source__kind">{sourceKindLabel(source)}</p>
        {/* Nothing is known of a source before its first check: no state until then. */}
        {source.lastCheckedAt !== null || source.state !== "ok" ? (
          <p className={`sources-source__state sources-source__state--${stateClass}`}>
            {sourceStateText(source, now)}
          </p>
        ) : null}
        <p className="sources-source__times">
          <span>{lastCheckedText(source, now)}</span>
          <span>{lastNewClipText(source, now)}</span>
        </p>
      </div>
      <div className="sources-source__actions">
        <label className="sources-switch">
          <input
            type="checkbox"
            role="switch"
            checked={autoAdd.checked}
            disabled={!hydrated || autoAdd.writing}
            onChange={(event) => void autoAdd.change(event.target.checked)}
          />
          Add without asking<span className="visually-hidden">: {source.url}</span>
        </label>
        {source.state === "paused" ? (
          <button
            type="button"
            className="button button--primary"
            disabled={!hydrated || resuming}
            onClick={() => void resume()}
          >
            Resume<span className="visually-hidden"> {source.url}</span>
          </button>
        ) : null}
        <button
          type="button"
          className="button sources-button--danger"
          disabled={!hydrated || removing}
          onClick={onRemove}
        >
          Remove<span className="visually-hidden"> {source.url}</span>
        </button>
      </div>
    </li>
  );
}
