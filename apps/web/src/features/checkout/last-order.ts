/**
 * The order just placed, kept in session storage for the thank-you page (SPEC §2 /thank-you): its public
 * id (for the tracking link), order number and total, its lines and money as the place-order answer gave them
 * (issue 34 §2: the thank-you page shows the breakdown of the stored order), and the link to its tax invoice that
 * the place-order answer signed for a day (decision 0044). Session storage, so it goes with the tab and never
 * outlives the visit; nothing else about the shopper or the payment is kept.
 */
import type { OrderDetail } from '@store/shared/order';
import type { OrderMoneyFields } from '@store/shared/order-breakdown';
import { ORDER_PASS_PATTERN } from '@store/shared/order-confirmation';

export const LAST_ORDER_STORAGE_KEY = 'lastOrder';

/** A line of the order as charged (SPEC §3 Order item: money as decimal strings, inc. GST). */
export type LastOrderItem = Pick<
  OrderDetail['order_items'][number],
  'product_title' | 'quantity' | 'price' | 'qp_subtotal'
> &
  Partial<Pick<OrderDetail['order_items'][number], 'product_id'>>;

export interface LastOrder {
  /** Public order id (DESIGN §5.3), used by guest tracking. */
  id: string;
  invoice_number: string;
  /** Total charged, cents. */
  totalCents: number;
  /** The tax invoice's signed address (`/api/orders/…/tax-invoice?expires=…&signature=…`), when the order is paid. */
  taxInvoiceUrl?: string;
  /** The order's money as stored (`amountsOfOrder` reads it); absent when the answer had none readable. */
  money?: OrderMoneyFields;
  /** The order's lines as charged. */
  items?: LastOrderItem[];
  /**
   * The order's pass from the place-order answer (decision 0056): with it the thank-you page reads the order again
   * after a reload and offers an account. A day; the tab forgets it with the order.
   */
  pass?: string;
}

/** The parts of the place-order answer the thank-you page shows. */
export function lastOrderOf(
  order: OrderDetail,
  taxInvoiceUrl?: string,
  pass?: string,
): Omit<LastOrder, 'totalCents'> {
  return {
    id: order.id,
    invoice_number: order.invoice_number,
    ...(taxInvoiceUrl ? { taxInvoiceUrl } : {}),
    ...(pass ? { pass } : {}),
    money: {
      subTotal: order.subTotal,
      discountedAmount: order.discountedAmount,
      delivery_charges: order.delivery_charges,
      totalGst: order.totalGst,
      total_amount: order.total_amount,
      order_meta: order.order_meta.map(({ option, value }) => ({ option, value })),
    },
    items: order.order_items.map(({ product_id, product_title, quantity, price, qp_subtotal }) => ({
      // For the line's picture on the thank-you page (issue 37 §1).
      product_id,
      product_title,
      quantity,
      price,
      qp_subtotal,
    })),
  };
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function isMoney(v: unknown): v is OrderMoneyFields {
  return (
    isRecord(v) &&
    ['subTotal', 'discountedAmount', 'delivery_charges', 'totalGst', 'total_amount'].every((k) =>
      isString(v[k]),
    ) &&
    Array.isArray(v.order_meta) &&
    v.order_meta.every((m) => isRecord(m) && isString(m.option) && isString(m.value))
  );
}

function isItems(v: unknown): v is LastOrderItem[] {
  return (
    Array.isArray(v) &&
    v.every(
      (i) =>
        isRecord(i) &&
        isString(i.product_title) &&
        Number.isInteger(i.quantity) &&
        isString(i.price) &&
        isString(i.qp_subtotal) &&
        (i.product_id === undefined || i.product_id === null || Number.isInteger(i.product_id)),
    )
  );
}

/** Only a link to our own API's order documents is kept (storage is the page's, not to be trusted as a link). */
const isTaxInvoiceUrl = (v: unknown): v is string => typeof v === 'string' && v.startsWith('/api/orders/');
const isPass = (v: unknown): v is string => typeof v === 'string' && ORDER_PASS_PATTERN.test(v);

function isLastOrder(v: unknown): v is LastOrder {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.id === 'string' &&
    o.id !== '' &&
    typeof o.invoice_number === 'string' &&
    typeof o.totalCents === 'number' &&
    Number.isInteger(o.totalCents) &&
    (o.taxInvoiceUrl === undefined || isTaxInvoiceUrl(o.taxInvoiceUrl)) &&
    (o.pass === undefined || isPass(o.pass)) &&
    (o.money === undefined || isMoney(o.money)) &&
    (o.items === undefined || isItems(o.items))
  );
}

/** Remembers the order just placed for the thank-you page. */
export function saveLastOrder(order: LastOrder): void {
  try {
    globalThis.sessionStorage?.setItem(
      LAST_ORDER_STORAGE_KEY,
      JSON.stringify({
        id: order.id,
        invoice_number: order.invoice_number,
        totalCents: order.totalCents,
        ...(isTaxInvoiceUrl(order.taxInvoiceUrl) ? { taxInvoiceUrl: order.taxInvoiceUrl } : {}),
        ...(isPass(order.pass) ? { pass: order.pass } : {}),
        ...(isMoney(order.money) ? { money: order.money } : {}),
        ...(isItems(order.items) ? { items: order.items } : {}),
      }),
    );
  } catch {
    // Storage blocked: the thank-you page falls back to its generic message.
  }
}

/** The order placed in this tab, or null when there is none or it is unreadable. */
export function readLastOrder(): LastOrder | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(LAST_ORDER_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isLastOrder(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function clearLastOrder(): void {
  try {
    globalThis.sessionStorage?.removeItem(LAST_ORDER_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
