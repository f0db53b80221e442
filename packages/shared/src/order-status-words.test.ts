import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, allowedOrderMoves } from './admin-orders';
import { PAYMENT_STATUSES } from './order-constants';
import {
  SHOPPER_ORDER_STATUS_WORDS,
  orderProgress,
  orderStatusWords,
  paymentStatusWords,
} from './order-status-words';

const dates = {
  received_at: '2026-03-02T01:00:00.000Z',
  paid_at: '2026-03-02T01:00:05.000Z',
  shipped_at: '2026-03-03T04:00:00.000Z',
  delivered_at: null,
};

describe('orderStatusWords (issue 37 §2)', () => {
  it('says a paid order still pending in the back office is paid and being prepared, never "pending"', () => {
    expect(orderStatusWords({ status: 'pending', payment_status: 'completed' })).toBe(
      'Paid — being prepared',
    );
    expect(orderStatusWords({ status: 'processing', payment_status: 'completed' })).toBe(
      'Paid — being prepared',
    );
  });

  it('words each stage of an order as the issue lists them', () => {
    expect(orderStatusWords({ status: 'pending', payment_status: 'pending' })).toBe('Received');
    expect(orderStatusWords({ status: 'shipped', payment_status: 'completed' })).toBe('Shipped');
    expect(orderStatusWords({ status: 'delivered', payment_status: 'completed' })).toBe('Delivered');
    expect(orderStatusWords({ status: 'cancelled', payment_status: 'pending' })).toBe('Cancelled');
    expect(orderStatusWords({ status: 'cancelled', payment_status: 'refunded' })).toBe('Refunded');
    expect(orderStatusWords({ status: 'delivered', payment_status: 'refunded' })).toBe('Refunded');
    expect(orderStatusWords({ status: 'delivered', payment_status: 'partially_refunded' })).toBe(
      'Partly refunded',
    );
    expect(orderStatusWords({ status: 'pending', payment_status: 'failed' })).toBe('Payment failed');
  });

  it('never shows a stored value raw, for every status and payment status the store has', () => {
    const words = new Set(Object.values(SHOPPER_ORDER_STATUS_WORDS));
    for (const status of [...ORDER_STATUSES, 'something-new']) {
      for (const payment_status of [...PAYMENT_STATUSES, 'something-new']) {
        expect(words.has(orderStatusWords({ status, payment_status }))).toBe(true);
        expect(paymentStatusWords(payment_status)).not.toMatch(/_|^[a-z]/);
      }
    }
    expect(paymentStatusWords('completed')).toBe('Paid');
    expect(paymentStatusWords('pending')).toBe('Awaiting payment');
  });
});

describe('orderProgress', () => {
  it('marks the steps reached and the current one, with the dates known', () => {
    const steps = orderProgress({ status: 'shipped', payment_status: 'completed' }, dates);
    expect(steps?.map((s) => [s.label, s.state, s.date])).toEqual([
      ['Received', 'done', dates.received_at],
      ['Paid', 'done', dates.paid_at],
      ['Shipped', 'current', dates.shipped_at],
      ['Delivered', 'todo', null],
    ]);
  });

  it('puts a paid order on Paid, an unpaid one on Received, and gives no date for a step not reached', () => {
    const unpaid = orderProgress({ status: 'pending', payment_status: 'pending' }, dates);
    expect(unpaid?.find((s) => s.state === 'current')?.key).toBe('received');
    expect(unpaid?.[1]?.date).toBeNull();
    const paid = orderProgress({ status: 'pending', payment_status: 'completed' }, null);
    expect(paid?.find((s) => s.state === 'current')?.key).toBe('paid');
    expect(paid?.every((s) => s.date === null)).toBe(true);
  });

  it('has no line for an order that left it, and one step current for every order still on it', () => {
    expect(orderProgress({ status: 'cancelled', payment_status: 'pending' }, dates)).toBeNull();
    expect(orderProgress({ status: 'delivered', payment_status: 'refunded' }, dates)).toBeNull();
    expect(orderProgress({ status: 'pending', payment_status: 'failed' }, dates)).toBeNull();
    for (const status of ORDER_STATUSES) {
      for (const payment_status of PAYMENT_STATUSES) {
        const steps = orderProgress({ status, payment_status }, dates);
        if (steps) expect(steps.filter((s) => s.state === 'current')).toHaveLength(1);
      }
    }
  });

  it('moves forward along the back office moves: a move never takes a shopper back a step', () => {
    const at = (status: string) =>
      orderProgress({ status, payment_status: 'completed' }, dates)?.findIndex((s) => s.state === 'current');
    for (const from of ORDER_STATUSES) {
      for (const to of allowedOrderMoves(from, 'completed')) {
        const [a, b] = [at(from), at(to)];
        if (a !== undefined && b !== undefined) expect(b).toBeGreaterThanOrEqual(a);
      }
    }
  });
});

describe('click & collect words (issue 41 §2)', () => {
  const paid = { status: 'processing', payment_status: 'completed' };
  it('says ready at the location, then collected; delivery words without the steps', () => {
    const at = { location_name: 'Guildford warehouse', collected_at: null };
    expect(orderStatusWords({ ...paid, collection: { ...at, ready_for_collection_at: null } })).toBe(
      'Paid — being prepared',
    );
    expect(
      orderStatusWords({ ...paid, collection: { ...at, ready_for_collection_at: '2026-12-03T01:00:00Z' } }),
    ).toBe('Ready for collection at Guildford');
    expect(
      orderStatusWords({
        status: 'delivered',
        payment_status: 'completed',
        collection: {
          ...at,
          ready_for_collection_at: '2026-12-03T01:00:00Z',
          collected_at: '2026-12-03T05:00:00Z',
        },
      }),
    ).toBe('Collected');
    expect(
      orderStatusWords({
        status: 'processing',
        payment_status: 'refunded',
        collection: { ...at, ready_for_collection_at: '2026-12-03T01:00:00Z' },
      }),
    ).toBe('Refunded');
  });
});
