import { formatCents, parseDecimalToCents } from '@store/shared/money';
import { ORDER_MESSAGES, PAYMENT_METHOD_WALLET } from '@store/shared/order-constants';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useStoreConfig } from '@/lib/api/get-store-config';
import { storeName } from '@/hooks/use-store-head';
import { ApiError } from '@/lib/api-client';
import { createWalletOrder, walletDeliveryOf, type WalletOrder } from '../api/create-wallet-order';
import { approveTestWalletOrder, cancelTestWalletOrder } from '../api/test-wallet';
import { clearCheckoutData, type CheckoutData } from '../checkout-storage';
import {
  isDefinitive,
  usePlaceOrder,
  walletOrderProblem,
  type PaymentProblem,
} from '../hooks/use-place-order';
import { PaymentLayoutProblem } from './payment-layout-problem';
import { PayPalWalletButtons, type PayPalWalletHandlers } from './paypal-wallet-buttons';
import { TestWalletButton } from './test-wallet-button';
import { TestWalletDialog } from './test-wallet-dialog';

/** SPEC §2, §9: after 5 minutes on the wallet page the shopper goes back to /checkout. */
export const WALLET_PAGE_TIMEOUT_MS = 300_000;
/** SPEC §4, §9: the saved checkout data is removed 5 seconds after the wallet option loads. */
export const WALLET_CHECKOUT_DATA_TTL_MS = 5_000;

/** '123.45' -> '$123.45', as the wallet order states it (the server's total, not the browser's). */
function walletAmount(order: WalletOrder): string {
  const cents = parseDecimalToCents(order.amount);
  return cents === null ? `${order.amount} ${order.currency}` : formatCents(cents);
}

/** Creating the wallet order failed: the server's reason for a refusal it explains, else the SPEC's. */
function walletCreateProblem(error: unknown): PaymentProblem {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return { message: error.message };
  }
  return { message: ORDER_MESSAGES.walletError };
}

/**
 * Wallet payment (SPEC §2 /checkout-paypal-payment, §4 Wallet payment), with the wallet the store config
 * names (`wallet_payments`). Either way the wallet order is created on the server for its own total (none
 * when the total is not above zero), the shopper approves it, and the order is placed with payment_method
 * 'Paypal' and the wallet order as payment_intent_id; the server captures the payment before it keeps the
 * order. 'test': 'Pay with test wallet' and the test approval window. 'paypal': PayPal's button, whose
 * createOrder answers our server's wallet order id. 'off': a notice, with the way to pay by card.
 * A place-order answer that is not final (network, 5xx, `payment_pending`) keeps the approved wallet order:
 * the next press sends it again with the same Idempotency-Key, never a second approval.
 * Timers: back to /checkout after 5 minutes, saved checkout data removed 5 seconds after the wallet loads
 * (the page already holds what it needs).
 */
