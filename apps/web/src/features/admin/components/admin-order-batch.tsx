import {
  FULFILMENT_LABELS,
  FULFILMENT_MAX_ORDERS,
  type AdminBatchStatusAnswer,
  type BatchStatusMove,
} from '@store/shared/admin-fulfilment';
import type { AdminOrderRow } from '@store/shared/admin-orders';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { downloadFulfilmentPdf, useBatchMoveOrders, type FulfilmentDocument } from '../api/admin-fulfilment';
import { AdminBatchMoveDialog, AdminBatchShipDialog } from './admin-batch-dialogs';
import './admin-order-batch.css';

/** The orders ticked on /admin/orders, by public id, kept while the list pages, sorts or filters. */
export interface OrderSelection {
  rows: ReadonlyMap<string, AdminOrderRow>;
  has: (publicId: string) => boolean;
  toggle: (row: AdminOrderRow, on: boolean) => void;
  /** Ticks or unticks every row given (the page shown). */
  setAll: (rows: readonly AdminOrderRow[], on: boolean) => void;
  /** Unticks these orders (those a batch moved), or every order. */
  clear: (publicIds?: readonly string[]) => void;
}

/** The selection's state (issue 36 §4): a map of ticked rows, oldest tick first. */
export function useOrderSelection(): OrderSelection {
  const [rows, setRows] = useState<ReadonlyMap<string, AdminOrderRow>>(new Map());
  const change = (edit: (next: Map<string, AdminOrderRow>) => void) =>
    setRows((current) => {
      const next = new Map(current);
      edit(next);
      return next;
    });
  return {
    rows,
    has: (id) => rows.has(id),
    toggle: (row, on) => change((next) => (on ? next.set(row.public_id, row) : next.delete(row.public_id))),
    setAll: (page, on) =>
      change((next) => {
        for (const row of page) {
          if (on) next.set(row.public_id, row);
          else next.delete(row.public_id);
        }
      }),
    clear: (ids) => (ids ? change((next) => ids.forEach((id) => next.delete(id))) : setRows(new Map())),
  };
}

/** The table's first column: a tick box per order, named after its order number. */
export function selectionColumn(selection: OrderSelection): ColumnDef<AdminOrderRow, unknown> {
  return {
    id: 'select',
    header: () => <span className="visually-hidden">Select</span>,
    cell: (c) => {
      const row = c.row.original;
      return (
        <input
          type="checkbox"
          className="admin-order-select"
          checked={selection.has(row.public_id)}
          onChange={(e) => selection.toggle(row, e.target.checked)}
          aria-label={`Select order ${row.invoice_number}`}
        />
      );
    },
    meta: { label: 'Select' },
  };
}

type Feedback = {
  kind: 'success' | 'error';
  text: string;
  refused?: AdminBatchStatusAnswer['results'];
} | null;

const failure = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : 'Something went wrong.';

/**
 * The batch bar above /admin/orders (issue 36 §4): "Select all on this page", how many are selected, and what to do
 * with them — print packing slips or the pick list (PDF downloads), mark them shipped with a carrier and tracking
 * number each, or move them all to another status. A batch answer lists each order it could not move and why;
 * the moved ones leave the selection, the refused ones stay ticked.
 */
