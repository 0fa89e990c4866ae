import { useEffect, useId, useRef, useState } from "react";
import { useLiveUpdates } from "../../lib/use-live-updates";
import type { ListConfig, ListExtras, StoredItem } from "./list-config";
import { ListItem } from "./list-item";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { LoadFailedNotice } from "../../lib/dashboard/load-failed";
import { useLastLoaded, useLoadFailureToast, type LoadFailed } from "../../lib/dashboard/load-state";
import { useListEditor } from "./use-list-editor";
import { useHydrated } from "../../lib/use-hydrated";
import "../../lib/dashboard/manager.css";

type CollectionManagerProps<TItem extends StoredItem, TDraft, TInput> = {
  heading: string;
  config: ListConfig<TItem, TDraft, TInput>;
  /** The section loader's data: the list, or word that re-reading it failed. */
  data: { items: readonly TItem[] } | LoadFailed;
  extras?: ListExtras<TItem>;
};

const NO_ITEMS: readonly never[] = [];

/** The shared shell of the Experiences, Education and Articles managers (docs/product.md, Sign-in and dashboard). */
export function ListManager<TItem extends StoredItem, TDraft, TInput>({
  heading,
  config,
  data,
  extras = {},
}: CollectionManagerProps<TItem, TDraft, TInput>) {
  useLiveUpdates([config.topic, ...(extras.live ?? [])]);
  const shown = useLastLoaded("items" in data ? data.items : undefined);
  const editor = useListEditor(config, shown ?? NO_ITEMS);
  useLoadFailureToast("loadFailedAt" in data ? data.loadFailedAt : undefined, editor.texts.loadFailed);
  const [confirmId, setConfirmId] = useState<string | null>(null);
  const [filterIndex, setFilterIndex] = useState(0);
  const filters = extras.filters ?? [];
  const filter = filters[filterIndex];
  // An item being worked on stays in view when it leaves the filter (a fixed link, say).
  const rows = filter
    ? editor.rows.filter(
        (row) => filter.includes(row.item) || row.pinned || row.dirty || row.item.id === editor.expandedId,
      )
    : editor.rows;
  const addRef = useRef<HTMLButtonElement>(null);
  const focusAddAfterClose = useRef(false);
  const headingId = useId();
  const hydrated = useHydrated();
  const Editor = config.Editor;

  useEffect(() => {
    // Runs after the dialog has closed (its effect runs first), so focus is not trapped any more.
    if (confirmId === null && focusAddAfterClose.current) {
      focusAddAfterClose.current = false;
      addRef.current?.focus();
    }
  }, [confirmId]);

  const confirming = editor.rows.find((row) => row.item.id === confirmId);
  async function confirmDelete() {
    if (!confirmId) return;
    focusAddAfterClose.current = await editor.remove(confirmId);
    setConfirmId(null);
  }

  const { singular, plural } = config.words;
  return (
    <section className="manager" aria-labelledby={headingId}>
      <div className="manager__head">
        <h2 id={headingId}>{heading}</h2>
        <p className="manager__count">
          {editor.rows.length} {editor.rows.length === 1 ? "item" : "items"}
        </p>
        {extras.tools}
        <button
          ref={addRef}
          type="button"
          className="button button--primary"
          onClick={() => {
            // A new item shows in the full list.
            setFilterIndex(0);
            void editor.add();
          }}
          disabled={!hydrated || editor.adding || shown === undefined}
        >
          {editor.adding ? "Adding…" : `Add ${singular}`}
        </button>
      </div>
      {filters.length > 1 && shown !== undefined ? (
        <div className="manager__filters" role="group" aria-label={`Show ${plural}`}>
          {filters.map((entry, index) => (
            <button
              key={entry.label}
              type="button"
              className="manager__filter"
              aria-pressed={index === filterIndex}
              disabled={!hydrated}
              onClick={() => setFilterIndex(index)}
            >
              {entry.label}{" "}
              <span className="manager__filter-count">
                ({editor.rows.filter((row) => entry.includes(row.item)).length})
              </span>
            </button>
          ))}
        </div>
      ) : null}
      {shown === undefined ? (
        <LoadFailedNotice message={editor.texts.loadFailed} />
      ) : editor.rows.length === 0 ? (
        <p className="manager__empty">
          No {plural} yet. Use “Add {singular}” to create the first one.
        </p>
      ) : rows.length === 0 ? (
        <p className="manager__empty">No {plural} to show here.</p>
      ) : (
        <ul className="items">
          {rows.map((row) => {
            const summary = config.summary(row.draft, editor.now);
            const id = row.item.id;
            return (
              <ListItem
                key={id}
                title={summary.title}
                meta={summary.meta}
                badge={summary.badge}
                note={row.pinned ? config.newNote : undefined}
                status={extras.itemStatus?.(row.item)}
                expanded={editor.expandedId === id}
                interactive={hydrated}
                dirty={row.dirty}
                busy={row.busy}
                refusal={row.refusal}
                focusFirstField={editor.justAdded === id}
                onToggle={() => editor.toggle(id)}
                onSave={() => void editor.save(id)}
                onDiscard={() => editor.discard(id)}
                onDelete={() => setConfirmId(id)}
              >
                <Editor
                  draft={row.draft}
                  onChange={(draft) => editor.change(id, draft)}
                  errors={row.refusal?.fields ?? {}}
                  now={editor.now}
                  createdAt={row.item.createdAt}
                />
              </ListItem>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== undefined}
        title={`Delete “${confirming ? config.summary(confirming.draft, editor.now).title : ""}”?`}
        message="It will be removed from your site. This cannot be undone."
        confirmLabel="Delete"
        busy={confirming?.busy === "deleting"}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirmId(null)}
      />
    </section>
  );
}
