import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

export type DropdownOption = { value: string; label: string };

export type FilterDropdownProps = {
  /** The visible label above the button ('Type', 'Publication'). */
  label: string;
  options: readonly DropdownOption[];
  value: string;
  onChange: (value: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Extra class on the wrapper, for styling one dropdown. */
  className?: string;
};

/**
 * A select-like button with a listbox popup (WAI-ARIA listbox pattern). Arrow keys, Home/End
 * and typing a letter move through the options, Enter or Space chooses, Escape, Tab or a click
 * outside closes it. Escape is handled here and not passed on, so the surrounding overlay stays
 * open. The open state belongs to the parent, which needs to know whether Escape is ours.
 */
export function FilterDropdown({
  label,
  options,
  value,
  onChange,
  open,
  onOpenChange,
  className,
}: FilterDropdownProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const buttonId = `${id}-button`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const selectedIndex = Math.max(
    0,
    options.findIndex((option) => option.value === value),
  );
  const [active, setActive] = useState(selectedIndex);
  const selected = options.find((option) => option.value === value);

  // Opening starts at the chosen option and puts focus in the list.
  useEffect(() => {
    if (!open) return;
    setActive(selectedIndex);
    list.current?.focus({ preventScroll: true });
    // Only on opening: later changes of the selection happen while it closes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // Keep the active option in view when the list scrolls.
  useEffect(() => {
    if (!open) return;
    list.current
      ?.querySelector<HTMLElement>(`[data-index="${active}"]`)
      ?.scrollIntoView({ block: "nearest" });
  }, [open, active]);

  // A press anywhere outside closes the list without moving focus.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => document.removeEventListener("pointerdown", onPointerDown, true);
  }, [open, onOpenChange]);

  const close = (refocus: boolean) => {
    onOpenChange(false);
    if (refocus) button.current?.focus({ preventScroll: true });
  };

  const choose = (index: number) => {
    const option = options[index];
    if (option) onChange(option.value);
    close(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      onOpenChange(true);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = options.length - 1;
    const move = (index: number) => {
      event.preventDefault();
      setActive(Math.min(last, Math.max(0, index)));
    };
    switch (event.key) {
      case "ArrowDown":
        return move(active + 1);
      case "ArrowUp":
        return move(active - 1);
      case "Home":
      case "PageUp":
        return move(0);
      case "End":
      case "PageDown":
        return move(last);
      case "Enter":
      case " ":
        event.preventDefault();
        return choose(active);
      case "Escape":
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case "Tab":
        // Focus moves on to the next control; the list just closes.
        return onOpenChange(false);
      default:
        if (
          event.key.length === 1 &&
          /\S/.test(event.key) &&
          !event.altKey &&
          !event.ctrlKey &&
          !event.metaKey
        ) {
          const letter = event.key.toLowerCase();
          const order = [...options.keys()].map((offset) => (active + 1 + offset) % options.length);
          const match = order.find((index) => options[index]!.label.toLowerCase().startsWith(letter));
          if (match !== undefined) move(match);
        }
    }
  };

  return (
    <div
      className={className ? `pf-dropdown ${className}` : "pf-dropdown"}
      ref={root}
      data-open={open || undefined}
    >
      <span className="pf-label" id={labelId}>
        {label}
      </span>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className="pf-dropdown__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-labelledby={`${labelId} ${buttonId}`}
        onClick={() => onOpenChange(!open)}
        onKeyDown={onButtonKeyDown}
      >
        <span className="pf-dropdown__value">{selected?.label ?? value}</span>
        <span className="pf-dropdown__chevron" aria-hidden="true" />
      </button>
      <ul
        ref={list}
        id={listId}
        role="listbox"
        // Focused while open (and hidden while closed, so never an extra Tab stop). A list of
        // many outlets scrolls, and a scrolling region must be reachable by keyboard (axe).
        tabIndex={0}
        className="pf-dropdown__list"
        aria-labelledby={labelId}
        aria-activedescendant={open ? optionId(active) : undefined}
        hidden={!open}
        onKeyDown={onListKeyDown}
        // Choosing with the pointer must not take focus out of the list before the click lands.
        onMouseDown={(event) => event.preventDefault()}
        onBlur={(event) => {
          if (!root.current?.contains(event.relatedTarget as Node | null)) onOpenChange(false);
        }}
      >
        {options.map((option, index) => (
          <li
            key={option.value}
            id={optionId(index)}
            role="option"
            data-index={index}
            aria-selected={option.value === value}
            className="pf-dropdown__option"
            data-active={index === active || undefined}
            onPointerMove={() => setActive(index)}
            onClick={() => choose(index)}
          >
            {option.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
