/**
 * Member accounts through the real app (issue 9; DESIGN §5 rules 4-6): sign-up, sign-in, sessions, profile,
 * saved addresses, order history, member discounts, and that one member can never reach another's data.
 */
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { PHONE_SHAPE_MESSAGE } from '@store/shared/phone';
import { computeCheckoutTotals, lineSubtotalCents } from '@store/shared/checkout-totals';
import { centsToDecimalString } from '@store/shared/money';
import { discountPlans, heldPlans, orders, userSessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedProduct } from '../../../tests/seed-catalog';
import { testOrderBody, TEST_CUSTOMER, TEST_STORE_SETTINGS } from '../orders/test-order-body';

let t: TestApp;
let productId = 0;
const PASSWORD = 'Str0ng!pass';

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.rateLimits.placeOrdersPerMinute = 10_000;
      c.rateLimits.orderLookupsPerMinute = 10_000;
    },
  });
  productId = await seedProduct(t.database.db, {
    sku: 'ACC-1',
    title: 'Member Wiper',
    priceCents: 5000,
    stock: 1000,
  });
});
afterAll(() => t.close());

let counter = 0;
/** A distinct client address per call, so the per-IP limits of sign-up and sign-in stay out of the way. */
const nextIp = () => `10.9.${Math.floor(++counter / 250)}.${(counter % 250) + 1}`;

