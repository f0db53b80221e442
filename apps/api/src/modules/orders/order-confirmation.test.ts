/**
 * The thank-you page's calls through the real app (issue 37 §1, decision 0056): the order read again with the
 * place-order answer's pass (buyer fields, account state, progress dates), refused without it; and "Create an account
 * with this order": the order joins a new account that is signed in, two at once make one account, an email that
 * already has an account is refused with sign-up's own words, and other guest orders of the email stay guests'.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import {
  ORDER_CONFIRMATION_MESSAGES,
  orderConfirmationResponseSchema,
} from '@store/shared/order-confirmation';
import { orders, users } from '../../db/schema';
import { injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { bearer, CUSTOMER_PASSWORD, seedCustomer, seedOrder } from '../../../tests/seeders';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { documentSignature } from './order-document-links';

let t: TestApp;
let productId = 0;
const PASSWORD = 'New!Account1';

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.rateLimits.placeOrdersPerMinute = 100_000;
      c.rateLimits.orderLookupsPerMinute = 100_000;
    },
  });
  await seedCatalog(t.database.db);
  productId = await seedProduct(t.database.db, {
    sku: 'THX-1',
    title: 'Thank-you Brake Pads',
    priceCents: 11_545,
    stock: 1000,
  });
});
afterAll(() => t.close());

async function guestOrder(email: string) {
  const placed = await seedOrder(t, {
    lines: [{ id: productId, unitPriceCents: 11_545, quantity: 2 }],
    fields: { email },
  });
  const pass = placed.answer.order_pass;
  if (typeof pass !== 'string') throw new Error('place-order gave no order_pass');
  return { ...placed, pass };
}

let address = 0;
const confirmation = (publicId: string, payload: Record<string, unknown>, headers = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${publicId}/confirmation`,
    payload,
    headers,
    remoteAddress: `10.37.1.${(++address % 250) + 1}`,
  });
const createAccount = (publicId: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${publicId}/account`,
    payload,
    remoteAddress: `10.37.2.${(++address % 250) + 1}`,
  });

describe('POST /api/orders/{id}/confirmation (the thank-you page after a reload)', () => {
  it('answers the pass holder the order with its buyer, address, status dates and that the email has no account', async () => {
    const { publicId, pass } = await guestOrder('Reload.Me@Example.com');
    const res = await confirmation(publicId, { pass });
    expect(res.statusCode).toBe(200);
    const body = orderConfirmationResponseSchema.parse(res.json());
    expect(body.account).toBe('none');
    expect(body.data.email).toBe('Reload.Me@Example.com');
    expect(body.data.f_name).not.toBeNull();
    expect(body.data.street_address).not.toBe('');
    expect(body.data.order_items.map((i) => [i.product_id, i.quantity, i.qp_subtotal])).toEqual([
      [productId, 2, '230.90'],
    ]);
    expect(body.data.step_dates?.received_at).toBeTruthy();
    expect(body.data.step_dates?.paid_at).toBeTruthy();
    expect(body.data.step_dates?.shipped_at).toBeNull();
  });

  it('refuses the public id alone, a pass of another order, a tampered and an expired pass, and shows no buyer', async () => {
    const { publicId, pass } = await guestOrder('pass.check@example.com');
    const other = await guestOrder('other.pass@example.com');
    const [expires, signature] = pass.split('.') as [string, string];
    const flipped = `${expires}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = `${past}.${await documentSignature(t.database.db, publicId, 'order-confirmation', past)}`;
    // A true signature for another document of this order (its tax invoice) is not a pass either.
    const invoice = `${expires}.${await documentSignature(t.database.db, publicId, 'tax-invoice', Number(expires))}`;
    for (const [given, message] of [
      [undefined, ORDER_CONFIRMATION_MESSAGES.passInvalid],
      [other.pass, ORDER_CONFIRMATION_MESSAGES.passInvalid],
      [flipped, ORDER_CONFIRMATION_MESSAGES.passInvalid],
      [invoice, ORDER_CONFIRMATION_MESSAGES.passInvalid],
      [expired, ORDER_CONFIRMATION_MESSAGES.passExpired],
    ] as const) {
      const res = await confirmation(publicId, given === undefined ? {} : { pass: given });
      expect(res.statusCode, String(given)).toBe(403);
      expect(res.json()).toEqual({ message: message });
      expect(res.body).not.toContain('pass.check@example.com');
    }
    expect((await confirmation(publicId, { pass: 'not-a-pass' })).statusCode).toBe(400);
    expect((await confirmation('NoSuchOrder000000000', { pass })).statusCode).toBe(404);
  });

  it("answers the owner signed in without a pass, and another member's bearer not", async () => {
    const owner = await seedCustomer(t);
    const stranger = await seedCustomer(t);
    const placed = await seedOrder(t, {
      lines: [{ id: productId, unitPriceCents: 11_545, quantity: 1 }],
      token: owner.token,
      discounts: { signupPercent: 10 },
    });
    const mine = await confirmation(placed.publicId, {}, bearer(owner.token));
    expect(mine.statusCode).toBe(200);
    expect(mine.json().account).toBe('owner');
    expect((await confirmation(placed.publicId, {}, bearer(stranger.token))).statusCode).toBe(403);
  });
});

describe('POST /api/orders/{id}/account (create an account with this order)', () => {
  it('makes an account with the order’s name, email and phone, puts the order in it and signs in', async () => {
    const { publicId, pass } = await guestOrder('New.Member@Example.com');
    const res = await createAccount(publicId, { pass, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const answer = res.json<{ token: string; user: { id: number; email: string }; message: string }>();
    expect(answer.message).toBe(ORDER_CONFIRMATION_MESSAGES.accountCreated);
    expect(answer.user.email).toBe('new.member@example.com');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.publicId, publicId));
    expect(order?.userId).toBe(answer.user.id);
    // Signed in: the member's history lists the order, and the new password signs in.
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/user-order',
      headers: bearer(answer.token),
    });
    expect(history.json<{ data: { id: string }[] }>().data.map((o) => o.id)).toEqual([publicId]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'new.member@example.com', password: PASSWORD },
      remoteAddress: '10.37.9.9',
    });
    expect(login.statusCode).toBe(200);
    // The page read again: the order is now the member's.
    expect((await confirmation(publicId, { pass })).json().account).toBe('owner');
    // And the same pass cannot make a second account.
    const again = await createAccount(publicId, { pass, password: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ORDER_CONFIRMATION_MESSAGES.orderInAccount);
  });

  it('leaves the email’s other guest orders as they were (the pass proves this order, not the mailbox)', async () => {
    const earlier = await guestOrder('two.orders@example.com');
    const { publicId, pass } = await guestOrder('two.orders@example.com');
    expect((await createAccount(publicId, { pass, password: PASSWORD })).statusCode).toBe(200);
    const [before] = await t.database.db.select().from(orders).where(eq(orders.publicId, earlier.publicId));
    expect(before?.userId).toBe(0);
  });

  it('refuses an email that already has an account with sign-up’s words, and changes nothing', async () => {
    const member = await seedCustomer(t, { email: 'already.member@example.com' });
    const { publicId, pass } = await guestOrder('Already.Member@example.com');
    expect((await confirmation(publicId, { pass })).json().account).toBe('exists');
    const res = await createAccount(publicId, { pass, password: PASSWORD });
    expect(res.statusCode).toBe(409);
    // The words sign-up answers for the same email: nothing about the account (no name, no id, no orders).
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.emailTaken });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.publicId, publicId));
    expect(order?.userId).toBe(0);
    // The member's password is unchanged.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: member.email, password: CUSTOMER_PASSWORD },
      remoteAddress: '10.37.9.10',
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses without a valid pass, and a password that breaks the SPEC’s rules', async () => {
    const { publicId, pass } = await guestOrder('rules@example.com');
    const other = await guestOrder('rules.other@example.com');
    expect((await createAccount(publicId, { pass: other.pass, password: PASSWORD })).statusCode).toBe(403);
    const weak = await createAccount(publicId, { pass, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'rules@example.com'))).toEqual([]);
  });

  it('two creates at once for one order make one account; two orders of one email at once make one too', async () => {
    const one = await guestOrder('race.one@example.com');
    const sameOrder = await injectAtOnce(t.app, 6, () => ({
      method: 'POST',
      url: `/api/orders/${one.publicId}/account`,
      payload: { pass: one.pass, password: PASSWORD },
    }));
    expect(statusCounts(sameOrder)).toEqual({ 200: 1, 409: 5 });

    const a = await guestOrder('race.two@example.com');
    const b = await guestOrder('Race.Two@example.com');
    const twoOrders = await injectAtOnce(t.app, 2, (i) => {
      const o = i === 0 ? a : b;
      return {
        method: 'POST',
        url: `/api/orders/${o.publicId}/account`,
        payload: { pass: o.pass, password: PASSWORD },
      };
    });
    expect(statusCounts(twoOrders)).toEqual({ 200: 1, 409: 1 });
    expect(twoOrders.find((r) => r.statusCode === 409)?.json()).toEqual({
      message: ACCOUNT_MESSAGES.emailTaken,
    });
    const accounts = await t.database.db.select().from(users).where(eq(users.email, 'race.two@example.com'));
    expect(accounts).toHaveLength(1);
    const owned = await t.database.db.select().from(orders).where(eq(orders.userId, accounts[0]!.id));
    expect(owned).toHaveLength(1);
  });
});
