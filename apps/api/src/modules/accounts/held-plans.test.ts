/**
 * Membership plans are held, not chosen (issue 34 §4; decision 0012) through the real app: a new member is offered
 * none; an admin grants one in the back office (audited) and it is offered and applied; removing it stops it
 * (audited); an order or a wallet order with a plan the member does not hold is refused 400 and writes nothing;
 * two grants or removals at once make one change and one audit row. Run on PostgreSQL too with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { ADMIN_CUSTOMER_MESSAGES } from '@store/shared/admin-customers';
import { computeCheckoutTotals, lineSubtotalCents } from '@store/shared/checkout-totals';
import { centsToDecimalString } from '@store/shared/money';
import { auditLog, discountPlans, heldPlans, orders } from '../../db/schema';
import { changedTables, databaseFingerprint } from '../../../tests/database-fingerprint';
import { injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { bearer, seedCustomer, seedStaff } from '../../../tests/seeders';
import { testOrderBody, TEST_STORE_SETTINGS } from '../orders/test-order-body';

let t: TestApp;
let adminToken = '';
let staffToken = '';
let productId = 0;
/** The seeded membership plans (migration 0004): Loyalty Member 5 %, Trade Member 7 %. */
let loyalty = { id: 0, percent: 0 };
let trade = { id: 0, percent: 0 };

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.rateLimits.placeOrdersPerMinute = 10_000;
    },
  });
  productId = await seedProduct(t.database.db, {
    sku: 'PLAN-1',
    title: 'Held Plan Wiper',
    priceCents: 5000,
    stock: 1000,
  });
  adminToken = (await seedStaff(t, { email: 'plans.admin@example.com', role: 'admin', name: 'Plans admin' }))
    .token;
  staffToken = (await seedStaff(t, { email: 'plans.staff@example.com', role: 'staff', name: 'Plans staff' }))
    .token;
  const plans = await t.database.db.select().from(discountPlans).where(eq(discountPlans.kind, 'membership'));
  const byName = (name: string) => {
    const p = plans.find((x) => x.planName === name);
    if (!p) throw new Error(`plan ${name} not seeded`);
    return { id: p.id, percent: p.discountPercentage };
  };
  loyalty = byName('Loyalty Member');
  trade = byName('Trade Member');
});
afterAll(() => t.close());

const register = (email: string) => seedCustomer(t, { email, name: 'Pat Plans' });

async function offered(token: string) {
  const res = await t.app.inject({ url: '/api/user', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { data: { user_membership_plans: { id: number; plan_name: string }[] } } })
    .data.data.user_membership_plans;
}

const planCall = (method: 'PUT' | 'DELETE', userId: number, planId: number, token = adminToken) =>
  t.app.inject({
    method,
    url: `/api/admin/customers/${userId}/membership-plans/${planId}`,
    headers: bearer(token),
  });

/** A member order of `quantity` wipers at the figures the server quotes with `membershipPercent`. */
function memberOrder(quantity: number, membershipPercent: number, extra: Record<string, unknown> = {}) {
  const lines = [{ id: productId, unitPriceCents: 5000, quantity }];
  const totals = computeCheckoutTotals(lines, TEST_STORE_SETTINGS, { signupPercent: 10, membershipPercent });
  const d = centsToDecimalString;
  return testOrderBody(lines, {
    subTotal: d(totals.subtotalCents),
    delivery_charges: d(totals.deliveryChargeCents),
    totalGst: d(totals.gstCents),
    grand_total: d(totals.totalCents),
    total_amount: d(totals.totalCents),
    products: lines.map((l) => ({ id: l.id, quantity: l.quantity, qp_subtotal: d(lineSubtotalCents(l)) })),
    ...extra,
  });
}

const placeOrder = (token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/place-order',
    headers: { ...bearer(token), 'idempotency-key': randomUUID() },
    payload,
  });

const customerAudit = (userId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'customer'), eq(auditLog.entityId, String(userId))));

