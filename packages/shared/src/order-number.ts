/**
 * The order number as people type or say it (issue 34 §6): `INV-001001`, `inv-001001`, `INV 001001`,
 * `INV001001`, `001001` and `1001` all name the same order. Written once for guest tracking.
 */

/** The order number's prefix, as place-order's `nextInvoiceNumber` writes it: `INV-` and at least six digits. */
export const ORDER_NUMBER_PREFIX = 'INV-';

/** Digits beyond which no order number exists (the sequence is a bigint; 18 digits keep the text short). */
const MAX_DIGITS = 18;

/**
 * The stored form of an order number typed by a person, or null when `text` cannot be one. Spaces anywhere and
 * the case of the prefix are ignored, the prefix and its dash are optional, and leading zeros are re-padded to
 * the six digits the store writes (more once the sequence passes 999999).
 */
export function normaliseOrderNumber(text: string): string | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const digits = /^(?:INV)?-?(\d+)$/.exec(compact)?.[1]?.replace(/^0+(?=\d)/, '');
  if (!digits || digits.length > MAX_DIGITS || /^0+$/.test(digits)) return null;
  return `${ORDER_NUMBER_PREFIX}${digits.padStart(6, '0')}`;
}
