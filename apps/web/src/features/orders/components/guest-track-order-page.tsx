import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { useTrackOrder } from '../api/track-order';
import { ORDER_NOT_FOUND } from '../order-fields';
import { OrderQueryResult } from './order-query-result';
import './guest-track-order-page.css';

/**
 * Guest order tracking (SPEC §2 /guest-track-order, §4 Guest tracking: idle, loading, found, not found).
 * The order id lives in the query string: `?id=` looks the order up as the page opens, and submitting the
 * form puts the id there, so a result can be bookmarked or shared. The input has no validation (SPEC §5).
 */
export function GuestTrackOrderPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const [text, setText] = useState(id);
  // Back and Forward change the id in the address: the input follows it.
  const [shownId, setShownId] = useState(id);
  if (shownId !== id) {
    setShownId(id);
    setText(id);
  }
  const lookup = useTrackOrder(id);
  const loading = lookup.isFetching;
  const inputId = useId();
  const headingId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const wanted = text.trim();
    if (wanted === '') return;
    if (wanted === id) void lookup.refetch();
    else setParams({ id: wanted });
  }

  let status = '';
  if (loading) status = 'Loading...';
  else if (lookup.data) status = `Order ${lookup.data.invoice_number} found.`;
  // Other failures announce themselves through their own alert.
  else if (lookup.error instanceof ApiError && lookup.error.status === 404) status = ORDER_NOT_FOUND;

  return (
    <div className="container page track-order">
      <section className="track-order__search" aria-labelledby={headingId}>
        <h1 id={headingId} className="track-order__title">
          Track Order
        </h1>
        <p className="track-order__intro">Enter the order id from your order confirmation.</p>
        <form className="track-order__form" onSubmit={onSubmit}>
          <label htmlFor={inputId}>Order id</label>
          <div className="track-order__controls">
            <input
              id={inputId}
              className="track-order__input"
              type="text"
              name="id"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <button type="submit" className="button" disabled={loading}>
              {loading ? 'Loading...' : 'Track Order'}
            </button>
          </div>
        </form>
      </section>

      <p className="visually-hidden" role="status">
        {status}
      </p>
      {id !== '' && !loading && <OrderQueryResult order={lookup.data} error={lookup.error} />}
    </div>
  );
}
