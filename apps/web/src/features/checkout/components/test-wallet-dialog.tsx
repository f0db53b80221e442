import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import './test-wallet-dialog.css';

export interface TestWalletDialogProps {
  /** The amount the wallet order was created for, as shown ('$123.45'). */
  amount: string;
  storeName: string;
  onApprove: () => void;
  onCancel: () => void;
}

/**
 * The offline test wallet's approval window (DESIGN §3). It stands in for the window in which a shopper
 * approves a payment on PayPal's own site: 'Approve payment of $X to {store}?' with Approve and Cancel.
 * A modal dialog: focus starts on Approve and stays inside, Escape cancels, and focus returns to where it
 * was when the dialog closes.
 */
export function TestWalletDialog({ amount, storeName, onApprove, onCancel }: TestWalletDialogProps) {
  const titleId = useId();
  const textId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const approveRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    approveRef.current?.focus();
    return () => previous?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
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
    <div className="test-wallet-backdrop">
      <div
        ref={dialogRef}
        className="test-wallet-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={onKeyDown}
      >
        <p className="payment-test-badge">Test wallet (test mode)</p>
        <h2 id={titleId} className="test-wallet-dialog__title">
          Approve payment of {amount} to {storeName}?
        </h2>
        <p id={textId} className="test-wallet-dialog__text">
          This window stands in for PayPal in test mode. No real money moves.
        </p>
        <div className="test-wallet-dialog__actions">
          <button ref={approveRef} type="button" className="button" onClick={onApprove}>
            Approve
          </button>
          <button type="button" className="button test-wallet-dialog__cancel" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
