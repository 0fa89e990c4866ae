import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { isImportRunning, type ImportCandidate, type ImportJob } from "../../../domain/back-catalogue";
import type { Topic } from "../../../domain/content";
import { formatArticleDate } from "../../../domain/dates";
import { isHttpUrl } from "../../../domain/safe-url";
import { apiRequest } from "../../lib/api-client";
import { useToast } from "../../lib/dashboard/toasts";
import { useAdminApi } from "../../lib/dashboard/use-admin-api";
import { useHydrated } from "../../lib/use-hydrated";
import { useChangeListener } from "../../lib/use-live-updates";
import { filterCandidates, NO_FILTERS, shownText, type ImportFilters } from "./import-filters";
import "./import.css";

const IMPORTS: readonly Topic[] = ["imports"];

export const IMPORT_TEXTS = {
  heading: "Import from a page",
  hint: "An author page at an outlet, an RSS or Atom feed, or a sitemap. Byline finds the articles, reads each page, and you choose which to add.",
  discovering: "Looking for articles…",
  cancelled: "Import cancelled",
  resumed: "Import resumed",
  /** After the status line of an interrupted import. */
  interrupted: "It will not restart on its own: resume it, or cancel it.",
} as const;

/** After an Add: 'Imported 3 articles', '…; 1 was already in your portfolio'. */
export function importedText(added: number, skipped: number): string {
  const imported = `Imported ${added} ${added === 1 ? "article" : "articles"}`;
  if (skipped === 0) return imported;
  return `${imported}; ${skipped} ${skipped === 1 ? "was" : "were"} already in your portfolio`;
}

type AddAnswer = { added: number; skipped: number; job: ImportJob };

/**
 * "Import from a page" on the Clips tab (issue 17; moved from Articles, issue 37): starts a server-side import, follows
 * its progress (it keeps running if the page is closed), and adds the articles the owner selects.
 * It re-reads the job when the live stream says an import changed, whichever process runs it.
 */
