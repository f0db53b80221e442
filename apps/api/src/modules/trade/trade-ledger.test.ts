/** The ledger's allocation (issue 39 §4): payments pay the oldest invoices first; balance, overdue and ageing agree. */
import { describe, expect, it } from 'vitest';
import { summariseLedger, type LedgerEntry } from './trade-ledger';

let id = 0;
const invoice = (amountCents: number, entryDay: string, dueDay: string): LedgerEntry => ({
  id: ++id,
  kind: 'invoice',
  orderId: id,
  orderPublicId: `o${id}`,
  invoiceNumber: `INV-${id}`,
  purchaseOrderNumber: null,
  placedBy: 'Pat',
  amountCents,
  reference: `INV-${id}`,
  entryDay,
  dueDay,
});
const payment = (amountCents: number, entryDay: string): LedgerEntry => ({
  ...invoice(0, entryDay, entryDay),
  kind: 'payment',
  orderId: null,
  amountCents: -amountCents,
  dueDay: null,
});

describe('summariseLedger', () => {
  it('allocates payments to the oldest due invoices and ages what is left', () => {
    const entries = [
      invoice(10_000, '2026-08-01', '2026-09-30'),
      invoice(5_000, '2026-10-01', '2026-11-30'),
      invoice(2_000, '2026-11-20', '2026-12-31'),
      payment(12_000, '2026-11-25'),
    ];
    const s = summariseLedger(entries, '2026-12-03');
    expect(s.balanceCents).toBe(5_000);
    expect(s.openItems.map((o) => [o.entry.amountCents, o.openCents, o.bucket])).toEqual([
      [5_000, 3_000, '1_30'],
      [2_000, 2_000, 'current'],
    ]);
    expect(s.overdueCents).toBe(3_000);
    expect(s.ageing).toEqual({ current: 2_000, '1_30': 3_000, '31_60': 0, '61_90': 0, '90_plus': 0 });
  });

  it('a payment ahead leaves nothing open and a negative balance', () => {
    const s = summariseLedger(
      [invoice(1_000, '2026-11-01', '2026-12-31'), payment(1_500, '2026-11-02')],
      '2026-12-03',
    );
    expect(s).toMatchObject({ balanceCents: -500, overdueCents: 0, openItems: [] });
  });
});
