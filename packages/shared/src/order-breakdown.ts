/**
 * The breakdown of an order's money as every screen, mail, PDF and back-office page shows it (issue 34 §2,
 * decision 0046): the same rows, labels and signs from the same figures, whether they come from a cart being
 * checked out (`amountsOfTotals`) or from an order as stored (`amountsOfOrder`). The rows that are amounts
 * (subtotal, discounts, delivery) add up to the total, to the cent, on every one of them.
 *
 * Orders placed before the money model of decision 0046 were charged the SPEC §9 way (ex-GST figures, GST added
 * on top); their record says so (`pricesIncludeGst` false) and they are shown that way, as charged.
 * No zod here (first-page safe).
 */
import { exGstCents, gstIncludedCents, type CheckoutSettings, type CheckoutTotals } from './checkout-totals';
import { type PriceDisplay } from './gst-prices';
import { formatCents, parseDecimalToCents } from './money';

/** The `order_meta` options an order's money is kept under (SPEC §3 order_meta `{option, value}`). */
export const ORDER_MONEY_META = {
  /** 'yes' for orders charged GST-inclusive shelf prices (decision 0046); absent for older orders. */
  pricesIncludeGst: '_prices_include_gst',
  /** The GST percent the order was charged at, e.g. '10'. */
  gstPercent: '_gst_percent',
  signupDiscount: '_signup_discount',
  membershipPlan: '_membership_plan',
  membershipDiscount: '_membership_discount',
  discountCode: '_discount_code',
  codeDiscount: '_discount_code_amount',
} as const;

/** An order's money, cents, as charged. */
export interface OrderAmounts {
  /** True for orders charged GST-inclusive prices (every order since decision 0046). */
  pricesIncludeGst: boolean;
  gstPercent: number;
  subtotalCents: number;
  /** The GST the lines include, added up line by line (what the ex-GST subtotal leaves out). */
  subtotalGstCents: number;
  signupDiscountCents: number;
  membershipDiscountCents: number;
  membershipPlanName: string | null;
  codeDiscountCents: number;
  discountCode: string | null;
  deliveryChargeCents: number;
  gstCents: number;
  totalCents: number;
}

export type BreakdownRowKey =
  | 'subtotal'
  | 'signup_discount'
  | 'membership_discount'
  | 'code_discount'
  | 'delivery'
  | 'total_ex_gst'
  | 'gst'
  | 'total';

export interface BreakdownRow {
  key: BreakdownRowKey;
  label: string;
  /** Signed: discounts are negative. */
  cents: number;
  /** The figure as shown: "$230.90", "−$23.09", "Free". */
  text: string;
  /** True for rows that are part of the sum (subtotal, discounts, delivery); false for totals and GST. */
  addsUp: boolean;
}

/** The words of the breakdown, written once (issue 34 §2). */
export const BREAKDOWN_LABELS = {
  subtotal: 'Subtotal',
  subtotalExGst: 'Subtotal (ex. GST)',
  signupDiscount: 'Member discount',
  membershipDiscount: (plan: string) => `${plan} discount`,
  codeDiscount: (code: string) => `Discount code ${code}`,
  delivery: 'Delivery',
  deliveryExGst: 'Delivery (ex. GST)',
  free: 'Free',
  totalExGst: 'Total ex. GST',
  gst: (percent: number) => `GST (${percent}%)`,
  gstIncluded: (percent: number) => `Includes GST (${percent}%) of`,
  total: 'Total',
  totalIncGst: 'Total (inc. GST)',
} as const;

/** "−$23.09" for a discount (a true minus sign), "$230.90" otherwise. */
export function formatSignedCents(cents: number): string {
  return cents < 0 ? `\u2212${formatCents(-cents)}` : formatCents(cents);
}

/**
 * The rows of `a` as `display` shows them. GST-inclusive orders: amounts as charged, then the total and the GST it
 * includes; "ex. GST" (a business member's choice): each amount less its GST, the ex-GST total, GST and the total.
 * Older orders (SPEC §9): ex-GST amounts, GST added, total, whatever the display.
 */
