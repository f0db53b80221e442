/**
 * An order's money as every document reads it from the stored row (issue 34 §2): the order mails, the tax invoice
 * and the adjustment notes all build their breakdown (`breakdownRows`, `shownLine` in
 * `@store/shared/order-breakdown`) from `orderAmountsOfRow`, so they show the figures the order was charged with
 * (migration 0020: `prices_include_gst`, `gst_percent`, `discount_code`, `code_discount_cents`, and each line's
 * `line_gst_cents`), never figures worked out again from today's settings. Orders placed before the GST-inclusive
 * model (decision 0046) are shown the SPEC §9 way, as they were charged.
 */
import { gstIncludedCents } from '@store/shared/checkout-totals';
import { lineGstCents, type OrderAmounts } from '@store/shared/order-breakdown';
import type { OrderLineItemRow, OrderRow } from './order-presenter';

/** What `orderAmountsOfRow` reads of an `orders` row. */
export type OrderMoneyRow = Pick<
  OrderRow,
  | 'pricesIncludeGst'
  | 'gstPercent'
  | 'subtotalCents'
  | 'signupDiscountCents'
  | 'membershipDiscountCents'
  | 'membershipPlanName'
  | 'discountCode'
  | 'codeDiscountCents'
  | 'deliveryChargeCents'
  | 'gstCents'
  | 'totalCents'
>;

/** What `lineGstOfItem` reads of an `order_line_items` row. */
export type OrderLineMoneyRow = Pick<OrderLineItemRow, 'lineSubtotalCents' | 'lineGstCents'>;

/**
 * The GST included in a line of a GST-inclusive order (cents): as stored with the line, else one-eleventh (at 10%)
 * of its total, the way `computeCheckoutTotals` derives it. Null for an older order: its lines are ex. GST and its
 * GST was charged on the whole.
 */
export function lineGstOfItem(
  item: OrderLineMoneyRow,
  amounts: Pick<OrderAmounts, 'pricesIncludeGst' | 'gstPercent'>,
): number | null {
  if (!amounts.pricesIncludeGst) return null;
  return item.lineGstCents ?? lineGstCents(item.lineSubtotalCents, amounts.gstPercent);
}

/**
 * The amounts of a stored order, cents, as charged. `items`, when the caller has them, give the GST of the lines
 * as stored with each; without them it is found from the order's figures as `amountsOfOrder` finds it.
 */
export function orderAmountsOfRow(row: OrderMoneyRow, items?: readonly OrderLineMoneyRow[]): OrderAmounts {
  const g = row.gstPercent;
  const subtotalGstCents =
    items && row.pricesIncludeGst
      ? items.reduce((sum, i) => sum + (lineGstOfItem(i, row) ?? 0), 0)
      : // checkout-totals.ts: the order's GST is the lines' less the discounts' plus the delivery's.
        row.gstCents +
        gstIncludedCents(row.signupDiscountCents, g) +
        gstIncludedCents(row.membershipDiscountCents, g) +
        gstIncludedCents(row.codeDiscountCents, g) -
        gstIncludedCents(row.deliveryChargeCents, g);
  return {
    pricesIncludeGst: row.pricesIncludeGst,
    gstPercent: g,
    subtotalCents: row.subtotalCents,
    subtotalGstCents,
    signupDiscountCents: row.signupDiscountCents,
    membershipDiscountCents: row.membershipDiscountCents,
    membershipPlanName: row.membershipPlanName,
    codeDiscountCents: row.codeDiscountCents,
    discountCode: row.discountCode,
    deliveryChargeCents: row.deliveryChargeCents,
    gstCents: row.gstCents,
    totalCents: row.totalCents,
  };
}
