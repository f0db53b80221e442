import './test-wallet-button.css';

export interface TestWalletButtonProps {
  onClick: () => void;
  disabled: boolean;
  busy: boolean;
}

function WalletIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M4 7h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4z M4 7V6a2 2 0 0 1 2-2h10v3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <circle cx="16" cy="13" r="1.4" fill="currentColor" />
    </svg>
  );
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