export function breakdownRows(a: OrderAmounts, display: PriceDisplay = 'inc_gst'): BreakdownRow[] {
  const g = a.gstPercent;
  const registered = g > 0;
  const exView = a.pricesIncludeGst && display === 'ex_gst' && registered;
  const shown = (cents: number) => (exView ? exGstCents(cents, g) : cents);
  const rows: BreakdownRow[] = [];
  const push = (key: BreakdownRowKey, label: string, cents: number, addsUp: boolean, free = false) =>
    rows.push({
      key,
      label,
      cents,
      addsUp,
      text: free && cents === 0 ? BREAKDOWN_LABELS.free : formatSignedCents(cents),
    });
  const exLabels = registered && (exView || !a.pricesIncludeGst);
  // The ex-GST subtotal is the lines' ex-GST figures added up (each line less its own GST), not the subtotal's.
  push(
    'subtotal',
    exLabels ? BREAKDOWN_LABELS.subtotalExGst : BREAKDOWN_LABELS.subtotal,
    exView ? a.subtotalCents - a.subtotalGstCents : a.subtotalCents,
    true,
  );
  if (a.signupDiscountCents > 0) {
    push('signup_discount', BREAKDOWN_LABELS.signupDiscount, -shown(a.signupDiscountCents), true);
  }
  if (a.membershipDiscountCents > 0) {
    push(
      'membership_discount',
      BREAKDOWN_LABELS.membershipDiscount(a.membershipPlanName ?? 'Membership'),
      -shown(a.membershipDiscountCents),
      true,
    );
  }
  if (a.codeDiscountCents > 0) {
    push(
      'code_discount',
      BREAKDOWN_LABELS.codeDiscount(a.discountCode ?? ''),
      -shown(a.codeDiscountCents),
      true,
    );
  }
  push(
    'delivery',
    exLabels ? BREAKDOWN_LABELS.deliveryExGst : BREAKDOWN_LABELS.delivery,
    shown(a.deliveryChargeCents),
    true,
    true,
  );
  if (!a.pricesIncludeGst) {
    if (registered) push('gst', BREAKDOWN_LABELS.gst(g), a.gstCents, true);
    push('total', registered ? BREAKDOWN_LABELS.totalIncGst : BREAKDOWN_LABELS.total, a.totalCents, false);
    return rows;
  }
  if (exView) {
    push('total_ex_gst', BREAKDOWN_LABELS.totalExGst, a.totalCents - a.gstCents, false);
    push('gst', BREAKDOWN_LABELS.gst(g), a.gstCents, false);
    push('total', BREAKDOWN_LABELS.totalIncGst, a.totalCents, false);
    return rows;
  }
  push('total', registered ? BREAKDOWN_LABELS.totalIncGst : BREAKDOWN_LABELS.total, a.totalCents, false);
  if (registered) push('gst', BREAKDOWN_LABELS.gstIncluded(g), a.gstCents, false);
  return rows;
}

/** A line's unit price and line total as `display` shows them (cents), for an order with `a`'s money model. */
export function shownLine(
  unitCents: number,
  lineCents: number,
  a: Pick<OrderAmounts, 'pricesIncludeGst' | 'gstPercent'>,
  display: PriceDisplay = 'inc_gst',
): { unitCents: number; lineCents: number } {
  if (!a.pricesIncludeGst || display !== 'ex_gst' || a.gstPercent === 0) return { unitCents, lineCents };
  return { unitCents: exGstCents(unitCents, a.gstPercent), lineCents: exGstCents(lineCents, a.gstPercent) };
}

/** The GST a GST-inclusive order line includes (cents), as the tax invoice lists it. */
export function lineGstCents(lineCents: number, gstPercent: number): number {
  return gstIncludedCents(lineCents, gstPercent);
}

/** The amounts of a cart at checkout, before it is an order. */
export function amountsOfTotals(
  t: CheckoutTotals,
  settings: Pick<CheckoutSettings, 'gstPercent'>,
  names: { membershipPlanName?: string | null; discountCode?: string | null } = {},
): OrderAmounts {
  return {
    pricesIncludeGst: true,
    gstPercent: settings.gstPercent,
    subtotalCents: t.subtotalCents,
    subtotalGstCents: t.lineGstCents.reduce((sum, c) => sum + c, 0),
    signupDiscountCents: t.signupDiscountCents,
    membershipDiscountCents: t.membershipDiscountCents,
    membershipPlanName: names.membershipPlanName ?? null,
    codeDiscountCents: t.codeDiscountCents,
    discountCode: names.discountCode ?? null,
    deliveryChargeCents: t.deliveryChargeCents,
    gstCents: t.gstCents,
    totalCents: t.totalCents,
  };
}

/** What `amountsOfOrder` reads: the SPEC §3 order as read back (`OrderDetail`), money as decimal strings. */
export interface OrderMoneyFields {
  subTotal: string;
  discountedAmount: string;
  delivery_charges: string;
  totalGst: string;
  total_amount: string;
  order_meta: readonly { option: string; value: string }[];
}

const cents = (text: string | undefined) => (text === undefined ? 0 : (parseDecimalToCents(text) ?? 0));

/** The amounts of an order as read back from the API (the stored record, issue 34 §2). */
export function amountsOfOrder(o: OrderMoneyFields): OrderAmounts {
  const meta = (option: string) => o.order_meta.find((m) => m.option === option)?.value;
  const signup = cents(meta(ORDER_MONEY_META.signupDiscount));
  const membership = cents(meta(ORDER_MONEY_META.membershipDiscount));
  const code = cents(meta(ORDER_MONEY_META.codeDiscount));
  const read = Number(meta(ORDER_MONEY_META.gstPercent) ?? '10');
  const g = Number.isFinite(read) ? read : 10;
  const delivery = cents(o.delivery_charges);
  const gst = cents(o.totalGst);
  return {
    pricesIncludeGst: meta(ORDER_MONEY_META.pricesIncludeGst) === 'yes',
    gstPercent: g,
    subtotalCents: cents(o.subTotal),
    // The order's GST is the lines' GST less the discounts' plus the delivery's (checkout-totals.ts), so the lines'
    // is found from the stored figures alone.
    subtotalGstCents:
      gst +
      gstIncludedCents(signup, g) +
      gstIncludedCents(membership, g) +
      gstIncludedCents(code, g) -
      gstIncludedCents(delivery, g),
    signupDiscountCents: signup,
    membershipDiscountCents: membership,
    membershipPlanName: meta(ORDER_MONEY_META.membershipPlan) ?? null,
    codeDiscountCents: code,
    discountCode: meta(ORDER_MONEY_META.discountCode) ?? null,
    deliveryChargeCents: delivery,
    gstCents: gst,
    totalCents: cents(o.total_amount),
  };
}
