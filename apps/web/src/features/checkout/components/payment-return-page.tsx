import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { guestTrackOrderPath, PAGES } from '@store/shared/paths';
import { PAYMENT_METHOD_KIND_NAMES, PAYMENT_METHOD_MESSAGES } from '@store/shared/payment-method-rules';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { placeOrder } from '../api/place-order';
import { saveCheckoutData } from '../checkout-storage';
import { cardOrderProblem, finishOrder, isDefinitive, type PaymentProblem } from '../hooks/use-place-order';
import { clearPendingPayment, readPendingPayment, type PendingPayment } from '../pending-payment-storage';
import type { CardPaymentPageState } from './card-payment-panel';
import { PaymentLayoutProblem } from './payment-layout-problem';
import './payment-layout.css';
import './payment-redirect-pages.css';

/** How many times the return page asks while the server has no final word yet (`payment_pending`). */
export const RETURN_PAGE_TRIES = 4;
/** Between two of those asks, ms: the provider's webhook or status usually lands within seconds. */
export const RETURN_PAGE_RETRY_MS = 2000;

type View =
  | { kind: 'confirming' }
  /** Nothing kept in this browser (another browser, or more than an hour later): the order page tells the rest. */
  | { kind: 'unknown' }
  /** Still no final word after every try: the attempt stays kept, a reload asks again. */
  | { kind: 'pending'; pending: PendingPayment }
  /** A final refusal other than a decline (prices changed, out of stock, …), explained as the card page does. */
  | { kind: 'problem'; problem: PaymentProblem };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The payment return page (`PAGES.paymentReturn`, issue 40 §4), where Afterpay and Zip (or the test provider's
 * approval page) send the shopper back with `?order=<public id>&redirect_status=…`. It sends the kept place-order
 * again with its Idempotency-Key (pending-payment-storage.ts), so the server resumes the held order: paid ends the
 * checkout as a card does (thank-you page, cart cleared); declined goes back to the card payment page with
 * 'Payment error: {message}' and the cart as it was; no final word yet is asked again a few times, then said.
 * Without a kept attempt it says the payment is being confirmed and links to the order's page.
 */
export function PaymentReturnPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  /** The attempt kept before leaving, when it is this order's (read once, as the page opens). */
  const [pending] = useState(() => {
    const kept = readPendingPayment();
    return kept && (orderId === '' || kept.orderId === null || kept.orderId === orderId) ? kept : null;
  });
  const [view, setView] = useState<View>(pending ? { kind: 'confirming' } : { kind: 'unknown' });
  /** One confirmation per visit: React's development double effects must not send it twice at once. */
  const started = useRef(false);

  useEffect(() => {
    if (!pending || started.current) return;
    started.current = true;
    void (async () => {
      for (let attempt = 1; ; attempt++) {
        const outcome = await placeOrder(pending.body, pending.idempotencyKey);
        if (outcome.kind === 'placed') {
          clearPendingPayment();
          finishOrder(outcome, pending.checkout.totals.totalCents, navigate);
          return;
        }
        if (!isDefinitive(outcome)) {
          if (attempt < RETURN_PAGE_TRIES) {
            await wait(RETURN_PAGE_RETRY_MS);
            continue;
          }
          setView({ kind: 'pending', pending });
          return;
        }
        // Final: the attempt is over. The checkout comes back so the shopper can pay another way.
        clearPendingPayment();
        saveCheckoutData(pending.checkout);
        if (outcome.kind === 'payment_refused') {
          const state: CardPaymentPageState = {
            paymentProblem: {
              message: ORDER_MESSAGES.paymentError(
                outcome.message ?? PAYMENT_METHOD_MESSAGES.declined(pending.kind),
              ),
            },
          };
          void navigate(PAGES.cardPayment.path, { replace: true, state });
          return;
        }
        const problem = cardOrderProblem(outcome) ?? { message: ORDER_MESSAGES.cardFailed };
        setView({ kind: 'problem', problem });
        return;
      }
    })();
  }, [navigate, pending]);

  const trackLink = orderId ? guestTrackOrderPath(orderId) : PAGES.guestTrackOrder.path;

  return (
    <div className="container page payment-redirect">
      <section className="payment-redirect__card" aria-live="polite">
        {view.kind === 'confirming' && (
          <>
            <span className="payment-redirect__spinner" aria-hidden="true" />
            <h1>Confirming your payment…</h1>
            <p className="payment-redirect__muted">Please keep this page open. It takes a few seconds.</p>
          </>
        )}
        {view.kind === 'unknown' && (
          <>
            <h1>Your payment is being confirmed</h1>
            <p>
              We could not find this payment in this browser, so we cannot finish it here. Your order's page
              shows whether it has been paid; we also email you once it is.
            </p>
            <CheckYourOrder to={trackLink} />
          </>
        )}
        {view.kind === 'pending' && (
          <>
            <h1>We are still confirming your payment</h1>
            <p>
              {PAYMENT_METHOD_KIND_NAMES[view.pending.kind]} has not told us the result yet. Your order is
              held and you will not be charged twice: reload this page in a minute to check again, or see your
              order's page.
            </p>
            <CheckYourOrder to={trackLink} />
          </>
        )}
        {view.kind === 'problem' && (
          <>
            <h1>Your order was not placed</h1>
            <PaymentLayoutProblem problem={view.problem} />
            <p>
              <Link to={PAGES.cardPayment.path}>Back to payment</Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}

/** The way out when this browser cannot finish the payment: the order's tracking page. */
function CheckYourOrder({ to }: { to: string }) {
  return (
    <p>
      <Link className="button" to={to}>
        Check your order
      </Link>
    </p>
  );
}
