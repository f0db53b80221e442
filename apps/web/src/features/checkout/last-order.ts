/**
 * The order just placed, kept in session storage for the thank-you page (SPEC §2 /thank-you): its public
 * id (for the tracking link), invoice number and total, and the link to its tax invoice that the place-order answer
 * signed for a day (decision 0044). Session storage, so it goes with the tab and never outlives the visit; nothing
 * else about the shopper or the payment is kept.
 */

export const LAST_ORDER_STORAGE_KEY = 'lastOrder';

export interface LastOrder {
  /** Public order id (DESIGN §5.3), used by guest tracking. */
  id: string;
  invoice_number: string;
  /** Total charged, cents. */
  totalCents: number;
  /** The tax invoice's signed address (`/api/orders/…/tax-invoice?expires=…&signature=…`), when the order is paid. */
  taxInvoiceUrl?: string;
}

/** Only a link to our own API's order documents is kept (storage is the page's, not to be trusted as a link). */
const isTaxInvoiceUrl = (v: unknown): v is string => typeof v === 'string' && v.startsWith('/api/orders/');

function isLastOrder(v: unknown): v is LastOrder {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.id === 'string' &&
    o.id !== '' &&
    typeof o.invoice_number === 'string' &&
    typeof o.totalCents === 'number' &&
    Number.isInteger(o.totalCents) &&
    (o.taxInvoiceUrl === undefined || isTaxInvoiceUrl(o.taxInvoiceUrl))
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