export function WalletPaymentPanel({ checkout }: { checkout: CheckoutData }) {
  const navigate = useNavigate();
  const config = useStoreConfig();
  const walletMode = config.data?.wallet_payments;
  const walletReady = walletMode === 'test' || walletMode === 'paypal';
  const { isSubmitting, runAttempt, place } = usePlaceOrder(checkout);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  /** The wallet order waiting for the shopper's approval (the approval window is open). */
  const [awaiting, setAwaiting] = useState<WalletOrder | null>(null);
  /**
   * An approved wallet order whose place-order got no final answer (network failure, 5xx): the next click
   * sends it again with the same Idempotency-Key instead of asking the shopper to approve a second payment.
   */
  const retryRef = useRef<string | null>(null);
  const [retryPending, setRetryPending] = useState(false);
  /** Set when creating the PayPal order failed and the page said why, so PayPal's onError says no more. */
  const explainedRef = useRef(false);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!walletReady) return;
    const timer = setTimeout(clearCheckoutData, WALLET_CHECKOUT_DATA_TTL_MS);
    return () => clearTimeout(timer);
  }, [walletReady]);

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), WALLET_PAGE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  // A payment in flight at the 5-minute mark finishes first: leaving mid-way would hide its result.
  // After a success `isSubmitting` stays true and the page goes to /thank-you instead.
  useEffect(() => {
    if (timedOut && !isSubmitting) void navigate('/checkout', { replace: true });
  }, [timedOut, isSubmitting, navigate]);

  async function placeWith(walletOrderId: string) {
    const outcome = await place({ payment_method: PAYMENT_METHOD_WALLET, payment_intent_id: walletOrderId });
    retryRef.current = isDefinitive(outcome) ? null : walletOrderId;
    setRetryPending(retryRef.current !== null);
    setProblem(walletOrderProblem(outcome));
  }

  /** Sends the approved wallet order again (same key) after an answer that was not final. */
  function onRetry() {
    const approved = retryRef.current;
    if (!approved) return;
    setProblem(null);
    void runAttempt(() => placeWith(approved));
  }

  function onPay() {
    setProblem(null);
    if (checkout.totals.totalCents <= 0) {
      setProblem({ message: ORDER_MESSAGES.walletTotalZero });
      return;
    }
    void runAttempt(async () => {
      const approved = retryRef.current;
      if (approved) {
        await placeWith(approved);
        return;
      }
      try {
        setAwaiting(
          await createWalletOrder(
            checkout.order.products,
            undefined,
            checkout.order.discountPlan,
            checkout.order.discount_code,
            walletDeliveryOf(checkout.order),
          ),
        );
      } catch (error) {
        setProblem(walletCreateProblem(error));
      }
    });
  }

  function onApprove() {
    const order = awaiting;
    if (!order) return;
    setAwaiting(null);
    void runAttempt(async () => {
      try {
        await approveTestWalletOrder(order.wallet_order_id);
      } catch {
        setProblem({ message: ORDER_MESSAGES.walletError });
        return;
      }
      await placeWith(order.wallet_order_id);
    });
  }

  function onCancel() {
    const order = awaiting;
    setAwaiting(null);
    // Nothing was charged; if the cancel call fails the unapproved wallet order simply expires.
    if (order) void cancelTestWalletOrder(order.wallet_order_id).catch(() => undefined);
    setProblem({ message: ORDER_MESSAGES.walletCancelled, tone: 'info' });
  }

  /** PayPal's button: the same steps, with PayPal's popup as the approval window. */
  const payPal: PayPalWalletHandlers = {
    onClick(_data, actions) {
      setProblem(null);
      explainedRef.current = false;
      if (checkout.totals.totalCents <= 0) {
        setProblem({ message: ORDER_MESSAGES.walletTotalZero });
        return actions.reject();
      }
      return actions.resolve();
    },
    async createOrder() {
      try {
        const order = await createWalletOrder(
          checkout.order.products,
          undefined,
          checkout.order.discountPlan,
          checkout.order.discount_code,
          walletDeliveryOf(checkout.order),
        );
        return order.wallet_order_id;
      } catch (error) {
        explainedRef.current = true;
        setProblem(walletCreateProblem(error));
        throw error;
      }
    },
    async onApprove(data) {
      await runAttempt(() => placeWith(data.orderID));
    },
    onCancel() {
      setProblem({ message: ORDER_MESSAGES.walletCancelled, tone: 'info' });
    },
    onError() {
      if (explainedRef.current) return;
      setProblem({ message: ORDER_MESSAGES.walletError });
    },
  };

  let wallet;
  if (config.isPending) {
    wallet = (
      <div className="payment-method-loading payment-method-loading--short" role="status">
        <span className="skeleton" aria-hidden="true" />
        <span className="visually-hidden">Loading the wallet…</span>
      </div>
    );
  } else if (walletMode === 'test') {
    wallet = (
      <TestWalletButton onClick={onPay} disabled={isSubmitting || awaiting !== null} busy={isSubmitting} />
    );
  } else if (walletMode === 'paypal' && retryPending) {
    // The shopper has approved already: asking again must not open PayPal for a second approval.
    wallet = (
      <button type="button" className="button payment-pay-button" onClick={onRetry} disabled={isSubmitting}>
        {isSubmitting ? 'Processing...' : `Pay ${formatCents(checkout.totals.totalCents)}`}
      </button>
    );
  } else if (walletMode === 'paypal') {
    wallet = <PayPalWalletButtons disabled={isSubmitting} {...payPal} />;
  } else {
    // The wallet is off, or the config could not be read.
    wallet = (
      <p className="notice">
        {ORDER_MESSAGES.walletPaymentsOff}
        {config.data?.card_payments !== 'off' && (
          <Link to="/checkout-stripe-payment">Pay by card instead</Link>
        )}
      </p>
    );
  }

  return (
    <div className="payment-method-form">
      {wallet}
      <PaymentLayoutProblem problem={problem} />
      <p className="payment-note">For your security, this page returns to checkout after 5 minutes.</p>
      {awaiting && (
        <TestWalletDialog
          amount={walletAmount(awaiting)}
          storeName={storeName(config.data)}
          onApprove={onApprove}
          onCancel={onCancel}
        />
      )}
    </div>
  );
}
