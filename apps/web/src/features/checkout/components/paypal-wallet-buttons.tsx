import {
  PayPalButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
  type PayPalButtonsComponentProps,
  type ReactPayPalScriptOptions,
} from '@paypal/react-paypal-js';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useStoreConfig } from '@/lib/api/get-store-config';
import { usePayPalClientId } from '../api/get-paypal-client-id';

/** What the wallet page does at each step of PayPal's button (PayPal's own callback shapes). */
export type PayPalWalletHandlers = Required<
  Pick<PayPalButtonsComponentProps, 'onClick' | 'createOrder' | 'onApprove' | 'onCancel' | 'onError'>
>;

export interface PayPalWalletButtonsProps extends PayPalWalletHandlers {
  /** True while an order is being placed: PayPal greys its button out. */
  disabled: boolean;
}

/** The page's store charges in AUD (SPEC §9); PayPal's script and the server's PayPal order agree on it. */
export const PAYPAL_CURRENCY = 'AUD';

function Loading() {
  return (
    <div className="payment-method-loading payment-method-loading--short" role="status">
      <span className="skeleton" aria-hidden="true" />
      <span className="visually-hidden">Loading PayPal…</span>
    </div>
  );
}

/** PayPal could not be had: the SPEC's words, and the way to pay by card while cards are on. */
function Unavailable() {
  const config = useStoreConfig();
  return (
    <p className="notice notice--error">
      {ORDER_MESSAGES.walletError}
      {config.data?.card_payments !== 'off' && <Link to="/checkout-stripe-payment">Pay by card instead</Link>}
    </p>
  );
}

/**
 * PayPal's own button (SPEC §2 /checkout-paypal-payment, §4 Wallet payment) when the store has PayPal keys
 * (`wallet_payments: 'paypal'`). It reads PayPal's public client id from `/api/encrypted-paypal-keys`,
 * then loads PayPal's script (a remote script: only this page renders this) for AUD, intent capture, the
 * buttons component, card and pay-later funding off (SPEC §2). A client id or script that cannot be had
 * shows 'An error occurred with PayPal. Please try again later.' (SPEC §8).
 */
export function PayPalWalletButtons(props: PayPalWalletButtonsProps) {
  const clientId = usePayPalClientId();
  const options = useMemo<ReactPayPalScriptOptions | null>(
    () =>
      clientId.data
        ? {
            clientId: clientId.data,
            currency: PAYPAL_CURRENCY,
            intent: 'capture',
            components: 'buttons',
            disableFunding: 'card,paylater',
          }
        : null,
    [clientId.data],
  );
  if (clientId.isPending) return <Loading />;
  if (!options) return <Unavailable />;
  return (
    <PayPalScriptProvider options={options}>
      <PayPalButtonsOnceLoaded {...props} />
    </PayPalScriptProvider>
  );
}

function PayPalButtonsOnceLoaded({ disabled, ...handlers }: PayPalWalletButtonsProps) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isPending) return <Loading />;
  if (isRejected) return <Unavailable />;
  return (
    <PayPalButtons
      className="paypal-wallet-buttons"
      style={{ layout: 'vertical', color: 'gold', shape: 'rect', label: 'paypal', height: 48 }}
      disabled={disabled}
      {...handlers}
    />
  );
}
