/**
 * The cart's words, in one place so the sidebar, the cart page and their tests say exactly the same
 * (SPEC §2 Cart sidebar and Cart page; strings as the SPEC or the issue gives them).
 */
import { formatCents } from '@store/shared/money';

/** SPEC §2: shown by the sidebar and the cart page when the cart is empty. */
export const EMPTY_CART_MESSAGE = 'There are no products in the cart.';

/** SPEC §2 Cart page: the note under the summary (the cart shows no shipping or tax), for prices shown ex. GST. */
export const GST_SHIPPING_NOTE = '*GST and Shipping may be applied at checkout';

/**
 * The same note for prices shown including GST (issue 18, decision 0035): saying GST "may be applied" to a total
 * that already includes it would mislead, so only the delivery charge is said to follow.
 */
export const INC_GST_SHIPPING_NOTE = '*Prices include GST. Shipping may be applied at checkout';

/** The note under the cart's totals for how prices are shown. */
export const cartNote = (display: 'inc_gst' | 'ex_gst', gstPercent: number) =>
  display === 'inc_gst' && gstPercent > 0 ? INC_GST_SHIPPING_NOTE : GST_SHIPPING_NOTE;

/** SPEC §9: the empty cart page goes home after 3 seconds. */
export const EMPTY_CART_REDIRECT_MS = 3000;

/** The path the sidebar closes on (SPEC §2 Cart sidebar: 'It closes on /cart'). */
export const CART_PATH = '/cart';

/** The toast after the catalog no longer sells a product that was in the cart. */
export function noLongerAvailableMessage(title: string): string {
  return `${title} is no longer available and was removed from your cart.`;
}

/** The notice after a product's unit price changed since it was added ($ and 2 decimals, SPEC §9). */
export function priceChangedMessage(title: string, fromCents: number, toCents: number): string {
  return `The price of ${title} changed from ${formatCents(fromCents)} to ${formatCents(toCents)}.`;
}

/** '1 item' / '3 items'. */
export function itemCountText(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}
