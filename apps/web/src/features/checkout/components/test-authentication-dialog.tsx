import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { TestModeDialog } from './test-mode-dialog';

export interface TestAuthenticationDialogProps {
  /**
   * True while the choice is being sent: both buttons wait. They stay focusable (`aria-disabled`, not
   * `disabled`), so the keyboard focus does not fall out of the dialog meanwhile.
   */
  busy: boolean;
  onComplete: () => void;
  /** Fail authentication, and Escape: a shopper who closes the bank's page has not confirmed. */
  onFail: () => void;
}

/**
 * The offline test card provider's 3-D Secure window (DESIGN §3), standing in for the page on which the
 * card's bank asks the shopper to confirm a payment (test card 4000 0025 0000 3155). 'Complete
 * authentication' confirms it, 'Fail authentication' (or Escape) refuses it; the store then asks the server
 * again, and the server decides whether the order is paid.
 */
export function TestAuthenticationDialog({ busy, onComplete, onFail }: TestAuthenticationDialogProps) {
  return (
    <TestModeDialog
      badge="Test 3-D Secure (test mode)"
      title="Confirm your payment"
      description={
        <>
          <p>{ORDER_MESSAGES.paymentNeedsAction}</p>
          <p>This window stands in for your bank in test mode. No real card is charged.</p>
        </>
      }
      onDismiss={() => {
        if (!busy) onFail();
      }}
    >
      <button
        type="button"
        className="button"
        aria-disabled={busy}
        onClick={() => {
          if (!busy) onComplete();
        }}
      >
        Complete authentication
      </button>
      <button
        type="button"
        className="button test-mode-dialog__secondary"
        aria-disabled={busy}
        onClick={() => {
          if (!busy) onFail();
        }}
      >
        Fail authentication
      </button>
    </TestModeDialog>
  );
}
