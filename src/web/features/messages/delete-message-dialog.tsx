import { useEffect, useId, useRef } from "react";

type DeleteMessageDialogProps = {
  /** The message's subject and sender, or null when closed. */
  target: { subject: string; name: string } | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Confirmation before a message is deleted, on the native modal <dialog>: focus is trapped
 * inside, Escape and the backdrop cancel, and Cancel has the first focus so Enter never deletes.
 */
export function DeleteMessageDialog({ target, busy, onConfirm, onCancel }: DeleteMessageDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  const open = target !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="messages-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <div className="messages-dialog__body">
        <h2 id={titleId} className="messages-dialog__title">
          Delete this message?
        </h2>
        <p id={textId}>
          “{target?.subject}” from {target?.name} will be removed from your inbox. This cannot be undone.
        </p>
        <div className="messages-dialog__actions">
          <button ref={cancelRef} type="button" className="button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="button messages-button--danger" onClick={onConfirm} disabled={busy}>
            {busy ? "Deleting…" : "Delete"}
          </button>
        </div>
      </div>
    </dialog>
  );
}
