import { useEffect, useId, useRef } from 'react';

/**
 * A question before what cannot be undone (deleting an address): the browser's modal <dialog>, so the
 * page behind is inert, Tab stays inside and Escape answers "no". "No" has the focus when it opens (the
 * safe answer under a stray Enter); where the focus goes after is the caller's (`onCancel`, `onConfirm`).
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      cancel.current?.focus();
    } else if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        // Escape: closed by the caller's state, like every other way out.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{text}</p>
      <div className="confirm-dialog__actions">
        <button ref={cancel} type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => !busy && onConfirm()}
          aria-disabled={busy || undefined}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
