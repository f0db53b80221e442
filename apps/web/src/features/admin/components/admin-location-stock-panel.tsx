import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { useChangeLocationStock, useProductLocationStock } from '../api/admin-locations';
import { sydneyDateTime } from '../admin-format';
import { AdminLoadState } from './admin-load-state';

const REASON_WORDS: Record<string, string> = {
  transfer: 'Transfer',
  count: 'Count',
  received: 'Received',
  order: 'Order',
  order_released: 'Order released',
  restock: 'Restock',
  import: 'Import',
};

/**
 * The product editor's "Stock by location" panel (issue 41 §2, decision 0069): units on hand at each location, a
 * transfer between two locations, a count at one, and the latest movements with who made them. The total in the
 * editor is their sum; the server refuses a transfer of more than the source holds.
 */
export function AdminLocationStockPanel({ productId }: { productId: number }) {
  const stock = useProductLocationStock(productId);
  const change = useChangeLocationStock(productId);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [note, setNote] = useState('');
  const [countAt, setCountAt] = useState('');
  const [counted, setCounted] = useState('');

  const transfer = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({
      kind: 'transfer',
      body: { from_location_id: Number(from), to_location_id: Number(to), quantity: Number(quantity), note },
    });
  };
  const count = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ kind: 'count', body: { location_id: Number(countAt), on_hand: Number(counted), note } });
  };
  const message =
    change.data?.message ??
    (change.error instanceof ApiError
      ? [change.error.message, ...(change.error.fieldErrors ?? []).map((f) => f.message)]
          .filter((m, i, all) => all.indexOf(m) === i)
          .join(' ')
      : '');

  return (
    <section className="admin-card" aria-labelledby="location-stock-title">
      <h2 id="location-stock-title">Stock by location</h2>
      <AdminLoadState query={stock} what="stock by location">
        {(data) =>
          data.stock === null ? (
            <p>This product does not track stock.</p>
          ) : (
            <>
              <table className="admin-table">
                <caption>{`On hand: ${data.stock} in all`}</caption>
                <thead>
                  <tr>
                    <th scope="col">Location</th>
                    <th scope="col">On hand</th>
                  </tr>
                </thead>
                <tbody>
                  {data.locations.map((l) => (
                    <tr key={l.location_id}>
                      <th scope="row">{l.active ? l.name : `${l.name} (inactive)`}</th>
                      <td data-label="On hand">{l.on_hand}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <form aria-label="Transfer stock" onSubmit={transfer}>
                <h3>Transfer</h3>
                <label htmlFor="transfer-from">From</label>{' '}
                <select id="transfer-from" value={from} onChange={(e) => setFrom(e.target.value)}>
                  <option value="">Choose…</option>
                  {data.locations.map((l) => (
                    <option key={l.location_id} value={l.location_id}>{`${l.name} (${l.on_hand})`}</option>
                  ))}
                </select>{' '}
                <label htmlFor="transfer-to">To</label>{' '}
                <select id="transfer-to" value={to} onChange={(e) => setTo(e.target.value)}>
                  <option value="">Choose…</option>
                  {data.locations
                    .filter((l) => l.active)
                    .map((l) => (
                      <option key={l.location_id} value={l.location_id}>
                        {l.name}
                      </option>
                    ))}
                </select>{' '}
                <label htmlFor="transfer-quantity">Units</label>{' '}
                <input
                  id="transfer-quantity"
                  type="number"
                  min={1}
                  value={quantity}
                  onChange={(e) => setQuantity(e.target.value)}
                />{' '}
                <button type="submit" className="button" disabled={change.isPending || !from || !to}>
                  Move
                </button>
              </form>
              <form aria-label="Count stock" onSubmit={count}>
                <h3>Count</h3>
                <label htmlFor="count-at">At</label>{' '}
                <select id="count-at" value={countAt} onChange={(e) => setCountAt(e.target.value)}>
                  <option value="">Choose…</option>
                  {data.locations.map((l) => (
                    <option key={l.location_id} value={l.location_id}>
                      {l.name}
                    </option>
                  ))}
                </select>{' '}
                <label htmlFor="count-on-hand">Units counted</label>{' '}
                <input
                  id="count-on-hand"
                  type="number"
                  min={0}
                  value={counted}
                  onChange={(e) => setCounted(e.target.value)}
                />{' '}
                <button
                  type="submit"
                  className="button"
                  disabled={change.isPending || !countAt || counted === ''}
                >
                  Save count
                </button>
              </form>
              <p>
                <label htmlFor="stock-note">Note (transfer or count)</label>{' '}
                <input
                  id="stock-note"
                  maxLength={200}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                />
              </p>
              <p role="status">{message}</p>
              <table className="admin-table">
                <caption>Recent movements</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Why</th>
                    <th scope="col">Units</th>
                    <th scope="col">From</th>
                    <th scope="col">To</th>
                    <th scope="col">Who</th>
                    <th scope="col">Note</th>
                  </tr>
                </thead>
                <tbody>
                  {data.movements.map((m) => (
                    <tr key={m.id}>
                      <td data-label="When">{sydneyDateTime(m.created_at)}</td>
                      <td data-label="Why">{REASON_WORDS[m.reason] ?? m.reason}</td>
                      <td data-label="Units">{m.quantity}</td>
                      <td data-label="From">{m.from_location ?? '—'}</td>
                      <td data-label="To">{m.to_location ?? '—'}</td>
                      <td data-label="Who">{m.staff_name || '—'}</td>
                      <td data-label="Note">{m.note}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )
        }
      </AdminLoadState>
    </section>
  );
}
