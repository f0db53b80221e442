/**
 * How an order's fields read on screen (SPEC §2 Tracking and Order details, §9 currency): dates as
 * dd/mm/yyyy in the store's time zone, money with a $ and 2 decimals, and the card provider shown as Card.
 */
import { formatCents, parseDecimalToCents } from '@store/shared/money';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { paymentMethodName } from '@store/shared/payment-method-rules';
import { hasTaxInvoice } from '@store/shared/tax-invoice';

/** SPEC §8 Guest tracking: the answer to a 404. */
export const ORDER_NOT_FOUND = ORDER_MESSAGES.notFound;

/** The store is in Guildford NSW; an order placed at 9 am Monday in Sydney is Monday's order. */
const ORDER_DATE = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Sydney',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** '2025-03-04T14:30:00Z' -> '05/03/2025' (Sydney); an unreadable date is shown as received. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : ORDER_DATE.format(date);
}

/**
 * 'Stripe' -> 'Card' (SPEC §2 "card shown as Card"), or the way it was paid ('Apple Pay', 'Afterpay', issue 40);
 * 'Paypal' -> 'PayPal', 'Account' -> 'On account' (issue 39 §4); anything else as received.
 */
export function paymentMethodLabel(method: string, kind?: string | null): string {
  return paymentMethodName(method, kind);
}

/** '79.95' -> '$79.95'; a value that is not an amount is shown as received. */
export function formatOrderMoney(decimal: string): string {
  const cents = parseDecimalToCents(decimal);
  return cents === null ? decimal : formatCents(cents);
}

/**
 * Whether an order has a tax invoice to download: once its payment is received (issue 18 §3). An order placed on
 * a trade account is confirmed ('completed') when it is placed (decision 0066), so its invoice goes out at once.
 */
export function orderHasTaxInvoice(order: { payment_status: string }): boolean {
  return hasTaxInvoice(order.payment_status);
}