async function call(options: InjectOptions & { token?: string }) {
  const { token, ...rest } = options;
  const res = await t.app.inject({
    remoteAddress: nextIp(),
    ...rest,
    headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { res, body: res.json() as Record<string, unknown> & { message?: string } };
}

async function register(email: string, extra: Record<string, unknown> = {}) {
  const { res, body } = await call({
    method: 'POST',
    url: '/api/registered',
    payload: { name: 'Sam Lee', email, password: PASSWORD, phone: '0412345678', ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body as {
    token: string;
    user: { id: number; role_id: number; created_by: number; user_meta: unknown[] };
  };
}

const ADDRESS = {
  f_name: 'Sam',
  l_name: 'Lee',
  email: 'sam@example.com',
  phone: '0412345678',
  street_address: '12 Railway Tce',
  city: 'Guildford',
  state: 'New South Wales',
  post_code: '2161',
  address_type: 'Home',
};

describe('sign-up', () => {
  it('creates a customer (role 5, created by 0, whatever is sent) with business details, signed in', async () => {
    const body = await register('New.Member@Example.com', {
      role_id: 1,
      created_by: 42,
      _b_name: 'Lee Motors',
      _b_number: '51824753556',
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({
      message: ACCOUNT_MESSAGES.registered,
      subscription: false,
      user: { email: 'new.member@example.com', role_id: 5, created_by: 0 },
    });
    expect(body.user.user_meta).toEqual([
      { option: '_b_name', value: 'Lee Motors' },
      { option: '_b_number', value: '51824753556' },
    ]);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'new.member@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a second account with the same email, in any case', async () => {
    await register('twice@example.com');
    const again = await call({
      method: 'POST',
      url: '/api/registered',
      payload: { name: 'Other', email: 'TWICE@example.com', password: PASSWORD, phone: '0400000000' },
    });
    expect(again.res.statusCode).toBe(409);
    expect(again.body.message).toBe(ACCOUNT_MESSAGES.emailTaken);
  });

  it('lets a guest who ordered with an email register with it', async () => {
    const order = await call({
      method: 'POST',
      url: '/api/place-order',
      payload: testOrderBody([{ id: productId, unitPriceCents: 5000, quantity: 1 }], {
        email: 'guest.buyer@example.com',
      }),
    });
    expect(order.res.statusCode).toBe(200);
    await register('guest.buyer@example.com');
  });

  it.each([
    [{ password: 'short!A' }, ACCOUNT_MESSAGES.passwordTooShort],
    [{ password: 'nouppercase!1' }, ACCOUNT_MESSAGES.passwordUppercase],
    [{ password: 'NoSpecial123' }, ACCOUNT_MESSAGES.passwordSpecial],
    [{ name: 'Sam-Lee!' }, ACCOUNT_MESSAGES.nameCharacters],
    [{ phone: '04 twelve' }, ACCOUNT_MESSAGES.phoneDigits],
    [{ phone: '+61 412' }, PHONE_SHAPE_MESSAGE],
    [{ email: 'not-an-email' }, ACCOUNT_MESSAGES.invalidEmail],
  ])('%j is refused with %j', async (change, message) => {
    const { res, body } = await call({
      method: 'POST',
      url: '/api/registered',
      payload: {
        name: 'Sam Lee',
        email: 'rules@example.com',
        password: PASSWORD,
        phone: '0412345678',
        ...change,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(body.message).toBe(message);
  });

  it('signs the new member in: the answered session works at once, and a spaced phone is stored as digits', async () => {
    const body = await register('signed.in@example.com', { phone: '+61 412 345 678' });
    const { res, body: detail } = await call({ method: 'GET', url: '/api/profile', token: body.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(detail).toMatchObject({ data: { email: 'signed.in@example.com', phone: '0412345678' } });
  });
});

describe('sign-in and sessions', () => {
  it('signs in with the right password, in any email case, and answers 401 alike for a wrong password or email', async () => {
    await register('login@example.com');
    const ok = await call({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'LOGIN@example.com', password: PASSWORD },
    });
    expect(ok.res.statusCode).toBe(200);
    expect(ok.body).toMatchObject({
      message: ACCOUNT_MESSAGES.loggedIn,
      user: { email: 'login@example.com' },
    });
    const wrong = await call({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'login@example.com', password: 'Wrong!pass1' },
    });
    const nobody = await call({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@example.com', password: PASSWORD },
    });
    expect([wrong.res.statusCode, nobody.res.statusCode]).toEqual([401, 401]);
    expect(wrong.body.message).toBe(ACCOUNT_MESSAGES.wrongCredentials);
    expect(nobody.body.message).toBe(wrong.body.message);
  });

  it('answers 429 with Retry-After past 10 sign-ins a minute from one address', async () => {
    const statuses: number[] = [];
    let retryAfter: string | number | string[] | undefined;
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.200.0.1',
        payload: { email: 'login@example.com', password: 'Wrong!pass1' },
      });
      statuses.push(res.statusCode);
      retryAfter = res.headers['retry-after'];
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('a member route without a token, with a made-up one, with a revoked one or an expired one answers 401', async () => {
    const { token } = await register('session@example.com');
    expect((await call({ url: '/api/profile', token })).res.statusCode).toBe(200);
    expect((await call({ url: '/api/profile' })).res.statusCode).toBe(401);
    expect((await call({ url: '/api/profile', token: 'x'.repeat(43) })).res.statusCode).toBe(401);
    const out = await call({ method: 'POST', url: '/api/logout', token });
    expect(out.body.message).toBe(ACCOUNT_MESSAGES.signedOut);
    const after = await call({ url: '/api/profile', token });
    expect(after.res.statusCode).toBe(401);
    expect(after.body.message).toBe(ACCOUNT_MESSAGES.sessionRequired);

    const second = await register('expired@example.com');
    await t.database.db
      .update(userSessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(userSessions.userId, second.user.id));
    expect((await call({ url: '/api/profile', token: second.token })).res.statusCode).toBe(401);
  });
});

describe('profile', () => {
  it('updates name, phone and business details; email, role and creator sent back change nothing', async () => {
    const { token } = await register('profile@example.com', { _b_name: 'Old Name Pty' });
    const { res, body } = await call({
      method: 'POST',
      url: '/api/profile/update',
      token,
      payload: {
        name: 'Samantha Lee',
        phone: '0499999999',
        email: 'hijack@example.com',
        role_id: 1,
        created_by: 7,
        _b_name: '',
        _b_street_address: '1 Trade St',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body).toMatchObject({
      message: ACCOUNT_MESSAGES.profileUpdated,
      data: {
        name: 'Samantha Lee',
        phone: '0499999999',
        email: 'profile@example.com',
        role_id: 5,
        created_by: 0,
        user_meta: [{ option: '_b_street_address', value: '1 Trade St' }],
      },
    });
  });

  it('changes the password only with the right current one, and ends the other sessions', async () => {
    const first = await register('password@example.com');
    const other = await call({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'password@example.com', password: PASSWORD },
    });
    const otherToken = other.body.token as string;
    const base = { name: 'Sam Lee', phone: '0412345678' };
    const wrong = await call({
      method: 'POST',
      url: '/api/profile/update',
      token: first.token,
      payload: { ...base, old_password: 'Wrong!pass1', password: 'N3w!password' },
    });
    expect(wrong.res.statusCode).toBe(400);
    expect(wrong.body.message).toBe(ACCOUNT_MESSAGES.oldPasswordWrong);
    const missing = await call({
      method: 'POST',
      url: '/api/profile/update',
      token: first.token,
      payload: { ...base, password: 'N3w!password' },
    });
    expect(missing.body.message).toBe(ACCOUNT_MESSAGES.oldPasswordRequired);

    const ok = await call({
      method: 'POST',
      url: '/api/profile/update',
      token: first.token,
      payload: { ...base, old_password: PASSWORD, password: 'N3w!password' },
    });
    expect(ok.res.statusCode).toBe(200);
    expect((await call({ url: '/api/profile', token: first.token })).res.statusCode).toBe(200);
    expect((await call({ url: '/api/profile', token: otherToken })).res.statusCode).toBe(401);
    const oldLogin = await call({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'password@example.com', password: PASSWORD },
    });
    expect(oldLogin.res.statusCode).toBe(401);
  });
});

describe('saved addresses: each member sees only their own', () => {
  it('adds, lists, reads, updates and deletes; user_id in a body is ignored; states become short codes', async () => {
    const a = await register('addr.a@example.com');
    const added = await call({
      method: 'POST',
      url: '/api/user-addresses/store',
      token: a.token,
      payload: { ...ADDRESS, user_id: 999, company: 'Lee Motors' },
    });
    expect(added.res.statusCode, added.res.body).toBe(200);
    expect(added.body).toMatchObject({
      message: ACCOUNT_MESSAGES.addressAdded,
      // One locality field (decision 0059): an address sent without a suburb keeps the city in both.
      data: {
        user_id: a.user.id,
        state: 'NSW',
        company: 'Lee Motors',
        suburb: 'Guildford',
        address_type: 'Home',
      },
    });
    const id = (added.body.data as { id: number }).id;
    const list = await call({ url: '/api/user-addresses', token: a.token });
    expect(
      (list.body.data as { data: { shipping_addresses: unknown[] } }).data.shipping_addresses,
    ).toHaveLength(1);

    const updated = await call({
      method: 'PUT',
      url: `/api/user-addresses/${id}`,
      token: a.token,
      payload: { street_address: '14 Railway Tce', user_id: 999 },
    });
    expect(updated.body).toMatchObject({
      message: ACCOUNT_MESSAGES.addressUpdated,
      data: { street_address: '14 Railway Tce', city: 'Guildford', user_id: a.user.id },
    });
    const badUpdate = await call({
      method: 'PUT',
      url: `/api/user-addresses/${id}`,
      token: a.token,
      payload: { post_code: '3000' },
    });
    expect(badUpdate.res.statusCode).toBe(400);
    expect(badUpdate.body.message).toBe('Post code 3000 is not in NSW');

    const deleted = await call({ method: 'DELETE', url: `/api/user-addresses/${id}`, token: a.token });
    expect(deleted.body.message).toBe(ACCOUNT_MESSAGES.addressDeleted);
    expect((await call({ url: `/api/user-addresses/${id}`, token: a.token })).res.statusCode).toBe(404);

    // Undo (decision 0059): the delete answers the address, and storing it again brings it back whole.
    const gone = deleted.body.data as Record<string, unknown>;
    expect(gone).toMatchObject({ id, street_address: '14 Railway Tce', company: 'Lee Motors' });
    const { id: _id, user_id: _userId, ...fields } = gone;
    const restored = await call({
      method: 'POST',
      url: '/api/user-addresses/store',
      token: a.token,
      payload: fields,
    });
    expect(restored.res.statusCode, restored.res.body).toBe(200);
    expect(restored.body.data).toEqual({ ...gone, id: (restored.body.data as { id: number }).id });
    expect(
      (await call({ method: 'DELETE', url: `/api/user-addresses/${id}`, token: a.token })).res.statusCode,
    ).toBe(404);
  });

  it('member B gets 404 for member A address by every route, and A keeps it unchanged', async () => {
    const a = await register('owner.a@example.com');
    const b = await register('other.b@example.com');
    const added = await call({
      method: 'POST',
      url: '/api/user-addresses/store',
      token: a.token,
      payload: ADDRESS,
    });
    const id = (added.body.data as { id: number }).id;
    const byB = [
      await call({ url: `/api/user-addresses/${id}`, token: b.token }),
      await call({
        method: 'PUT',
        url: `/api/user-addresses/${id}`,
        token: b.token,
        payload: { city: 'Melbourne' },
      }),
      await call({ method: 'DELETE', url: `/api/user-addresses/${id}`, token: b.token }),
    ];
    expect(byB.map((r) => r.res.statusCode)).toEqual([404, 404, 404]);
    const listB = await call({ url: '/api/user-addresses', token: b.token });
    expect((listB.body.data as { data: { shipping_addresses: unknown[] } }).data.shipping_addresses).toEqual(
      [],
    );
    const stillA = await call({ url: `/api/user-addresses/${id}`, token: a.token });
    expect(stillA.body).toMatchObject({ data: { city: 'Guildford', street_address: '12 Railway Tce' } });
  });

  it('an id past PostgreSQL integer answers 400, not a database error (found by the fuzz suite)', async () => {
    const a = await register('big.id@example.com');
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const { res, body } = await call({
        method,
        url: '/api/user-addresses/2147483648',
        token: a.token,
        ...(method === 'PUT' ? { payload: {} } : {}),
      });
      expect(res.statusCode).toBe(400);
      expect(body.message).toBe('Invalid params: id must be an address id such as 12');
    }
  });

  it('refuses a missing address type and the checkout rules with their messages', async () => {
    const a = await register('addr.rules@example.com');
    const noType = await call({
      method: 'POST',
      url: '/api/user-addresses/store',
      token: a.token,
      payload: { ...ADDRESS, address_type: '' },
    });
    expect(noType.body.message).toBe(ACCOUNT_MESSAGES.addressTypeRequired);
    const noCity = await call({
      method: 'POST',
      url: '/api/user-addresses/store',
      token: a.token,
      payload: { ...ADDRESS, city: '' },
    });
    expect(noCity.body.message).toBe('City is required');
  });
});

describe('member orders, order history and discounts', () => {
  /** A card order body for a member with `planPercent` chosen (0 = none) and the 10% signup discount. */
  const memberOrder = (quantity: number, planPercent: number, extra: Record<string, unknown> = {}) => {
    const lines = [{ id: productId, unitPriceCents: 5000, quantity }];
    const totals = computeCheckoutTotals(lines, TEST_STORE_SETTINGS, {
      signupPercent: 10,
      membershipPercent: planPercent,
    });
    const d = centsToDecimalString;
    return {
      body: testOrderBody(lines, {
        subTotal: d(totals.subtotalCents),
        delivery_charges: d(totals.deliveryChargeCents),
        totalGst: d(totals.gstCents),
        grand_total: d(totals.totalCents),
        total_amount: d(totals.totalCents),
        products: lines.map((l) => ({
          id: l.id,
          quantity: l.quantity,
          qp_subtotal: d(lineSubtotalCents(l)),
        })),
        ...extra,
      }),
      totals,
    };
  };

  it("the store config states the signup plan's percent for the top bar", async () => {
    const { body } = await call({ url: '/api/store-config' });
    expect((body.data as { member_discount_percent: number }).member_discount_percent).toBe(10);
  });

  /** Grants every membership plan to `userId`, as an admin does in the back office (issue 34 §4). */
  async function grantAllPlans(userId: number) {
    const plans = await t.database.db
      .select()
      .from(discountPlans)
      .where(eq(discountPlans.kind, 'membership'));
    await t.database.db.insert(heldPlans).values(plans.map((p) => ({ userId, planId: p.id })));
  }

  it('GET /api/user lists the signup plan (10%) and only the membership plans the member holds', async () => {
    const a = await register('plans@example.com');
    const plansOf = async () => {
      const { body } = await call({ url: '/api/user', token: a.token });
      return (
        body.data as {
          data: {
            signup_plans: { discount_percentage: number }[];
            user_membership_plans: { plan_name: string }[];
          };
        }
      ).data;
    };
    const before = await plansOf();
    expect(before.signup_plans[0]?.discount_percentage).toBe(10);
    expect(before.user_membership_plans).toEqual([]);
    await grantAllPlans(a.user.id);
    expect((await plansOf()).user_membership_plans.map((p) => p.plan_name)).toEqual([
      'Loyalty Member',
      'Trade Member',
    ]);
  });

  it('a member order gets the signup and plan discounts, belongs to the bearer whatever user_id says, and shows in history', async () => {
    const a = await register('buyer.a@example.com');
    const b = await register('buyer.b@example.com');
    await grantAllPlans(a.user.id);
    const { body: userBody } = await call({ url: '/api/user', token: a.token });
    const trade = (
      userBody.data as { data: { user_membership_plans: { id: number; discount_percentage: number }[] } }
    ).data.user_membership_plans[1];
    if (!trade) throw new Error('no plan');
    const { body, totals } = memberOrder(2, trade.discount_percentage, {
      discountPlan: trade.id,
      user_id: b.user.id,
    });
    // $100 subtotal (inc. GST): 10% signup ($10) and 7% Trade ($7) off, free delivery: $83.00 charged. GST included
    // line by line (decision 0046): 100.00 / 11 = 9.09, less 10.00 / 11 = 0.91 and 7.00 / 11 = 0.64: 7.54.
    expect(totals).toMatchObject({
      subtotalCents: 10000,
      signupDiscountCents: 1000,
      membershipDiscountCents: 700,
      gstCents: 754,
      totalCents: 8300,
    });
    const placed = await call({ method: 'POST', url: '/api/place-order', token: a.token, payload: body });
    expect(placed.res.statusCode, placed.res.body).toBe(200);
    const order = placed.body.data as { id: string; total_amount: string; f_name: string | null };
    expect(order.total_amount).toBe('83.00');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, order.id));
    expect(row).toMatchObject({
      userId: a.user.id,
      signupDiscountCents: 1000,
      membershipDiscountCents: 700,
      membershipPlanName: 'Trade Member',
    });

    const historyA = await call({ url: `/api/user-order?column=user_id&value=${a.user.id}`, token: a.token });
    expect((historyA.body.data as { id: string; payment_method: string }[]).map((o) => o.id)).toEqual([
      order.id,
    ]);
    const historyB = await call({ url: `/api/user-order?column=user_id&value=${a.user.id}`, token: b.token });
    expect(historyB.body.data).toEqual([]);

    const asOwner = await call({ url: `/api/orders-detail?id=${order.id}`, token: a.token });
    expect(asOwner.body.data).toMatchObject({
      f_name: TEST_CUSTOMER.f_name,
      email: TEST_CUSTOMER.email,
      phone: TEST_CUSTOMER.phone,
    });
    const asOther = await call({ url: `/api/orders-detail?id=${order.id}`, token: b.token });
    const asGuest = await call({ method: 'POST', url: '/api/guest/track-order', payload: { id: order.id } });
    expect((asOther.body.data as { f_name: unknown }).f_name).toBeNull();
    expect((asGuest.body.data as { email: unknown }).email).toBeNull();
  });

  it('a member who sends guest figures gets 409 with the discounted ones; a guest sending a plan gets no discount', async () => {
    const a = await register('figures@example.com');
    const guestFigures = testOrderBody([{ id: productId, unitPriceCents: 5000, quantity: 1 }]);
    const refused = await call({
      method: 'POST',
      url: '/api/place-order',
      token: a.token,
      payload: guestFigures,
    });
    expect(refused.res.statusCode).toBe(409);
    expect((refused.body.data as { grand_total: string }).grand_total).toBe(
      centsToDecimalString(memberOrder(1, 0).totals.totalCents),
    );
    const guest = await call({
      method: 'POST',
      url: '/api/place-order',
      payload: { ...guestFigures, discountPlan: 1 },
    });
    expect(guest.res.statusCode).toBe(200);
    // $50.00 and $16.50 delivery (under $100), no member discount.
    expect((guest.body.data as { total_amount: string }).total_amount).toBe('66.50');
  });

  it('an order or wallet order sent with a dead bearer answers 401 and writes nothing (never charged as a guest)', async () => {
    const a = await register('dead.bearer@example.com');
    await call({ method: 'POST', url: '/api/logout', token: a.token });
    const [before] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const { body } = memberOrder(1, 0);
    const placed = await call({ method: 'POST', url: '/api/place-order', token: a.token, payload: body });
    expect(placed.res.statusCode).toBe(401);
    expect(placed.body.message).toBe(ACCOUNT_MESSAGES.sessionRequired);
    const wallet = await call({
      method: 'POST',
      url: '/api/payments/wallet-orders',
      token: a.token,
      payload: { products: [{ id: productId, quantity: 1 }] },
    });
    expect(wallet.res.statusCode).toBe(401);
    const [after] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(after?.n).toBe(before?.n);
  });

  it('an unknown plan is refused with a message', async () => {
    const a = await register('badplan@example.com');
    const { body } = memberOrder(1, 0, { discountPlan: 99_999 });
    const res = await call({ method: 'POST', url: '/api/place-order', token: a.token, payload: body });
    expect(res.res.statusCode).toBe(400);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.planUnknown);
  });
});
