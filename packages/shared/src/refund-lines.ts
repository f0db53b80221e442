/**
 * Refunds by line item (issue 36 §3, decision 0053): what giving back some units of some lines, and some of the
 * delivery charge, is worth, written once for the back office's dialog and the server that refunds it. All
 * amounts are integer cents as the order was charged (GST included).
 *
 *   line's net charge   = the line total less its share of the order discounts (member and plan discounts
 *                         pro rata over every line, a code's discount pro rata over the lines it applied to),
 *                         so the nets add up exactly to what the order charged for goods (total − delivery)
 *   refund of q units   = net × (already + q) / quantity − net × already / quantity, each rounded to the cent,
 *                         so however a line is refunded in parts, the parts add up to its net exactly
 *   refund              = Σ lines' refunds + the delivery charge given back (at most what is left of it)
 *
 * Shares are split by largest remainder (`apportionCents`), so no cent is lost or made up. No zod in the maths.
 */
import { z } from 'zod';
import { gstIncludedCents } from './checkout-totals';
import { formatCents, parseDecimalToCents } from './money';
import { PAYMENT_METHOD_ACCOUNT, PAYMENT_METHOD_CARD } from './order-constants';
import { paymentMethodName } from './payment-method-rules';
import { multiLineText, noControlCharacters } from './text-schemas';

/**
 * Splits `totalCents` (≥ 0) over `weights` (≥ 0) in proportion, by largest remainder: the shares are whole cents
 * and add up to `totalCents` exactly. All-zero weights share equally. Throws RangeError on bad input.
 */
export function apportionCents(totalCents: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) {
    throw new RangeError(`Cents must be whole and not negative, got ${totalCents}`);
  }
  if (weights.length === 0) return [];
  if (weights.some((w) => !Number.isFinite(w) || w < 0)) throw new RangeError('Weights must not be negative');
  const sum = weights.reduce((a, b) => a + b, 0);
  const used = sum === 0 ? weights.map(() => 1) : weights;
  const usedSum = sum === 0 ? weights.length : sum;
  const exact = used.map((w) => (totalCents * w) / usedSum);
  const shares = exact.map(Math.floor);
  let left = totalCents - shares.reduce((a, b) => a + b, 0);
  // The biggest remainders get the cents left; ties go to the earlier line, so the split is repeatable.
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** What the apportioning reads of an order (its stored record). */
export interface RefundableOrder {
  /** Decision 0046: true when lines, discounts and delivery include GST; false for older orders (GST added). */
  pricesIncludeGst: boolean;
  gstPercent: number;
  totalCents: number;
  deliveryChargeCents: number;
  signupDiscountCents: number;
  membershipDiscountCents: number;
  codeDiscountCents: number;
  lines: readonly {
    lineCents: number;
    /** Whether the order's discount code applied to this line (true for every line of a code for all). */
    codeApplies: boolean;
  }[];
}

/**
 * The delivery charge as the customer paid it, cents: the stored charge, plus its GST for older orders (whose
 * GST was added on the whole, decision 0046).
 */
export function chargedDeliveryCents(
  o: Pick<RefundableOrder, 'pricesIncludeGst' | 'gstPercent' | 'deliveryChargeCents'>,
) {
  if (o.pricesIncludeGst || o.gstPercent <= 0) return o.deliveryChargeCents;
  return o.deliveryChargeCents + Math.round((o.deliveryChargeCents * o.gstPercent) / 100);
}

/**
 * Each line's net charge, cents: its total less its share of the order's discounts (and, for older orders, plus
 * its share of the GST added), the nets adding up to the order's total less the delivery as charged.
 */
export function lineNetCents(o: RefundableOrder): number[] {
  const totals = o.lines.map((l) => l.lineCents);
  const member = apportionCents(o.signupDiscountCents + o.membershipDiscountCents, totals);
  const eligible = o.lines.map((l) => (l.codeApplies ? l.lineCents : 0));
  const code = apportionCents(o.codeDiscountCents, eligible.some((c) => c > 0) ? eligible : totals);
  const weights = totals.map((t, i) => Math.max(0, t - (member[i] ?? 0) - (code[i] ?? 0)));
  const goods = Math.max(0, o.totalCents - chargedDeliveryCents(o));
  const weighed = weights.reduce((a, b) => a + b, 0);
  // Orders since decision 0046 charge exactly the weights; older ones added GST on the whole: spread it the same.
  return weighed === goods ? weights : apportionCents(goods, weights);
}

