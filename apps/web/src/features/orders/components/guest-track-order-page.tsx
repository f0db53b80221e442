import { ORDER_MESSAGES, ORDER_NUMBER_LABEL } from '@store/shared/order-constants';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { useTrackOrder, type TrackOrderLookup } from '../api/track-order';
import { ORDER_NOT_FOUND } from '@/lib/order-fields';
import { OrderQueryResult } from './order-query-result';
import './guest-track-order-page.css';

/** The email field's label on this page. */
export const TRACK_EMAIL_LABEL = 'Email';

type FieldErrors = { id?: string; email?: string };

/**
 * Guest order tracking (SPEC §2 /guest-track-order, §4 Guest tracking: idle, loading, found, not found; issue 34
 * §6). The form takes the order number people are given (INV-001001, in any case) and the email the order was
 * placed with; both are needed, and both go in the request's body, never in the address (decision 0044: addresses
 * are logged). The public id of the order mail's link still works: `?id=` looks the order up alone as the page
 * opens, as before. A wrong email reads 'No Order Found', as an unknown number does.
 */
export function GuestTrackOrderPage() {
  const [params, setParams] = useSearchParams();
  const urlId = params.get('id')?.trim() ?? '';
  const [lookup, setLookup] = useState<TrackOrderLookup | null>(urlId ? { id: urlId } : null);
  const [number, setNumber] = useState(urlId);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // Back and Forward change the id in the address: the page looks that order up again.
  const [shownUrlId, setShownUrlId] = useState(urlId);
  if (shownUrlId !== urlId) {
    setShownUrlId(urlId);
    if (urlId) {
      setNumber(urlId);
      setLookup({ id: urlId });
    }
  }
  const query = useTrackOrder(lookup);
  const loading = query.isFetching;
  const numberId = useId();
  const emailId = useId();
  const numberErrorId = useId();
  const emailErrorId = useId();
  const headingId = useId();
  const numberInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const wanted = { id: number.trim(), email: email.trim() };
    const found: FieldErrors = {
      ...(wanted.id === '' ? { id: ORDER_MESSAGES.trackNumberRequired } : {}),
      ...(wanted.email === '' ? { email: ORDER_MESSAGES.trackEmailRequired } : {}),
    };
    setErrors(found);
    if (found.id) return numberInput.current?.focus();
    if (found.email) return emailInput.current?.focus();
    // The link's id leaves the address: what is shown now is this lookup's answer.
    if (urlId) setParams({}, { replace: true });
    if (lookup?.id === wanted.id && lookup.email === wanted.email) void query.refetch();
    else setLookup(wanted);
  }

  let status = '';
  if (loading) status = 'Loading...';
  else if (query.data) status = `${ORDER_NUMBER_LABEL} ${query.data.invoice_number} found.`;
  // Other failures announce themselves through their own alert.
  else if (query.error instanceof ApiError && query.error.status === 404) status = ORDER_NOT_FOUND;

  return (
    <div className="container page track-order">
      <section className="track-order__search" aria-labelledby={headingId}>
        <h1 id={headingId} className="track-order__title">
          Track Order
        </h1>
        <p className="track-order__intro">
          Enter your order number (such as INV-001001, in your order confirmation) and the email address you
          ordered with.
        </p>
        <form className="track-order__form" onSubmit={onSubmit} noValidate>
          <div className="track-order__field">
            <label htmlFor={numberId}>{ORDER_NUMBER_LABEL}</label>
            <input
              ref={numberInput}
              id={numberId}
              className="track-order__input"
              type="text"
              name="order_number"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="INV-001001"
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              aria-invalid={errors.id ? true : undefined}
              aria-describedby={errors.id ? numberErrorId : undefined}
            />
            {errors.id && (
              <p id={numberErrorId} className="track-order__error">
                {errors.id}
              </p>
            )}
          </div>
          <div className="track-order__field">
            <label htmlFor={emailId}>{TRACK_EMAIL_LABEL}</label>
            <input
              ref={emailInput}
              id={emailId}
              className="track-order__input"
              type="email"
              name="email"
              autoComplete="email"
              spellCheck={false}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? emailErrorId : undefined}
            />
            {errors.email && (
              <p id={emailErrorId} className="track-order__error">
                {errors.email}
              </p>
            )}
          </div>
          <div className="track-order__controls">
            <button type="submit" className="button" disabled={loading}>
              {loading ? 'Loading...' : 'Track Order'}
            </button>
          </div>
        </form>
      </section>

      <p className="visually-hidden" role="status">
        {status}
      </p>
      {lookup !== null && !loading && (
        <OrderQueryResult
          order={query.data}
          error={query.error}
          notFoundHint={ORDER_MESSAGES.trackNotFoundHint}
          lookupEmail={lookup.email}
        />
      )}
    </div>
  );
}
