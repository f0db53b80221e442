/**
 * Member discount plans (SPEC §3 User detail response, §9 checkout maths; decision 0012, issue 34 §4): the first
 * active signup plan gives every member order its percent; a member may apply one active membership plan that
 * they hold (`held_plans`, granted by an admin) at checkout. Guests get neither.
 */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Plan } from '@store/shared/account';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { HttpError } from '../../plugins/error-handling';
import type { Database } from '../../db/client';
import { discountPlans, heldPlans } from '../../db/schema';

const presentPlan = (p: typeof discountPlans.$inferSelect): Plan => ({
  id: p.id,
  plan_name: p.planName,
  discount_percentage: p.discountPercentage,
});

async function activePlans(db: Database, kind: 'signup' | 'membership'): Promise<Plan[]> {
  const rows = await db
    .select()
    .from(discountPlans)
    .where(and(eq(discountPlans.kind, kind), eq(discountPlans.active, true)))
    .orderBy(asc(discountPlans.sortOrder), asc(discountPlans.id));
  return rows.map(presentPlan);
}

/**
 * The store's active plans: `signup` (the first is the top bar's member percent) and every `membership` plan an
 * admin may grant. Not what a member is offered: that is `heldMembershipPlans`.
 */
export async function memberPlans(db: Database): Promise<{ signup: Plan[]; membership: Plan[] }> {
  const [signup, membership] = await Promise.all([activePlans(db, 'signup'), activePlans(db, 'membership')]);
  return { signup, membership };
}

/** `user_membership_plans` of `GET /api/user`: the active membership plans member `userId` holds, in plan order. */
export async function heldMembershipPlans(db: Database, userId: number): Promise<Plan[]> {
  const rows = await db
    .select({ plan: discountPlans })
    .from(heldPlans)
    .innerJoin(discountPlans, eq(discountPlans.id, heldPlans.planId))
    .where(
      and(eq(heldPlans.userId, userId), eq(discountPlans.kind, 'membership'), eq(discountPlans.active, true)),
    )
    .orderBy(asc(discountPlans.sortOrder), asc(discountPlans.id));
  return rows.map((r) => presentPlan(r.plan));
}

/** What a member order is discounted by: the first signup plan, and the chosen membership plan if any. */
export interface MemberOrderDiscounts {
  signupPercent: number;
  membershipPercent: number;
  membershipPlanName: string | null;
}

/**
 * The discounts of an order placed by member `userId` who chose membership plan `planId` (or none). Throws
 * HttpError 400 ACCOUNT_MESSAGES.planUnknown when `planId` is not an active membership plan, and
 * ACCOUNT_MESSAGES.planNotHeld when the member does not hold it (issue 34 §4).
 *
 * One statement reads the signup plan, the chosen plan and whether it is held, so the check and the percent
 * applied come from one snapshot: there is no separate check to race. An admin removing the plan after this read
 * does not take it off the order being priced with it (it was held when the order was priced); the next order is
 * refused. Decision 0012.
 */
export async function memberOrderDiscounts(
  db: Database,
  userId: number,
  planId: number | null | undefined,
): Promise<MemberOrderDiscounts> {
  const rows = await db
    .select({ plan: discountPlans, held: sql<boolean>`${heldPlans.id} is not null` })
    .from(discountPlans)
    .leftJoin(heldPlans, and(eq(heldPlans.planId, discountPlans.id), eq(heldPlans.userId, userId)))
    .where(
      and(
        eq(discountPlans.active, true),
        planId == null
          ? eq(discountPlans.kind, 'signup')
          : or(
              eq(discountPlans.kind, 'signup'),
              and(eq(discountPlans.kind, 'membership'), eq(discountPlans.id, planId)),
            ),
      ),
    )
    .orderBy(asc(discountPlans.sortOrder), asc(discountPlans.id));
  const signup = rows.find((r) => r.plan.kind === 'signup')?.plan;
  const chosen = planId == null ? undefined : rows.find((r) => r.plan.kind === 'membership');
  if (planId != null && !chosen) refusePlan(ACCOUNT_MESSAGES.planUnknown);
  if (chosen && !chosen.held) refusePlan(ACCOUNT_MESSAGES.planNotHeld);
  return {
    signupPercent: signup?.discountPercentage ?? 0,
    membershipPercent: chosen?.plan.discountPercentage ?? 0,
    membershipPlanName: chosen?.plan.planName ?? null,
  };
}

function refusePlan(message: string): never {
  throw new HttpError(400, message, [{ field: 'discountPlan', message }]);
}
