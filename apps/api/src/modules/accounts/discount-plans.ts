/**
 * Member discount plans (SPEC §3 User detail response, §9 checkout maths; decision 0012): the first active
 * signup plan gives every member order its percent; a member may choose one active membership plan at
 * checkout. Guests get neither.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Plan } from '@store/shared/account';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { HttpError } from '../../plugins/error-handling';
import type { Database } from '../../db/client';
import { discountPlans } from '../../db/schema';

async function activePlans(db: Database, kind: 'signup' | 'membership'): Promise<Plan[]> {
  const rows = await db
    .select()
    .from(discountPlans)
    .where(and(eq(discountPlans.kind, kind), eq(discountPlans.active, true)))
    .orderBy(asc(discountPlans.sortOrder), asc(discountPlans.id));
  return rows.map((p) => ({ id: p.id, plan_name: p.planName, discount_percentage: p.discountPercentage }));
}

/** `signup_plans` and `user_membership_plans` of `GET /api/user`. */
export async function memberPlans(db: Database): Promise<{ signup: Plan[]; membership: Plan[] }> {
  const [signup, membership] = await Promise.all([activePlans(db, 'signup'), activePlans(db, 'membership')]);
  return { signup, membership };
}

/** What a member order is discounted by: the first signup plan, and the chosen membership plan if any. */
export interface MemberOrderDiscounts {
  signupPercent: number;
  membershipPercent: number;
  membershipPlanName: string | null;
}

/**
 * The discounts of an order placed by a member who chose `planId` (or none). Throws HttpError 400
 * ACCOUNT_MESSAGES.planUnknown when the plan is not an active membership plan.
 */
export async function memberOrderDiscounts(
  db: Database,
  planId: number | null | undefined,
): Promise<MemberOrderDiscounts> {
  const plans = await memberPlans(db);
  const chosen = planId == null ? null : plans.membership.find((p) => p.id === planId);
  if (planId != null && !chosen) {
    throw new HttpError(400, ACCOUNT_MESSAGES.planUnknown, [
      { field: 'discountPlan', message: ACCOUNT_MESSAGES.planUnknown },
    ]);
  }
  return {
    signupPercent: plans.signup[0]?.discount_percentage ?? 0,
    membershipPercent: chosen?.discount_percentage ?? 0,
    membershipPlanName: chosen?.plan_name ?? null,
  };
}
