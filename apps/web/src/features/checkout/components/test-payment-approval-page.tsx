import { formatCents } from '@store/shared/money';
import { PAGES, paymentReturnPath } from '@store/shared/paths';
import {
  instalmentLine,
  instalmentOffer,
  PAYMENT_METHOD_KIND_NAMES,
} from '@store/shared/payment-method-rules';
import { paymentIdOfClientSecret } from '@store/shared/test-payments';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { authenticateTestCardPayment, failTestCardPayment } from '../api/test-card';
import { readPendingPayment } from '../pending-payment-storage';
import './payment-redirect-pages.css';

/**
 * The offline test provider's approval page (`PAGES.testPaymentApproval`, issue 40 §4), standing in for
 * Afterpay's or Zip's own page when the store runs without keys: '{Afterpay|Zip} (test mode)', the amount and,
 * for Afterpay, its instalments, and Approve / Decline. The choice goes to the test provider through the test card
 * routes (authenticate / fail, with the kept attempt's client secret), then the shopper returns to the payment
 * return page as the provider would send them: `?order=…&redirect_status=succeeded|failed`. The server decides.
 */
export function TestPaymentApprovalPage() {
  const navigate = useNavigate();
  const [pending] = useState(() => readPendingPayment());
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A new page for the shopper's eyes and their screen reader alike.
  useEffect(() => headingRef.current?.focus(), []);

  if (!pending || (pending.kind !== 'afterpay_clearpay' && pending.kind !== 'zip')) {
    return (
      <div className="container page payment-redirect">
        <section className="payment-redirect__card">
          <h1 ref={headingRef} tabIndex={-1}>
            No payment to approve
          </h1>
          <p>There is no test payment waiting for approval in this browser.</p>
          <p>
            <Link className="button" to={PAGES.cart.path}>
              Back to your cart
            </Link>
          </p>
        </section>
      </div>
    );
  }

  const name = PAYMENT_METHOD_KIND_NAMES[pending.kind];
  const totalCents = pending.checkout.totals.totalCents;
  const offer =
    pending.kind === 'afterpay_clearpay'
      ? instalmentOffer(totalCents, ['afterpay_clearpay'], { tradeAccount: false })
      : null;
  const { clientSecret, orderId } = pending;

  async function answer(approved: boolean) {
    if (busy) return;
    setBusy(true);
    const paymentId = paymentIdOfClientSecret(clientSecret);
    try {
      if (paymentId) {
        if (approved) await authenticateTestCardPayment(paymentId, clientSecret);
        else await failTestCardPayment(paymentId, clientSecret);
      }
    } catch {
      // Whatever the test provider said, the return page asks the server, which has the final word.
    }
    const status = approved ? 'succeeded' : 'failed';
    void navigate(`${paymentReturnPath(orderId ?? '')}&redirect_status=${status}`, { replace: true });
  }

  return (
    <div className="container page payment-redirect">
      <section className="payment-redirect__card" aria-labelledby="test-approval-title">
        <p className="payment-test-badge">
          <span aria-hidden="true">⚠</span> Test mode — nothing is charged
        </p>
        <h1 id="test-approval-title" ref={headingRef} tabIndex={-1}>
          {name} (test mode)
        </h1>
        <p className="payment-redirect__muted">
          This page stands in for {name}'s own page, where you would sign in and approve the payment.
        </p>
        <div>
          <p className="payment-redirect__muted">Amount to pay</p>
          <p className="payment-redirect__amount">{formatCents(totalCents)}</p>
          {offer && <p>{instalmentLine(offer)}</p>}
        </div>
        <div className="payment-redirect__actions">
          <button type="button" className="button" aria-disabled={busy} onClick={() => void answer(true)}>
            Approve
          </button>
          <button
            type="button"
            className="button button-secondary"
            aria-disabled={busy}
            onClick={() => void answer(false)}
          >
            Decline
          </button>
        </div>
      </section>
    </div>
  );
}
