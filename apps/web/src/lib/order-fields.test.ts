import {
  ORDER_MESSAGES,
  PAYMENT_METHOD_ACCOUNT,
  PAYMENT_METHOD_CARD,
  PAYMENT_METHOD_WALLET,
} from '@store/shared/order-constants';
import { describe, expect, it } from 'vitest';
import {
  formatOrderDate,
  formatOrderMoney,
  ORDER_NOT_FOUND,
  orderHasTaxInvoice,
  paymentMethodLabel,
} from './order-fields';

describe('order fields on screen', () => {
  it('dates read dd/mm/yyyy in Sydney time', () => {
    expect(formatOrderDate('2025-03-04T14:30:00.000Z')).toBe('05/03/2025');
    expect(formatOrderDate('2025-07-01T02:00:00Z')).toBe('01/07/2025');
    expect(formatOrderDate('not a date')).toBe('not a date');
  });

  it('the card provider reads Card and the wallet PayPal; others as received', () => {
    expect(paymentMethodLabel('Stripe')).toBe('Card');
    expect(paymentMethodLabel('Paypal')).toBe('PayPal');
    expect(paymentMethodLabel('Cash')).toBe('Cash');
  });

  it('uses the SPEC message for a missing order and the shared payment method names', () => {
    expect(ORDER_NOT_FOUND).toBe('No Order Found');
    expect(ORDER_MESSAGES.notFound).toBe('No Order Found');
    expect(paymentMethodLabel(PAYMENT_METHOD_CARD)).toBe('Card');
    expect(paymentMethodLabel(PAYMENT_METHOD_WALLET)).toBe('PayPal');
  });

  it('money has a $ and 2 decimals', () => {
    expect(formatOrderMoney('175.89')).toBe('$175.89');
    expect(formatOrderMoney('0.00')).toBe('$0.00');
    expect(formatOrderMoney('15')).toBe('$15.00');
  });

  it('an order on a trade account reads On account; an invoice goes out once the order is confirmed (issue 39 §4)', () => {
    expect(paymentMethodLabel(PAYMENT_METHOD_ACCOUNT)).toBe('On account');
    expect(orderHasTaxInvoice({ payment_status: 'pending' })).toBe(false);
    expect(orderHasTaxInvoice({ payment_status: 'completed' })).toBe(true);
  });
});
