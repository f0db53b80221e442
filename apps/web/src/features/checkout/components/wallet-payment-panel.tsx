import { formatCents, parseDecimalToCents } from '@store/shared/money';
import { ORDER_MESSAGES, PAYMENT_METHOD_WALLET } from '@store/shared/order-constants';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useStoreConfig } from '@/features/store/api/get-store-config';
import { storeName } from '@/features/store/hooks/use-store-head';
import { ApiError } from '@/lib/api-client';
import { createWalletOrder, type WalletOrder } from '../api/create-wallet-order';
import { approveTestWalletOrder, cancelTestWalletOrder } from '../api/test-wallet';
import { clearCheckoutData, type CheckoutData } from '../checkout-storage';
import {
  isDefinitive,
  usePlaceOrder,
  walletOrderProblem,
  type PaymentProblem,
} from '../hooks/use-place-order';
import { PaymentLayoutProblem } from './payment-layout-problem';
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
 * Wallet payment (SPEC §2 /checkout-paypal-payment, §4 Wallet payment). With the offline test wallet:
 * 'Pay with test wallet' creates the wallet order for the server's total (none when the total is not above
 * zero), the approval window asks the shopper, and Approve places the order with payment_method 'Paypal'
 * and the wallet order as payment_intent_id; the server captures the payment before it keeps the order.
 * Timers: back to /checkout after 5 minutes, saved checkout data removed 5 seconds after the wallet loads
 * (the page already holds what it needs).
 */
export function WalletPaymentPanel({ checkout }: { checkout: CheckoutData }) {
  const navigate = useNavigate();
  const config = useStoreConfig();
  const walletReady = config.data?.wallet_payments === 'test';
  const { isSubmitting, runAttempt, place } = usePlaceOrder(checkout);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  /** The wallet order waiting for the shopper's approval (the approval window is open). */
  const [awaiting, setAwaiting] = useState<WalletOrder | null>(null);
  /**
   * An approved wallet order whose place-order got no final answer (network failure, 5xx): the next click
   * sends it again with the same Idempotency-Key instead of asking the shopper to approve a second payment.
   */
  const retryRef = useRef<string | null>(null);
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
    setProblem(walletOrderProblem(outcome));
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
        setAwaiting(await createWalletOrder(checkout.order.products, undefined, checkout.order.discountPlan));
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

  let wallet;
  if (config.isPending) {
    wallet = (
      <div className="payment-method-loading payment-method-loading--short" role="status">
        <span className="skeleton" aria-hidden="true" />
        <span className="visually-hidden">Loading the wallet…</span>
      </div>
    );
  } else if (walletReady) {
    wallet = (
      <TestWalletButton onClick={onPay} disabled={isSubmitting || awaiting !== null} busy={isSubmitting} />
    );
  } else {
    // PayPal's own button is not wired in yet, or the config could not be read.
    wallet = (
      <p className="notice">
        PayPal is not available right now. <Link to="/checkout-stripe-payment">Pay by card instead</Link>
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
