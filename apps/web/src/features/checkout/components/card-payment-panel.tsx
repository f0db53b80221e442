import { buysAsBusiness } from '@store/shared/buys-as-business';
import { formatCents } from '@store/shared/money';
import { ORDER_MESSAGES, PAYMENT_METHOD_CARD } from '@store/shared/order-constants';
import { approvesByRedirect, type PaymentMethodContext } from '@store/shared/payment-method-rules';
import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useTradeAccount } from '@/lib/api/get-trade-account';
import type { CheckoutData } from '../checkout-storage';
import { savePendingPayment } from '../pending-payment-storage';
import {
  cardOrderProblem,
  isDefinitive,
  usePlaceOrder,
  type OrderPayment,
  type PaymentProblem,
} from '../hooks/use-place-order';
import type { CardBillingDetails, CardFormHandle, CreatedPaymentMethod } from './card-form-props';
import { CardPaymentForm } from './card-payment-form';
import { PaymentLayoutProblem } from './payment-layout-problem';

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <rect x="5" y="11" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** How many times one Pay press lets the bank ask for 3-D Secure before it stops and says so. */
export const MAX_AUTHENTICATION_ROUNDS = 3;

/** The billing address of the saved checkout, as the card provider keeps it with the card. */
function billingDetailsOf(order: CheckoutData['order']): CardBillingDetails {
  return {
    name: [order.f_name, order.l_name].filter(Boolean).join(' '),
    email: order.email ?? '',
    phone: order.phone ?? '',
    address: {
      line1: order.street_address ?? '',
      city: order.city ?? '',
      state: order.state ?? '',
      postal_code: order.post_code ?? '',
      country: 'AU',
    },
  };
}

/**
 * What the card payment page says after a payment approved away from it came back declined (issue 40): the return
 * page sends the shopper here with the problem in the navigation state.
 */
export interface CardPaymentPageState {
  paymentProblem?: PaymentProblem;
}

function problemOfState(state: unknown): PaymentProblem | null {
  const problem = (state as CardPaymentPageState | null)?.paymentProblem;
  return problem && typeof problem.message === 'string' ? problem : null;
}

/**
 * The order as the payment method rules see it (issue 40 §2): delivered, never a pre-order on this page, in AUD,
 * and a trade buyer's when the signed-in member belongs to a trade account that is approved or suspended (as the
 * checkout's "On account" choice and the server's place-order count them). Null while that is being read.
 */
function usePaymentMethodContext(checkout: CheckoutData): PaymentMethodContext | null {
  const trade = useTradeAccount();
  const status = trade.data?.status;
  const tradeAccount = buysAsBusiness(status);
  const loading = trade.isLoading;
  const totalCents = checkout.totals.totalCents;
  return useMemo(
    () => (loading ? null : { currency: 'AUD', totalCents, delivered: true, tradeAccount, preOrder: false }),
    [loading, totalCents, tradeAccount],
  );
}

/**
 * Card payment (SPEC §2 /checkout-stripe-payment, §4 Card payment): the card form, then 'Pay ${total}'.
 * Paying creates the card's payment method in the browser ('Payment error: {message}' when the card is
 * refused there), then places the order with payment_method 'Stripe' and the payment method id. The button
 * reads 'Processing...' and is disabled while paying, and until the card form is ready.
 * When the server answers `requires_action`, the card form completes the bank's check (3-D Secure) and the
 * same order is sent again with the same Idempotency-Key, up to 3 times; the server then says paid or
 * declined. After `payment_pending` the card stays locked and the next Pay press asks again.
 * Issue 40: the form offers the ways to pay the rules allow for this order (cards, Apple Pay, Google Pay, Afterpay,
 * Zip); for Afterpay and Zip the attempt is kept (pending-payment-storage.ts) and the shopper goes to approve it
 * on the provider's page, coming back to the payment return page.
 */
export function CardPaymentPanel({ checkout }: { checkout: CheckoutData }) {
  const cardRef = useRef<CardFormHandle>(null);
  const [ready, setReady] = useState(false);
  const location = useLocation();
  const [problem, setProblem] = useState<PaymentProblem | null>(() => problemOfState(location.state));
  const { isSubmitting, runAttempt, place, openRequest } = usePlaceOrder(checkout);
  const context = usePaymentMethodContext(checkout);
  /** The payment method of an attempt whose answer was unsure; the card fields stay locked until it ends. */
  const retryMethodRef = useRef<CreatedPaymentMethod | null>(null);
  const [retryPending, setRetryPending] = useState(false);
  const onReadyChange = useCallback((next: boolean) => setReady(next), []);
  const billing = useMemo(() => billingDetailsOf(checkout.order), [checkout.order]);

  function pay(express: CreatedPaymentMethod | null) {
    void runAttempt(async () => {
      setProblem(null);
      const card = cardRef.current;
      if (!card) return;
      // A retry after an unsure answer resends the same payment method with the same Idempotency-Key, so
      // the server replays its first answer instead of seeing a new order (and charging twice).
      let method = retryMethodRef.current ?? express;
      if (!method) {
        const created = await card.createPaymentMethod();
        if ('error' in created) {
          setProblem({ message: ORDER_MESSAGES.paymentError(created.error) });
          return;
        }
        method = created;
      }
      const payment: OrderPayment = {
        payment_method: PAYMENT_METHOD_CARD,
        stripePaymentMethodId: method.paymentMethodId,
        payment_method_type: method.kind,
      };
      let outcome = await place(payment);
      if (outcome.kind === 'requires_action' && approvesByRedirect(method.kind)) {
        const request = openRequest();
        if (request) {
          savePendingPayment({
            ...request,
            checkout,
            kind: method.kind,
            orderId: outcome.orderId,
            clientSecret: outcome.clientSecret,
          });
          // Leaves the page when it works; an answer means the shopper could not go, and the next Pay press
          // asks the server again with the same key.
          const left = await card.approveByRedirect(outcome.clientSecret);
          if ('error' in left) {
            retryMethodRef.current = method;
            setRetryPending(true);
            setProblem({ message: ORDER_MESSAGES.paymentError(left.error) });
          }
          return;
        }
      }
      for (let round = 1; outcome.kind === 'requires_action' && round <= MAX_AUTHENTICATION_ROUNDS; round++) {
        setProblem({ message: ORDER_MESSAGES.paymentNeedsAction, tone: 'info' });
        // Whatever the browser saw, the server decides: it checks the payment again and answers paid,
        // declined (authentication failed) or requires_action once more.
        await card.handleNextAction(outcome.clientSecret);
        outcome = await place(payment);
      }
      retryMethodRef.current = isDefinitive(outcome) ? null : method;
      setRetryPending(retryMethodRef.current !== null);
      setProblem(cardOrderProblem(outcome));
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready) return;
    pay(null);
  }

  return (
    <form className="payment-method-form" onSubmit={onSubmit} noValidate>
      <CardPaymentForm
        ref={cardRef}
        onReadyChange={onReadyChange}
        disabled={isSubmitting || retryPending}
        billing={billing}
        context={context}
        onExpressPay={pay}
      />
      <button type="submit" className="button payment-pay-button" disabled={!ready || isSubmitting}>
        {isSubmitting ? 'Processing...' : `Pay ${formatCents(checkout.totals.totalCents)}`}
      </button>
      <PaymentLayoutProblem problem={problem} />
      <p className="payment-secure-note">
        <LockIcon /> Your card details go only to the payment provider, never to our store.
      </p>
    </form>
  );
}
