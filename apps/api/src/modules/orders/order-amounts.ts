/**
 * An order's money as every document reads it from the stored row (issue 34 §2): the order mails, the tax invoice
 * and the adjustment notes all build their breakdown (`breakdownRows`, `shownLine` in
 * `@store/shared/order-breakdown`) from `orderAmountsOfRow`, so they show the figures the order was charged, never
 * figures worked out again from today's settings.
 *
 * The columns of the GST-inclusive model (migration 0020: `prices_include_gst`, `gst_percent`, `discount_code`,
 * `code_discount_cents` on orders, `line_gst_cents` on lines) are read when present; a row without them is an
 * order placed before that model (decision 0046), shown the SPEC §9 way as it was charged.
 */
import { lineGstCents, type OrderAmounts } from '@store/shared/order-breakdown';
import type { OrderLineItemRow, OrderRow } from './order-presenter';

/** The money columns of the GST-inclusive model; optional so that rows read before migration 0020 also fit. */
interface InclusiveModelColumns {
  pricesIncludeGst?: boolean | null;
  gstPercent?: number | null;
  discountCode?: string | null;
  codeDiscountCents?: number | null;
}

/** What `orderAmountsOfRow` reads of an `orders` row. */
export type OrderMoneyRow = Pick<
  OrderRow,
  | 'subtotalCents'
  | 'discountCents'
  | 'signupDiscountCents'
  | 'membershipDiscountCents'
  | 'membershipPlanName'
  | 'deliveryChargeCents'
  | 'gstCents'
  | 'totalCents'
> &
  InclusiveModelColumns;

/** What `lineGstOfItem` reads of an `order_line_items` row. */
export type OrderLineMoneyRow = Pick<OrderLineItemRow, 'lineSubtotalCents'> & { lineGstCents?: number | null };

/**
 * The amounts of a stored order, cents, as charged. `fallbackGstPercent` is the rate assumed for an order that
 * does not record its own (placed before migration 0020) yet was charged GST: the store's rate then, 10 unless the
 * caller knows better (a tax invoice knows the rate it was issued at).
 */
export function orderAmountsOfRow(row: OrderMoneyRow, fallbackGstPercent = 10): OrderAmounts {
  const gstPercent = row.gstPercent ?? (row.gstCents > 0 ? fallbackGstPercent : 0);
  // Before discount codes had a column of their own, every order discount was a member discount.
  const codeDiscountCents =
    row.codeDiscountCents ??
    Math.max(0, row.discountCents - row.signupDiscountCents - row.membershipDiscountCents);
  return {
    pricesIncludeGst: row.pricesIncludeGst === true,
    gstPercent,
    subtotalCents: row.subtotalCents,
    signupDiscountCents: row.signupDiscountCents,
    membershipDiscountCents: row.membershipDiscountCents,
    membershipPlanName: row.membershipPlanName,
    codeDiscountCents,
    discountCode: row.discountCode ?? null,
    deliveryChargeCents: row.deliveryChargeCents,
    gstCents: row.gstCents,
    totalCents: row.totalCents,
  };
}

/**
 * The GST included in a line of a GST-inclusive order (cents): as stored with the line, else one-eleventh (at 10%)
 * of its total, the way `computeCheckoutTotals` derived it. Null for an older order: its lines are ex. GST and its
 * GST was charged on the whole.
 */
export function lineGstOfItem(
  item: OrderLineMoneyRow,
  amounts: Pick<OrderAmounts, 'pricesIncludeGst' | 'gstPercent'>,
): number | null {
  if (!amounts.pricesIncludeGst) return null;
  return item.lineGstCents ?? lineGstCents(item.lineSubtotalCents, amounts.gstPercent);
}