export function ImportFromPage({ ownerName }: { ownerName: string }) {
  const send = useAdminApi();
  const toast = useToast();
  const hydrated = useHydrated();
  const ids = { heading: useId(), url: useId(), hint: useId(), progress: useId() };
  const [url, setUrl] = useState("");
  const [job, setJob] = useState<ImportJob | null>(null);
  const [busy, setBusy] = useState(false);
  const [filters, setFilters] = useState<ImportFilters>({ byline: ownerName, from: "", to: "", text: "" });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  /** The last Add's summary, until the next import starts. */
  const [imported, setImported] = useState("");

  // An action's own answer (start, cancel, add…) is newer than a re-read under way, which is dropped.
  const answered = useRef(0);
  const shownJob = useRef<string | undefined>(undefined);
  const show = useCallback((next: ImportJob | null) => {
    answered.current += 1;
    shownJob.current = next?.id;
    setJob(next);
  }, []);

  // One re-read at a time, and one more when a change came during it: a re-read per change could
  // keep overtaking the one before on a slow connection, and the screen would never settle.
  const reading = useRef<{ again: boolean } | null>(null);
  const refresh = useCallback(async () => {
    if (reading.current) {
      reading.current.again = true;
      return;
    }
    const current = { again: true };
    reading.current = current;
    try {
      while (current.again) {
        current.again = false;
        const before = answered.current;
        const read = await apiRequest<ImportJob | { job: ImportJob | null }>(
          `/api/imports/${shownJob.current ?? "latest"}`,
        );
        if (before === answered.current) show("candidates" in read ? read : read.job);
      }
    } catch {
      // The next change tries again; a signed-out owner is sent to sign in by the next write.
    } finally {
      reading.current = null;
    }
  }, [show]);

  useEffect(() => {
    void refresh();
    return () => {
      answered.current += 1;
    };
  }, [refresh]);

  // Changes made while the stream was down arrive when it is back (live-stream.ts).
  useChangeListener(IMPORTS, () => void refresh());

  const running = job !== null && isImportRunning(job);

  async function start(event: FormEvent) {
    event.preventDefault();
    if (busy || running) return;
    setBusy(true);
    const result = await send<ImportJob>("/api/imports", "POST", { url: url.trim() });
    setBusy(false);
    if (!result.ok) {
      if (!result.sessionExpired) toast("error", result.error.fields.url ?? result.error.message);
      return;
    }
    setSelected(new Set());
    setImported("");
    show(result.data);
  }

  async function resume() {
    if (!job) return;
    setBusy(true);
    const result = await send<ImportJob>(`/api/imports/${job.id}/resume`, "POST");
    setBusy(false);
    if (result.ok) {
      show(result.data);
      toast("info", IMPORT_TEXTS.resumed);
    } else if (!result.sessionExpired) toast("error", result.error.message);
  }

  async function cancel() {
    if (!job) return;
    const result = await send<ImportJob>(`/api/imports/${job.id}/cancel`, "POST");
    if (result.ok) {
      show(result.data);
      toast("info", IMPORT_TEXTS.cancelled);
    } else if (!result.sessionExpired) toast("error", result.error.message);
  }

  const shown = useMemo(() => (job ? filterCandidates(job.candidates, filters) : []), [job, filters]);
  const selectable = shown.filter((candidate) => candidate.status === "ready");
  const chosen = selectable.filter((candidate) => selected.has(candidate.id));

  async function add() {
    if (!job || chosen.length === 0) return;
    setBusy(true);
    const result = await send<AddAnswer>(`/api/imports/${job.id}/add`, "POST", {
      candidates: chosen.map((candidate) => candidate.id),
    });
    setBusy(false);
    if (!result.ok) {
      if (!result.sessionExpired) toast("error", result.error.message);
      return;
    }
    show(result.data.job);
    setSelected(new Set());
    const text = importedText(result.data.added, result.data.skipped);
    setImported(text);
    toast("success", text);
  }

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;
  const toggleAll = () =>
    setSelected(allChosen ? new Set() : new Set(selectable.map((candidate) => candidate.id)));
  const setFilter = (name: keyof ImportFilters) => (value: string) =>
    setFilters((current) => ({ ...current, [name]: value }));

  const total = job?.candidates.length ?? 0;
  const shownLine = job ? shownText(job.candidates, shown.length, filters) : "";
  const addButton = (
    <button
      type="button"
      className="button button--primary"
      disabled={busy || chosen.length === 0}
      onClick={() => void add()}
    >
      Add {chosen.length} selected
    </button>
  );
  const read = job?.candidates.filter((candidate) => candidate.status !== "pending").length ?? 0;

  return (
    <section className="import" aria-labelledby={ids.heading}>
      <h3 id={ids.heading}>{IMPORT_TEXTS.heading}</h3>
      <form className="import__start" onSubmit={(event) => void start(event)}>
        <label className="field" htmlFor={ids.url}>
          <span>Page, feed or sitemap URL</span>
          <input
            id={ids.url}
            type="url"
            inputMode="url"
            value={url}
            placeholder="https://outlet.example/authors/your-name"
            aria-describedby={ids.hint}
            onChange={(event) => setUrl(event.target.value)}
          />
        </label>
        <button
          type="submit"
          className="button button--primary"
          disabled={!hydrated || busy || running || !isHttpUrl(url.trim())}
        >
          Find articles
        </button>
        <small id={ids.hint} className="field__hint">
          {IMPORT_TEXTS.hint}
        </small>
      </form>

      {job && (
        <div className="import__job">
          <p className="import__status" role="status" aria-busy={running || undefined}>
            {statusLine(job, read, total)}
          </p>
          {running && (
            <div className="import__progress">
              <progress
                id={ids.progress}
                aria-label="Import progress"
                max={job.status === "discovering" ? undefined : Math.max(total, 1)}
                value={job.status === "discovering" ? undefined : read}
              />
              <button type="button" className="button" onClick={() => void cancel()}>
                Cancel import
              </button>
            </div>
          )}
          {job.status === "interrupted" && (
            <div className="import__resume">
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={() => void resume()}
              >
                Resume import
              </button>
              <button type="button" className="button" disabled={busy} onClick={() => void cancel()}>
                Cancel import
              </button>
            </div>
          )}
        </div>
      )}

      {job && total > 0 && (
        <div className="import__review">
          <fieldset className="import__filters">
            <legend>Show</legend>
            <FilterField label="Byline" value={filters.byline} onChange={setFilter("byline")} />
            <FilterField label="From" type="date" value={filters.from} onChange={setFilter("from")} />
            <FilterField label="To" type="date" value={filters.to} onChange={setFilter("to")} />
            <FilterField label="Text" type="search" value={filters.text} onChange={setFilter("text")} />
          </fieldset>
          {imported ? <p className="import__imported">{imported}.</p> : null}
          {shownLine ? (
            <div className="import__shown">
              <p>{shownLine}</p>
              <button type="button" className="button" onClick={() => setFilters(NO_FILTERS)}>
                Show all
              </button>
            </div>
          ) : null}
          <div className="import__actions">
            <label className="import__all">
              <input
                type="checkbox"
                checked={allChosen}
                disabled={selectable.length === 0}
                onChange={toggleAll}
              />
              Select all shown ({selectable.length})
            </label>
          </div>
          <ul className="import__list" aria-label="Articles found">
            {shown.map((candidate) => (
              <CandidateRow
                key={candidate.id}
                candidate={candidate}
                checked={selected.has(candidate.id)}
                onToggle={() => toggle(candidate.id)}
              />
            ))}
          </ul>
          {/* Below the list, and kept in sight while it scrolls: no climb back to the top to add. */}
          {selectable.length > 0 ? (
            <div className="import__addbar">
              <span>
                {chosen.length} of {selectable.length} selected
              </span>
              {addButton}
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}

function statusLine(job: ImportJob, read: number, total: number): string {
  const failed = job.candidates.filter((candidate) => candidate.status === "failed").length;
  const unreadable = failed > 0 ? `; ${failed} could not be read` : "";
  switch (job.status) {
    case "discovering":
      return IMPORT_TEXTS.discovering;
    case "reading":
      return `Reading ${read} of ${total} articles…`;
    case "done":
      return `Found ${total} ${total === 1 ? "article" : "articles"}${unreadable}.`;
    case "cancelled":
      return `Import cancelled after reading ${read} of ${total} articles.`;
    case "failed":
      return `Could not import from this page: ${job.error}`;
    case "interrupted":
      return total === 0
        ? `Import interrupted while looking for articles. ${IMPORT_TEXTS.interrupted}`
        : `Import interrupted after reading ${read} of ${total} articles. ${IMPORT_TEXTS.interrupted}`;
  }
}

function FilterField(props: {
  label: string;
  value: string;
  type?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  // A date field draws the day in the browser's locale: the site's format follows it, as its description.
  const shown = props.type === "date" && props.value ? formatArticleDate(props.value) : "";
  return (
    <div>
      <label className="field" htmlFor={id}>
        <span>{props.label}</span>
        <input
          id={id}
          type={props.type ?? "text"}
          value={props.value}
          aria-describedby={shown ? `${id}-shown` : undefined}
          onChange={(event) => props.onChange(event.target.value)}
        />
      </label>
      {shown ? (
        <span className="import__date-shown" id={`${id}-shown`}>
          {shown}
        </span>
      ) : null}
    </div>
  );
}

function CandidateRow({
  candidate,
  checked,
  onToggle,
}: {
  candidate: ImportCandidate;
  checked: boolean;
  onToggle: () => void;
}) {
  const titleId = useId();
  const [broken, setBroken] = useState(false);
  const title = candidate.title || candidate.url;
  const meta = [
    candidate.outlet,
    candidate.date && formatArticleDate(candidate.date),
    candidate.author && `by ${candidate.author}`,
  ].filter(Boolean);
  return (
    <li className={`import__item import__item--${candidate.status}`}>
      {candidate.status === "ready" ? (
        <input type="checkbox" checked={checked} onChange={onToggle} aria-labelledby={titleId} />
      ) : (
        <span className="import__mark">{candidate.status === "added" ? "Added" : ""}</span>
      )}
      {candidate.image && !broken ? (
        <img
          src={candidate.image}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          className="import__image"
          onError={() => setBroken(true)}
        />
      ) : (
        <span className="import__image" />
      )}
      <div className="import__text">
        <p id={titleId} className="import__title">
          {title}
        </p>
        {meta.length > 0 && <p className="import__meta">{meta.join(" · ")}</p>}
        {candidate.status === "failed" ? (
          <p className="import__error">
            {candidate.url}: {candidate.error}
          </p>
        ) : candidate.status === "pending" ? (
          <p className="import__meta">{candidate.url}</p>
        ) : (
          candidate.description && <p className="import__description">{candidate.description}</p>
        )}
      </div>
    </li>
  );
}
