import { beforeEach, describe, expect, it } from 'vitest';
import { clearLastOrder, LAST_ORDER_STORAGE_KEY, readLastOrder, saveLastOrder } from './last-order';

beforeEach(() => sessionStorage.clear());

describe('last order (thank-you page)', () => {
  it('keeps only the public id, invoice number and total in session storage', () => {
    saveLastOrder({ id: 'q7XkP2mN9vR4tY8w', invoice_number: 'INV-000042', totalCents: 17589 });
    expect(JSON.parse(sessionStorage.getItem(LAST_ORDER_STORAGE_KEY) ?? '')).toEqual({
      id: 'q7XkP2mN9vR4tY8w',
      invoice_number: 'INV-000042',
      totalCents: 17589,
    });
    expect(readLastOrder()?.invoice_number).toBe('INV-000042');
    clearLastOrder();
    expect(readLastOrder()).toBeNull();
  });

  it('ignores anything unreadable', () => {
    sessionStorage.setItem(LAST_ORDER_STORAGE_KEY, '{not json');
    expect(readLastOrder()).toBeNull();
    sessionStorage.setItem(LAST_ORDER_STORAGE_KEY, JSON.stringify({ id: 'x', totalCents: 'lots' }));
    expect(readLastOrder()).toBeNull();
  });
});
