import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface AdminDialogProps {
  title: string;
  /** Escape, the close button or a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
}

/**
 * A back-office modal dialog (issue 36 §4) on the native `<dialog>` and `showModal()`: the browser keeps focus
 * inside, makes the page behind inert, and closes it on Escape; focus goes back where it was when it closes.
 */
export function AdminDialog({ title, onClose, children }: AdminDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal: the tests read an open dialog all the same.
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => previous?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      className="admin-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="admin-dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button admin-button--secondary" onClick={onClose}>
          Close
        </button>
      </div>
      {children}
    </dialog>
  );
}