describe('membership plans are held, not chosen', () => {
  it('a new member is offered no membership plan, and the signup plan still applies', async () => {
    const m = await register('new.member.plans@example.com');
    expect(await offered(m.token)).toEqual([]);
    const placed = await placeOrder(m.token, memberOrder(1, 0));
    expect(placed.statusCode, placed.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.publicId, (placed.json() as { data: { id: string } }).data.id));
    expect(row).toMatchObject({
      signupDiscountCents: 500,
      membershipDiscountCents: 0,
      membershipPlanName: null,
    });
  });

  it('an order or wallet order with a plan not held is refused 400 with the message and writes nothing', async () => {
    const m = await register('not.held@example.com');
    // The earlier test's order confirmation is a job that stamps its order when mailed: done before "before".
    await t.app.mail.settled();
    const before = await databaseFingerprint(t.database.db);
    const refused = await placeOrder(m.token, memberOrder(2, trade.percent, { discountPlan: trade.id }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: ACCOUNT_MESSAGES.planNotHeld,
      errors: [{ field: 'discountPlan', message: ACCOUNT_MESSAGES.planNotHeld }],
    });
    const wallet = await t.app.inject({
      method: 'POST',
      url: '/api/payments/wallet-orders',
      headers: bearer(m.token),
      payload: { products: [{ id: productId, quantity: 2 }], discountPlan: trade.id },
    });
    expect(wallet.statusCode).toBe(400);
    expect(wallet.json().message).toBe(ACCOUNT_MESSAGES.planNotHeld);
    expect(changedTables(before, await databaseFingerprint(t.database.db))).toEqual([]);
    // An id that is no membership plan at all keeps its own message.
    const unknown = await placeOrder(m.token, memberOrder(1, 0, { discountPlan: 99_999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(ACCOUNT_MESSAGES.planUnknown);
  });

  it('an admin grant makes the plan offered and applied; removal stops it; each writes one audit row', async () => {
    const m = await register('granted@example.com');
    const granted = await planCall('PUT', m.id, trade.id);
    expect(granted.statusCode, granted.body).toBe(200);
    const answer = granted.json() as {
      message: string;
      data: { membership_plans: { id: number; held: boolean; granted_by: string | null }[] };
      audit: { action: string; staff_name: string; before: unknown; after: Record<string, unknown> }[];
    };
    expect(answer.message).toBe(ADMIN_CUSTOMER_MESSAGES.planGranted('Trade Member'));
    expect(answer.data.membership_plans).toEqual([
      expect.objectContaining({ id: loyalty.id, held: false, granted_by: null, granted_at: null }),
      expect.objectContaining({
        id: trade.id,
        held: true,
        active: true,
        granted_by: 'Plans admin',
        granted_at: expect.any(String),
      }),
    ]);
    expect(answer.audit).toEqual([
      expect.objectContaining({
        action: 'customer.plan_grant',
        staff_name: 'Plans admin',
        before: null,
        after: { membership_plan: 'Trade Member', plan_id: trade.id, discount_percentage: trade.percent },
      }),
    ]);
    expect((await offered(m.token)).map((p) => p.plan_name)).toEqual(['Trade Member']);

    // Usable: 2 x $50 = $100, 10 % signup and 7 % Trade off, as the checkout quotes it.
    const placed = await placeOrder(m.token, memberOrder(2, trade.percent, { discountPlan: trade.id }));
    expect(placed.statusCode, placed.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.publicId, (placed.json() as { data: { id: string } }).data.id));
    expect(row).toMatchObject({
      userId: m.id,
      signupDiscountCents: 1000,
      membershipDiscountCents: 700,
      membershipPlanName: 'Trade Member',
    });
    // Loyalty was not granted: still refused.
    const other = await placeOrder(m.token, memberOrder(1, loyalty.percent, { discountPlan: loyalty.id }));
    expect(other.statusCode).toBe(400);

    // Granting again changes nothing and writes no second row.
    const again = await planCall('PUT', m.id, trade.id);
    expect(again.json().message).toBe(ADMIN_CUSTOMER_MESSAGES.planAlreadyHeld('Trade Member'));
    expect(await customerAudit(m.id)).toHaveLength(1);

    const removed = await planCall('DELETE', m.id, trade.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(ADMIN_CUSTOMER_MESSAGES.planRemoved('Trade Member'));
    expect(removed.json().audit[0]).toMatchObject({
      action: 'customer.plan_remove',
      before: { membership_plan: 'Trade Member', plan_id: trade.id, discount_percentage: trade.percent },
      after: null,
    });
    const rows = await customerAudit(m.id);
    expect(rows.map((r) => r.action).sort()).toEqual(['customer.plan_grant', 'customer.plan_remove']);
    expect(rows.every((r) => r.staffId !== null)).toBe(true);
    expect(await offered(m.token)).toEqual([]);
    const afterRemoval = await placeOrder(m.token, memberOrder(2, trade.percent, { discountPlan: trade.id }));
    expect(afterRemoval.statusCode).toBe(400);
    expect(afterRemoval.json().message).toBe(ACCOUNT_MESSAGES.planNotHeld);
    // The order placed while it was held keeps its discount.
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, row!.id));
    expect(kept?.membershipDiscountCents).toBe(700);

    const notHeld = await planCall('DELETE', m.id, trade.id);
    expect(notHeld.json().message).toBe(ADMIN_CUSTOMER_MESSAGES.planNotHeld('Trade Member'));
    expect(await customerAudit(m.id)).toHaveLength(2);
  });

  it('a switched-off plan is neither offered nor applied, cannot be granted, and can still be removed', async () => {
    const m = await register('switched.off@example.com');
    expect((await planCall('PUT', m.id, loyalty.id)).statusCode).toBe(200);
    await t.database.db.update(discountPlans).set({ active: false }).where(eq(discountPlans.id, loyalty.id));
    try {
      expect(await offered(m.token)).toEqual([]);
      const refused = await placeOrder(
        m.token,
        memberOrder(1, loyalty.percent, { discountPlan: loyalty.id }),
      );
      expect(refused.json().message).toBe(ACCOUNT_MESSAGES.planUnknown);
      const other = await register('switched.off.2@example.com');
      const grant = await planCall('PUT', other.id, loyalty.id);
      expect(grant.statusCode).toBe(409);
      expect(grant.json().message).toBe(ADMIN_CUSTOMER_MESSAGES.planInactive);
      const detail = (
        await t.app.inject({ url: `/api/admin/customers/${m.id}`, headers: bearer(adminToken) })
      )
        .json()
        .data.membership_plans.find((p: { id: number }) => p.id === loyalty.id);
      expect(detail).toMatchObject({ held: true, active: false });
      expect((await planCall('DELETE', m.id, loyalty.id)).statusCode).toBe(200);
    } finally {
      await t.database.db.update(discountPlans).set({ active: true }).where(eq(discountPlans.id, loyalty.id));
    }
  });

  it('only admins may grant or remove; unknown customers and plans are 404 and write nothing', async () => {
    const m = await register('who.grants@example.com');
    const before = await databaseFingerprint(t.database.db);
    for (const method of ['PUT', 'DELETE'] as const) {
      const url = `/api/admin/customers/${m.id}/membership-plans/${trade.id}`;
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      expect((await planCall(method, m.id, trade.id, m.token)).statusCode).toBe(403);
      expect((await planCall(method, m.id, trade.id, staffToken)).statusCode).toBe(403);
      expect((await planCall(method, 999_999, trade.id)).json().message).toBe(
        ADMIN_CUSTOMER_MESSAGES.customerNotFound,
      );
      expect((await planCall(method, m.id, 999_999)).json().message).toBe(
        ADMIN_CUSTOMER_MESSAGES.planNotFound,
      );
    }
    // The signup plan is not a membership plan: it cannot be granted.
    const [signup] = await t.database.db.select().from(discountPlans).where(eq(discountPlans.kind, 'signup'));
    expect((await planCall('PUT', m.id, signup!.id)).statusCode).toBe(404);
    expect(changedTables(before, await databaseFingerprint(t.database.db))).toEqual([]);
  });

  it('ten grants at once make one held row and one audit row; ten removals at once, one of each too', async () => {
    const m = await register('race.plans@example.com');
    const request = (method: 'PUT' | 'DELETE') => () => ({
      method,
      url: `/api/admin/customers/${m.id}/membership-plans/${trade.id}`,
      headers: bearer(adminToken),
    });
    const grants = await injectAtOnce(t.app, 10, request('PUT'));
    expect(statusCounts(grants)).toEqual({ 200: 10 });
    const messages = grants.map((r) => r.json().message as string);
    expect(messages.filter((x) => x === ADMIN_CUSTOMER_MESSAGES.planGranted('Trade Member'))).toHaveLength(1);
    const held = await t.database.db.select().from(heldPlans).where(eq(heldPlans.userId, m.id));
    expect(held).toHaveLength(1);
    expect(await customerAudit(m.id)).toHaveLength(1);

    const removals = await injectAtOnce(t.app, 10, request('DELETE'));
    expect(statusCounts(removals)).toEqual({ 200: 10 });
    expect(
      removals.filter((r) => r.json().message === ADMIN_CUSTOMER_MESSAGES.planRemoved('Trade Member')),
    ).toHaveLength(1);
    expect(await t.database.db.select().from(heldPlans).where(eq(heldPlans.userId, m.id))).toEqual([]);
    expect(await customerAudit(m.id)).toHaveLength(2);
  });
});
