import { useEffect, useRef, useState } from "react";
import type { ApiError } from "../api-client";
import { useListWrite } from "./use-list-write";

type ConfirmedDeleteOptions<T> = {
  items: readonly T[];
  keyOf: (item: T) => string;
  /** The API path whose DELETE removes the item. */
  pathOf: (item: T) => string;
  /** The success toast. */
  done: string;
  /** The error toast's text for a refused or failed delete. */
  failed: (error: ApiError) => string;
  /** The element keyboard focus moves to once the item, and the Delete button that was pressed, are gone. */
  focusAfterId: string;
  /** The dialog's confirming button; "Delete" unless the tab calls it something else ("Remove"). */
  confirmLabel?: string;
};

/**
 * Delete with a confirmation, for a list tab (Messages, Media): `ask(key)` opens the dialog
 * (spread `dialog` into a ConfirmDialog), whose Delete sends the request, toasts how it went and
 * re-reads the tab.
 */
export function useConfirmedDelete<T>(options: ConfirmedDeleteOptions<T>) {
  const write = useListWrite();
  const [askedKey, setAskedKey] = useState<string | null>(null);
  const [deletingKey, setDeletingKey] = useState<string | null>(null);
  const focusAfterClose = useRef(false);
  const asked = options.items.find((item) => options.keyOf(item) === askedKey) ?? null;
  const { focusAfterId } = options;

  useEffect(() => {
    // Runs after the dialog has closed (its effect runs first), which hands focus back to the
    // button that opened it: gone with the item.
    if (askedKey === null && focusAfterClose.current) {
      focusAfterClose.current = false;
      document.getElementById(focusAfterId)?.focus();
    }
  }, [askedKey, focusAfterId]);

  async function confirm() {
    if (!asked) return;
    setDeletingKey(options.keyOf(asked));
    focusAfterClose.current = await write(options.pathOf(asked), "DELETE", undefined, {
      done: options.done,
      failed: options.failed,
    });
    setDeletingKey(null);
    setAskedKey(null);
  }

  return {
    /** The item the dialog asks about, if it is open. */
    asked,
    /** The key of the item being deleted, while its request runs. */
    deletingKey,
    ask: setAskedKey,
    dialog: {
      open: asked !== null,
      confirmLabel: options.confirmLabel ?? "Delete",
      busy: deletingKey !== null,
      onConfirm: () => void confirm(),
      onCancel: () => setAskedKey(null),
    },
  };
}