/**
 * What refunding `refundNow` more units of a line of `quantity` units whose net charge is `netCents` is worth,
 * when `alreadyRefunded` of its units were refunded before. Throws RangeError past the line's quantity.
 */
export function lineRefundCents(
  netCents: number,
  quantity: number,
  alreadyRefunded: number,
  refundNow: number,
): number {
  if (![quantity, alreadyRefunded, refundNow].every((n) => Number.isInteger(n) && n >= 0)) {
    throw new RangeError('Quantities must be whole numbers, not negative');
  }
  if (alreadyRefunded + refundNow > quantity) {
    throw new RangeError(`Only ${quantity - alreadyRefunded} of this line can still be refunded`);
  }
  if (quantity === 0) return 0;
  const upTo = (units: number) => Math.round((netCents * units) / quantity);
  return upTo(alreadyRefunded + refundNow) - upTo(alreadyRefunded);
}

/**
 * Units of a line of `quantity` still open to a refund (`held` = 0) or to a new return request (`held` = units of
 * the shopper's requests not rejected and not yet settled by a refund): what is left after `refunded` (pending or
 * succeeded refunds) and `held`, never below 0. The one rule of the refund dialog, the server's refund check, the
 * return form and the server's return check (decision 0053, 0057).
 */
export function returnableUnits(quantity: number, refunded: number, held = 0): number {
  return Math.max(0, quantity - refunded - held);
}

/** The GST in a refund of a GST-inclusive amount, as the order's lines carried it (one-eleventh at 10%). */
export function refundGstCents(amountCents: number, gstPercent: number): number {
  return gstIncludedCents(amountCents, gstPercent);
}

/**
 * Where the money goes back to, said for the person refunding and in the customer's mail: the test providers are
 * named as such, a card as the card the order was paid with (a device wallet's too: Apple Pay and Google Pay pay
 * with a card), Afterpay or Zip as the customer's account there (issue 40, `kind` the order's
 * payment_method_type), a wallet as the PayPal account.
 */
export function refundDestination(
  paymentMethod: string,
  paymentProvider: string | null,
  kind?: string | null,
): string {
  if (paymentProvider === 'test-card') return 'the test card the order was paid with';
  if (paymentProvider === 'test-wallet') return 'the test PayPal account the order was paid with';
  // Issue 39: an order charged to a trade account is credited to it (decision 0066).
  if (paymentMethod === PAYMENT_METHOD_ACCOUNT) return "a credit on the business's trade account";
  if (paymentMethod !== PAYMENT_METHOD_CARD) return "the customer's PayPal account";
  const instalments = instalmentAccountName(kind);
  return instalments ? `the customer's ${instalments} account` : 'the card the order was paid with';
}

/**
 * What the customer's refund mail says the money went back to ("…to your card", issue 40 "…to your Afterpay
 * account"): 'card', 'Afterpay account', 'Zip account', 'trade account' or 'PayPal account'.
 */
export function refundPaidWith(paymentMethod: string, kind?: string | null): string {
  if (paymentMethod === PAYMENT_METHOD_ACCOUNT) return 'trade account';
  if (paymentMethod !== PAYMENT_METHOD_CARD) return 'PayPal account';
  const instalments = instalmentAccountName(kind);
  return instalments ? `${instalments} account` : 'card';
}

/** 'Afterpay' or 'Zip' for an order paid with one (a refund goes back to the account there), else null. */
function instalmentAccountName(kind: string | null | undefined): string | null {
  return kind === 'afterpay_clearpay' || kind === 'zip' ? paymentMethodName(PAYMENT_METHOD_CARD, kind) : null;
}

/** Words of the line refund, for the API and the dialog alike. */
export const LINE_REFUND_MESSAGES = {
  reasonRequired: 'reason is required: say why you are refunding (the customer sees it).',
  reasonLength: 'reason must be 500 characters or fewer',
  nothing: 'Choose at least one item or some of the delivery charge to refund.',
  unknownLine: (lineId: number) => `lines: item ${lineId} is not a line of this order.`,
  duplicateLine: 'lines: each item may be listed once.',
  quantity: 'quantity must be a whole number of at least 1',
  tooMany: (title: string, left: number) =>
    left === 0
      ? `${title} has been refunded in full already.`
      : `Only ${left} of ${title} can still be refunded.`,
  shipping: 'shipping must be an amount in dollars such as 9.95 (0 for none).',
  tooMuchShipping: (leftCents: number) =>
    `At most ${formatCents(leftCents)} of the delivery charge can still be refunded.`,
  confirm: (amountCents: number, destination: string) =>
    `${formatCents(amountCents)} will be refunded to ${destination}.`,
} as const;