export function AdminOrderBatchBar({
  pageRows,
  selection,
}: {
  pageRows: readonly AdminOrderRow[];
  selection: OrderSelection;
}) {
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [busy, setBusy] = useState<FulfilmentDocument | null>(null);
  const [dialog, setDialog] = useState<'ship' | 'move' | null>(null);
  const batch = useBatchMoveOrders();
  // By order number: the slips come out, and the dialog lists them, in the order the orders came in.
  const selected = [...selection.rows.values()].sort((a, b) =>
    a.invoice_number.localeCompare(b.invoice_number, 'en-AU', { numeric: true }),
  );
  const count = selected.length;
  const allOnPage = pageRows.length > 0 && pageRows.every((r) => selection.has(r.public_id));
  const tooMany = count > FULFILMENT_MAX_ORDERS;

  const print = async (document: FulfilmentDocument) => {
    setFeedback(null);
    setBusy(document);
    try {
      const name = await downloadFulfilmentPdf(
        document,
        selected.map((r) => r.public_id),
      );
      setFeedback({ kind: 'success', text: `Downloaded ${name} (${count} order${count === 1 ? '' : 's'}).` });
    } catch (error) {
      setFeedback({ kind: 'error', text: failure(error) });
    } finally {
      setBusy(null);
    }
  };

  const move = (moves: BatchStatusMove[]) => {
    setFeedback(null);
    batch.mutate(moves, {
      onSuccess: (answer) => {
        setDialog(null);
        selection.clear(answer.results.filter((r) => r.moved).map((r) => r.order));
        const refused = answer.results.filter((r) => !r.moved);
        setFeedback({
          kind: refused.length === 0 ? 'success' : 'error',
          text: answer.message,
          refused,
        });
      },
      onError: (error) => setFeedback({ kind: 'error', text: failure(error) }),
    });
  };

  return (
    <div className="admin-order-batch" role="group" aria-label="Selected orders">
      <div className="admin-order-batch__bar">
        <label className="admin-order-batch__all">
          <input
            type="checkbox"
            checked={allOnPage}
            disabled={pageRows.length === 0}
            onChange={(e) => selection.setAll(pageRows, e.target.checked)}
          />
          Select all on this page
        </label>
        <span className="admin-order-batch__count">
          {count === 0 ? 'No orders selected' : `${count} order${count === 1 ? '' : 's'} selected`}
        </span>
        <div className="admin-order-batch__actions">
          <button
            type="button"
            className="button"
            disabled={count === 0 || tooMany || busy !== null}
            onClick={() => void print('packing-slips')}
          >
            {busy === 'packing-slips' ? 'Preparing…' : FULFILMENT_LABELS.packingSlips}
          </button>
          <button
            type="button"
            className="button"
            disabled={count === 0 || tooMany || busy !== null}
            onClick={() => void print('pick-list')}
          >
            {busy === 'pick-list' ? 'Preparing…' : FULFILMENT_LABELS.pickList}
          </button>
          <button
            type="button"
            className="button admin-button--secondary"
            disabled={count === 0 || tooMany}
            onClick={() => {
              batch.reset();
              setDialog('ship');
            }}
          >
            {`${FULFILMENT_LABELS.batchShip}…`}
          </button>
          <button
            type="button"
            className="button admin-button--secondary"
            disabled={count === 0 || tooMany}
            onClick={() => {
              batch.reset();
              setDialog('move');
            }}
          >
            {`${FULFILMENT_LABELS.batchMove}…`}
          </button>
          {count > 0 && (
            <button
              type="button"
              className="button admin-button--secondary"
              onClick={() => selection.clear()}
            >
              Clear selection
            </button>
          )}
        </div>
      </div>
      <div role="status" className="admin-order-batch__feedback">
        {tooMany && <p>Select at most {FULFILMENT_MAX_ORDERS} orders at a time.</p>}
        {feedback && (
          <div className={`admin-order-batch__message admin-order-batch__message--${feedback.kind}`}>
            <p>{feedback.text}</p>
            {feedback.refused && feedback.refused.length > 0 && (
              <ul>
                {feedback.refused.map((r) => (
                  <li key={r.order}>
                    <strong>{r.invoice_number ?? r.order}</strong>: {r.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
      {dialog === 'ship' && (
        <AdminBatchShipDialog
          orders={selected}
          pending={batch.isPending}
          error={batch.error ? failure(batch.error) : null}
          onSubmit={move}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'move' && (
        <AdminBatchMoveDialog
          orders={selected}
          pending={batch.isPending}
          error={batch.error ? failure(batch.error) : null}
          onSubmit={move}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
