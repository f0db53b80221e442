import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { Link } from 'react-router';
import { useStoreConfig } from '@/lib/api/get-store-config';

/**
 * Said where the card form would be when the store takes no card payments (`card_payments: 'off'`), or
 * the card provider's script could not load: the shared words, and the way to PayPal while it is on.
 */
export function CardPaymentsOffNotice() {
  const config = useStoreConfig();
  return (
    <p className="notice">
      {ORDER_MESSAGES.cardPaymentsOff}
      {config.data?.wallet_payments !== 'off' && (
        <Link to="/checkout-paypal-payment">Pay with PayPal instead</Link>
      )}
    </p>
  );
}
