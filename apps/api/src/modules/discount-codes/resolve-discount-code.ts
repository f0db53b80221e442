/**
 * A discount code's rules (issue 34 §5, decision 0047), checked for a cart the server has priced: whether the code
 * may be used now, by this buyer, on these lines, and which lines it takes its discount from. The discount itself
 * is computed by `computeCheckoutTotals` (packages/shared/src/checkout-totals.ts) from the `CodeDiscount` answered
 * here, on the checkout page and in place-order alike.
 *
 * Checking is advice until the order is written: the usage limit and "once per customer" are decided again by
 * `redeemDiscountCode`, inside the order's transaction, under the code's row lock (decision 0041).
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { type CodeDiscount } from '@store/shared/checkout-totals';
import {
  DISCOUNT_CODE_MESSAGES,
  DISCOUNT_CODE_PATTERN,
  describeDiscount,
  formatCodeDate,
  normalizeDiscountCode,
} from '@store/shared/discount-codes';
import { MAX_DB_ID, type Database } from '../../db/client';
import { discountCodeRedemptions, discountCodes, products } from '../../db/schema';
import { TRADE_MESSAGES } from '@store/shared/trade-accounts';
import { HttpError } from '../../plugins/error-handling';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** What the rules read about the cart and the buyer. */
export interface DiscountCodeContext {
  /** The priced lines, in checkout's order (their indexes are the `eligibleLines`), cents inc. GST. */
  lines: readonly { productId: number; lineSubtotalCents: number; priceListName?: string | null }[];
  /** The order's email; at the check before the shopper typed it, absent (then email rules wait for the order). */
  email?: string | null;
  /** The member's id, 0 or absent for guests. */
  userId?: number;
  /** Now, for the dates (tests pass their own). */
  now?: Date;
}

/** A code that may be used on the cart: its row's id, the discount to apply, and the sentence for the shopper. */
export interface ResolvedDiscountCode {
  codeId: number;
  discount: CodeDiscount;
  message: string;
}

/**
 * Checks `text` against the codes and the cart in `ctx`. Throws HttpError 400 with the shopper's reason
 * (DISCOUNT_CODE_MESSAGES): unknown, no longer active, not started, ended, used up, sent to another email, used
 * once already by this email or member, applying to no line of the cart, or below its minimum spend (saying how
 * much more to add). The minimum spend is compared with the subtotal (inc. GST, before order discounts), the
 * figure the free-delivery threshold reads too.
 */
export async function resolveDiscountCode(
  db: Database,
  text: string,
  ctx: DiscountCodeContext,
): Promise<ResolvedDiscountCode> {
  const code = normalizeDiscountCode(text);
  if (!DISCOUNT_CODE_PATTERN.test(code)) throw new HttpError(400, DISCOUNT_CODE_MESSAGES.unknown(code));
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
  if (!row) throw new HttpError(400, DISCOUNT_CODE_MESSAGES.unknown(code));
  const email = ctx.email ? ctx.email.trim().toLowerCase() : null;
  const userId = ctx.userId ?? 0;
  checkCodeMayBeUsed(row, { email, now: ctx.now ?? new Date() });
  if (row.oncePerCustomer && (email || userId > 0)) {
    const [used] = await db
      .select({ id: discountCodeRedemptions.id })
      .from(discountCodeRedemptions)
      .where(
        and(
          eq(discountCodeRedemptions.codeId, row.id),
          or(
            email ? eq(discountCodeRedemptions.email, email) : sql`false`,
            userId > 0 ? eq(discountCodeRedemptions.userId, userId) : sql`false`,
          ),
        ),
      )
      .limit(1);
    if (used) throw new HttpError(400, DISCOUNT_CODE_MESSAGES.alreadyUsed(row.code));
  }

  let eligibleLines = await eligibleLineIndexes(db, row, ctx.lines);
  if (eligibleLines !== null && eligibleLines.length === 0) {
    throw new HttpError(400, DISCOUNT_CODE_MESSAGES.appliesToNothing(row.code));
  }
  // Issue 39, decision 0066: a code never stacks with a trade price; it applies to the retail-priced lines only.
  if (ctx.lines.some((l) => l.priceListName)) {
    eligibleLines = (eligibleLines ?? ctx.lines.map((_, i) => i)).filter((i) => !ctx.lines[i]?.priceListName);
    if (eligibleLines.length === 0) throw new HttpError(400, TRADE_MESSAGES.codeNotOnTradePrices);
  }
  const subtotalCents = ctx.lines.reduce((sum, l) => sum + l.lineSubtotalCents, 0);
  if (subtotalCents < row.minSpendCents) {
    throw new HttpError(400, DISCOUNT_CODE_MESSAGES.belowMinimum(row.code, row.minSpendCents, subtotalCents));
  }
  const what = describeDiscount(row.kind, row.value);
  return {
    codeId: row.id,
    discount: {
      code: row.code,
      percent: row.kind === 'percent' ? row.value : null,
      amountCents: row.kind === 'amount' ? row.value : null,
      eligibleLines,
    },
    message:
      eligibleLines === null
        ? DISCOUNT_CODE_MESSAGES.applied(row.code, what)
        : DISCOUNT_CODE_MESSAGES.appliedTo(row.code, what, eligibleLines.length),
  };
}

/**
 * The rules that read the code's row alone (active, dates, usage limit, the email it is tied to); shared with
 * `redeemDiscountCode`, which re-reads them under the row's lock. Throws HttpError 400.
 */
export function checkCodeMayBeUsed(row: DiscountCodeRow, at: { email: string | null; now: Date }): void {
  if (!row.active) throw new HttpError(400, DISCOUNT_CODE_MESSAGES.inactive(row.code));
  if (row.startsAt && row.startsAt > at.now) {
    throw new HttpError(400, DISCOUNT_CODE_MESSAGES.notStarted(row.code, formatCodeDate(row.startsAt)));
  }
  if (row.endsAt && row.endsAt <= at.now) {
    throw new HttpError(400, DISCOUNT_CODE_MESSAGES.ended(row.code, formatCodeDate(row.endsAt)));
  }
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) {
    throw new HttpError(400, DISCOUNT_CODE_MESSAGES.usedUp(row.code));
  }
  if (row.email && at.email && row.email !== at.email) {
    throw new HttpError(400, DISCOUNT_CODE_MESSAGES.otherEmail(row.code));
  }
}

/** Indexes of the lines the code applies to: null for every line, else those of its products or categories. */
export async function eligibleLineIndexes(
  db: Database,
  row: DiscountCodeRow,
  lines: DiscountCodeContext['lines'],
): Promise<number[] | null> {
  if (row.appliesTo === 'all') return null;
  const targets = new Set(row.targetIds);
  if (row.appliesTo === 'products') {
    return lines.flatMap((l, i) => (targets.has(l.productId) ? [i] : []));
  }
  const ids = [...new Set(lines.map((l) => l.productId))].filter((id) => id <= MAX_DB_ID);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: products.id, categoryId: products.categoryId })
          .from(products)
          .where(inArray(products.id, ids));
  const categoryOf = new Map(rows.map((r) => [r.id, r.categoryId]));
  return lines.flatMap((l, i) => {
    const category = categoryOf.get(l.productId);
    return category !== undefined && category !== null && targets.has(category) ? [i] : [];
  });
}