const MAX_LINES = 100;

/** `POST /api/admin/orders/{public id}/line-refunds` body: units per line (each restocked or not), delivery, reason. */
export const adminLineRefundRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        line_id: z.number().int().positive().max(2_147_483_647),
        quantity: z
          .number({ error: LINE_REFUND_MESSAGES.quantity })
          .int(LINE_REFUND_MESSAGES.quantity)
          .min(1, LINE_REFUND_MESSAGES.quantity)
          .max(10_000, LINE_REFUND_MESSAGES.quantity),
        restock: z.boolean().default(false),
      }),
    )
    .max(MAX_LINES)
    .refine((l) => new Set(l.map((x) => x.line_id)).size === l.length, LINE_REFUND_MESSAGES.duplicateLine)
    .default([]),
  /** Dollars of the delivery charge to give back ('0' for none). */
  shipping: z
    .string({ error: LINE_REFUND_MESSAGES.shipping })
    .trim()
    .max(12, LINE_REFUND_MESSAGES.shipping)
    .refine((v) => parseDecimalToCents(v) !== null, LINE_REFUND_MESSAGES.shipping)
    .default('0'),
  reason: multiLineText({ error: LINE_REFUND_MESSAGES.reasonRequired })
    .trim()
    .min(1, LINE_REFUND_MESSAGES.reasonRequired)
    .max(500, LINE_REFUND_MESSAGES.reasonLength)
    .superRefine(noControlCharacters('reason', 'multi-line')),
});
export type AdminLineRefundRequest = z.infer<typeof adminLineRefundRequestSchema>;
export type AdminLineRefundInput = z.input<typeof adminLineRefundRequestSchema>;

/** One line as the refund dialog offers it (part of `GET /api/admin/orders/{public id}`'s `refund_lines`). */
export interface RefundLineOffer {
  line_id: number;
  quantity: number;
  /** Units refunded or being refunded (pending) already. */
  refunded_quantity: number;
  /** The line's net charge (after its share of discounts), dollars. */
  net: string;
  /** Stock is tracked for the product (null stock = untracked, or the product is gone): restock can apply. */
  restockable: boolean;
}

/** A line and units of it in a refund, as mails and notes list them. */
export interface RefundedLine {
  title: string;
  sku: string;
  quantity: number;
  amountCents: number;
  restocked: boolean;
}

/** "2 × Brake pads (SKU BP-1): $42.50" — the one way a refunded line is written (mail, note, back office). */
export function refundedLineText(
  l: Pick<RefundedLine, 'title' | 'sku' | 'quantity' | 'amountCents'>,
): string {
  return `${l.quantity} × ${l.title} (SKU ${l.sku}): ${formatCents(l.amountCents)}`;
}

/** "Delivery charge: $9.95". */
export function refundedShippingText(cents: number): string {
  return `Delivery charge: ${formatCents(cents)}`;
}

/**
 * The amount of a refund of `request` against `offers` and `shippingLeftCents` (what the dialog shows and the
 * server charges back): cents per requested line and in all. Throws RangeError with a sentence for the person
 * when a line is not offered or asks for more than is left.
 */
export function lineRefundAmount(
  offers: readonly {
    line_id: number;
    quantity: number;
    refunded_quantity: number;
    netCents: number;
    title: string;
  }[],
  lines: readonly { line_id: number; quantity: number }[],
  shippingCents: number,
  shippingLeftCents: number,
): { linesCents: { line_id: number; cents: number }[]; shippingCents: number; totalCents: number } {
  const byId = new Map(offers.map((o) => [o.line_id, o]));
  const linesCents = lines.map((l) => {
    const offer = byId.get(l.line_id);
    if (!offer) throw new RangeError(LINE_REFUND_MESSAGES.unknownLine(l.line_id));
    const left = returnableUnits(offer.quantity, offer.refunded_quantity);
    if (l.quantity > left) throw new RangeError(LINE_REFUND_MESSAGES.tooMany(offer.title, left));
    return {
      line_id: l.line_id,
      cents: lineRefundCents(offer.netCents, offer.quantity, offer.refunded_quantity, l.quantity),
    };
  });
  if (shippingCents > shippingLeftCents) {
    throw new RangeError(LINE_REFUND_MESSAGES.tooMuchShipping(shippingLeftCents));
  }
  const totalCents = linesCents.reduce((s, l) => s + l.cents, 0) + shippingCents;
  return { linesCents, shippingCents, totalCents };
}
