import { WalletIcon } from '@/components/wallet-icon';
import './test-wallet-button.css';

export interface TestWalletButtonProps {
  onClick: () => void;
  disabled: boolean;
  busy: boolean;
}

/**
 * The offline test wallet's button (DESIGN §3), where PayPal's button goes when the store has PayPal keys.
 * Marked as a test so no shopper mistakes it for a real wallet.
 */
export function TestWalletButton({ onClick, disabled, busy }: TestWalletButtonProps) {
  return (
    <div className="test-wallet">
      <p className="payment-test-badge">
        <span aria-hidden="true">⚠</span> Test wallet (test mode)
      </p>
      <button
        type="button"
        className="button payment-pay-button test-wallet-button"
        onClick={onClick}
        disabled={disabled}
      >
        {!busy && <WalletIcon />}
        {busy ? 'Processing...' : 'Pay with test wallet'}
      </button>
    </div>
  );
}
