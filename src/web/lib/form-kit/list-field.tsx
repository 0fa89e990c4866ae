import { useEffect, useRef, type ReactNode } from "react";

type Focus =
  | { index: number; action: "up" | "down" | "remove" }
  | { index: number; action: "first" }
  | { action: "add" };

export type ListFieldProps<T> = {
  /** The list's visible name ('Bullets', 'Links', 'Details', 'Featured outlets'). */
  legend: string;
  /** One entry, for button names: 'bullet' gives 'Add bullet', 'Move bullet 2 up'. */
  noun: string;
  items: readonly T[];
  onChange: (items: T[]) => void;
  create: () => T;
  max?: number;
  hint?: string;
  error?: string | undefined;
  renderItem: (item: T, index: number, change: (next: T) => void) => ReactNode;
};

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * An editable list: add, remove and reorder entries with buttons. Focus follows the entry that
 * moved, lands on the next entry after a removal and on a new entry's first field, so the
 * whole list works from the keyboard.
 */
export function ListField<T>({
  legend,
  noun,
  items,
  onChange,
  create,
  max,
  hint,
  error,
  renderItem,
}: ListFieldProps<T>) {
  const rootRef = useRef<HTMLFieldSetElement>(null);
  const pendingFocus = useRef<Focus | null>(null);

  useEffect(() => {
    const focus = pendingFocus.current;
    const root = rootRef.current;
    if (!focus || !root) return;
    pendingFocus.current = null;
    const row = "index" in focus ? root.querySelector(`[data-row="${focus.index}"]`) : null;
    const wanted =
      focus.action === "add"
        ? root.querySelector<HTMLElement>("[data-action=add]")
        : focus.action === "first"
          ? row?.querySelector<HTMLElement>("input, textarea")
          : row?.querySelector<HTMLElement>(`[data-action=${focus.action}]:not(:disabled)`);
    (wanted ?? row?.querySelector<HTMLElement>("button:not(:disabled)"))?.focus();
  });

  function move(index: number, by: -1 | 1) {
    onChange(moved(items, index, index + by));
    pendingFocus.current = { index: index + by, action: by === -1 ? "up" : "down" };
  }

  function remove(index: number) {
    onChange(items.filter((_, i) => i !== index));
    pendingFocus.current =
      items.length > 1 ? { index: Math.min(index, items.length - 2), action: "first" } : { action: "add" };
  }

  function add() {
    onChange([...items, create()]);
    pendingFocus.current = { index: items.length, action: "first" };
  }

  const full = max !== undefined && items.length >= max;
  return (
    <fieldset ref={rootRef} className="list-field">
      <legend className="field__label">{legend}</legend>
      {hint ? <small className="field__hint">{hint}</small> : null}
      {items.length === 0 ? <p className="list-field__empty">None yet.</p> : null}
      <ol className="list-field__rows">
        {items.map((item, index) => (
          <li key={index} className="list-field__row" data-row={index}>
            <div className="list-field__item">
              {renderItem(item, index, (next) => onChange(items.map((old, i) => (i === index ? next : old))))}
            </div>
            <div className="list-field__tools">
              {[
                {
                  action: "up",
                  glyph: "↑",
                  name: "up",
                  title: "Move up",
                  off: index === 0,
                  run: () => move(index, -1),
                },
                {
                  action: "down",
                  glyph: "↓",
                  name: "down",
                  title: "Move down",
                  off: index === items.length - 1,
                  run: () => move(index, 1),
                },
                {
                  action: "remove",
                  glyph: "×",
                  name: "",
                  title: "Remove",
                  off: false,
                  run: () => remove(index),
                },
              ].map((tool) => (
                <button
                  key={tool.action}
                  type="button"
                  className={`icon-button${tool.action === "remove" ? " icon-button--danger" : ""}`}
                  data-action={tool.action}
                  aria-label={
                    tool.action === "remove"
                      ? `Remove ${noun} ${index + 1}`
                      : `Move ${noun} ${index + 1} ${tool.name}`
                  }
                  title={tool.title}
                  disabled={tool.off}
                  onClick={tool.run}
                >
                  {tool.glyph}
                </button>
              ))}
            </div>
          </li>
        ))}
      </ol>
      {error ? <small className="field__error">{error}</small> : null}
      <button type="button" className="button button--small" data-action="add" onClick={add} disabled={full}>
        + Add {noun}
      </button>
      {full ? <small className="field__hint">At most {max} entries.</small> : null}
    </fieldset>
  );
}
