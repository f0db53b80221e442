import { RETURN_REASON_LABELS, type OrderReturnAnswer } from '@store/shared/shopper-returns';
import { Link, useLocation } from 'react-router';
import { useMetaDescription } from '@/hooks/use-meta-description';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSession } from '@/stores/session-store';
import './return-order-page.css';

/**
 * The return request's confirmation (issue 37 §3): its number, where the copy was mailed, the items and reason,
 * and what happens next (`returnNextSteps`, the same list as the customer's mail). It shows the form's answer,
 * handed over in the navigation's state: nothing about a request is read by its number, so a reload or a shared
 * link shows only where to find the request (the mail, and the order's page).
 */
export function ReturnSentPage() {
  usePageTitle('Return request sent');
  useMetaDescription('Your return request has been received.');
  const answer = useLocation().state as OrderReturnAnswer | null;
  const session = useSession();
  const request = answer?.data;
  const trackPath = session ? '/order-history' : '/guest-track-order';
  if (!request) {
    return (
      <div className="container page return-sent">
        <h1 className="return-sent__title">Return request</h1>
        <p>
          Your return request&apos;s number and what happens next are in the email we sent you. Your
          order&apos;s page shows the request and its progress.
        </p>
        <p className="return-sent__links">
          <Link to={trackPath}>Find your order</Link> · <Link to="/return-order">Start another return</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="container page return-sent">
      <h1 className="return-sent__title">Return request {request.number} received</h1>
      <p className="return-sent__lead" role="status">
        {answer.message} The copy went to <strong>{request.email}</strong>.
      </p>
      <div className="checkout-card return-sent__card">
        <dl className="return-sent__facts">
          <dt>Request number</dt>
          <dd className="return-sent__number">{request.number}</dd>
          {request.invoice_number && (
            <>
              <dt>Order</dt>
              <dd>{request.invoice_number}</dd>
            </>
          )}
          {request.reason && (
            <>
              <dt>Reason</dt>
              <dd>{RETURN_REASON_LABELS[request.reason]}</dd>
            </>
          )}
        </dl>
        {request.lines.length > 0 && (
          <>
            <h2 className="return-sent__heading">Items to return</h2>
            <ul className="return-sent__lines">
              {request.lines.map((l) => (
                <li key={l.sku}>
                  {l.quantity} × {l.product_title} <span className="return-lines__meta">SKU {l.sku}</span>
                </li>
              ))}
            </ul>
          </>
        )}
        <h2 className="return-sent__heading">What happens next</h2>
        <ol className="return-sent__steps">
          {request.next_steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
      <p className="return-sent__links">
        <Link to={trackPath}>See it on your order&apos;s page</Link> · <Link to="/">Continue shopping</Link>
      </p>
    </div>
  );
}
