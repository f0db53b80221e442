import { TestModeDialog } from './test-mode-dialog';

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
 * Escape cancels.
 */
export function TestWalletDialog({ amount, storeName, onApprove, onCancel }: TestWalletDialogProps) {
  return (
    <TestModeDialog
      badge="Test wallet (test mode)"
      title={`Approve payment of ${amount} to ${storeName}?`}
      description={<p>This window stands in for PayPal in test mode. No real money moves.</p>}
      onDismiss={onCancel}
    >
      <button type="button" className="button" onClick={onApprove}>
        Approve
      </button>
      <button type="button" className="button test-mode-dialog__secondary" onClick={onCancel}>
        Cancel
      </button>
    </TestModeDialog>
  );
}
