import { useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import { useFocusFirstInvalid } from "../../lib/form-kit/use-focus-invalid";

type ListItemProps = {
  title: string;
  meta: string;
  badge?: string | undefined;
  /** A line under the heading, such as 'New experience - Save to sort chronologically'. */
  note?: string | undefined;
  /** The section's own status line for this item (ListExtras.itemStatus). */
  status?: ReactNode;
  expanded: boolean;
  /** False until the page has hydrated: the heading button cannot open the editor before. */
  interactive: boolean;
  dirty: boolean;
  busy: "saving" | "deleting" | undefined;
  /** The server's reason when it refused the last save. */
  refusal?: { message: string } | undefined;
  /** Move focus to the editor's first field when it opens (a just-added item). */
  focusFirstField: boolean;
  onToggle: () => void;
  onSave: () => void;
  onDiscard: () => void;
  onDelete: () => void;
  children: ReactNode;
};

/** One entry of a manager: a heading button that expands it, and when expanded its editor. */
export function ListItem(props: ListItemProps) {
  const {
    title,
    meta,
    badge,
    note,
    status,
    expanded,
    interactive,
    dirty,
    busy,
    refusal,
    focusFirstField,
    onToggle,
    onSave,
    onDiscard,
    onDelete,
    children,
  } = props;
  const panelId = useId();
  const panelRef = useRef<HTMLFormElement>(null);

  useFocusFirstInvalid(panelRef, refusal);
  useEffect(() => {
    if (expanded && focusFirstField)
      panelRef.current?.querySelector<HTMLElement>("input, textarea, select")?.focus();
  }, [expanded, focusFirstField]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (dirty && !busy) onSave();
  }

  return (
    <li className={`item${expanded ? " item--expanded" : ""}${note ? " item--pinned" : ""}`}>
      <div className="item__head">
        <h3 className="item__heading">
          <button
            type="button"
            className="item__toggle"
            aria-expanded={expanded}
            aria-controls={expanded ? panelId : undefined}
            onClick={onToggle}
            disabled={!interactive}
          >
            <span className="item__chevron" aria-hidden="true" />
            <span className="item__title">{title}</span>
            <span className="item__meta">{meta}</span>
          </button>
        </h3>
        {badge || dirty ? (
          <div className="item__badges">
            {badge ? <span className="badge">{badge}</span> : null}
            {dirty ? <span className="badge badge--dirty">Unsaved changes</span> : null}
          </div>
        ) : null}
        {note ? <p className="item__note">{note}</p> : null}
        {status ? <div className="item__status">{status}</div> : null}
      </div>
      {expanded ? (
        <form ref={panelRef} id={panelId} className="item__panel" noValidate onSubmit={submit}>
          {children}
          {refusal ? <p className="form-error">{refusal.message}</p> : null}
          <div className="action-bar">
            <button type="submit" className="button button--primary" disabled={!dirty || busy !== undefined}>
              {busy === "saving" ? "Saving…" : "Save"}
            </button>
            <button
              type="button"
              className="button"
              disabled={!dirty || busy !== undefined}
              onClick={onDiscard}
            >
              Discard changes
            </button>
            <button
              type="button"
              className="button button--danger action-bar__end"
              disabled={busy !== undefined}
              onClick={onDelete}
            >
              Delete
            </button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
