import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './test-mode-dialog.css';

export interface TestModeDialogProps {
  /** The test-mode label at the top, e.g. 'Test wallet (test mode)'. */
  badge: string;
  title: ReactNode;
  /** What the window stands in for, and what pressing each button does. */
  description: ReactNode;
  /** Escape: the shopper closes the window without choosing (cancel, or fail). */
  onDismiss: () => void;
  /** The action buttons; the first one has the focus when the window opens. */
  children: ReactNode;
}

/**
 * The window of an offline test provider (DESIGN §3), standing in for a provider's popup (PayPal's
 * approval) or the bank's page (3-D Secure). A modal dialog, marked as a test: focus starts on the first
 * button and stays inside, Escape dismisses, and focus returns to where it was when the dialog closes.
 */
export function TestModeDialog({ badge, title, description, onDismiss, children }: TestModeDialogProps) {
  const titleId = useId();
  const textId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.querySelector<HTMLElement>('button')?.focus();
    return () => previous?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDismiss();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>('button') ?? []);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="test-mode-backdrop">
      <div
        ref={dialogRef}
        className="test-mode-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={onKeyDown}
      >
        <p className="payment-test-badge">
          <span aria-hidden="true">⚠</span> {badge}
        </p>
        <h2 id={titleId} className="test-mode-dialog__title">
          {title}
        </h2>
        <div id={textId} className="test-mode-dialog__text">
          {description}
        </div>
        <div className="test-mode-dialog__actions">{children}</div>
      </div>
    </div>
  );
}
