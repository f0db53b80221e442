/**
 * The one place an order's discounts are decided (issue 34 §1, §4, §5; decision 0046): the member's signup
 * percent and the membership plan they hold and chose (`memberOrderDiscounts`), and the discount code the
 * shopper entered, resolved against the priced lines (`resolveDiscountCode`, decision 0047). Place-order prices
 * the lines, asks this for the discounts, and totals the order with them (`totalOrderLines`); the order then
 * stores each discount and the names shown with it (plan name, code), and redeems the code in its transaction.
 */
import { type CodeDiscount, type OrderDiscounts } from '@store/shared/checkout-totals';
import type { Database } from '../../db/client';
import { memberOrderDiscounts } from '../accounts/discount-plans';
import { resolveDiscountCode } from '../discount-codes/resolve-discount-code';
import type { PricedOrderLine } from './price-order-lines';

/** What decides an order's discounts: who orders, what they chose, and the lines as the server priced them. */
export interface OrderDiscountRequest {
  /** The signed-in member, or null for a guest (guests get no member discounts). */
  member: { userId: number } | null;
  /** The membership plan the member chose (SPEC `discountPlan`), if any. */
  discountPlan?: number | null | undefined;
  /** The order's email (a code may be tied to one, or used once per email). */
  email?: string | null;
  /** The priced lines, in the order sent: a code's eligible lines are indexes into them. */
  lines: readonly PricedOrderLine[];
  /** The discount code the shopper applied (place-order's `discount_code`), or null. */
  discountCode?: string | null;
}

/** The order's discounts for `computeCheckoutTotals`, with the names the order keeps beside the amounts. */
export interface DecidedOrderDiscounts {
  discounts: OrderDiscounts & { code: CodeDiscount | null };
  /** The chosen plan's name as it is now (kept on the order, shown on its discount line). */
  membershipPlanName: string | null;
  /** The applied code's row, redeemed in the order's transaction (`redeemDiscountCode`); null without a code. */
  discountCodeId: number | null;
}

/**
 * Decides the discounts of one order. Throws HttpError 400 (ACCOUNT_MESSAGES.planUnknown / planNotHeld) when the
 * member chose a plan that is not an active membership plan they hold, and with the code's reason
 * (DISCOUNT_CODE_MESSAGES, `resolveDiscountCode`) when the discount code does not apply to this order.
 */
export async function decideOrderDiscounts(
  db: Database,
  request: OrderDiscountRequest,
): Promise<DecidedOrderDiscounts> {
  const member = request.member
    ? await memberOrderDiscounts(db, request.member.userId, request.discountPlan)
    : { signupPercent: 0, membershipPercent: 0, membershipPlanName: null };
  const code = request.discountCode
    ? await resolveDiscountCode(db, request.discountCode, {
        lines: request.lines,
        email: request.email ?? null,
        userId: request.member?.userId ?? 0,
      })
    : null;
  return {
    discounts: {
      signupPercent: member.signupPercent,
      membershipPercent: member.membershipPercent,
      code: code?.discount ?? null,
    },
    membershipPlanName: member.membershipPlanName,
    discountCodeId: code?.codeId ?? null,
  };
}
