/**
 * A member's cart kept with the account through the real app (issue 37 §5, decision 0060): saved and read back
 * with today's products, members only and each member's own, a save built on an older version refused with the
 * stored cart (409) whatever arrives at once, products no longer sold left out, bad bodies refused by field.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { MEMBER_CART_MESSAGES, type MemberCart } from '@store/shared/member-cart';
import { memberCartLines, products } from '../../db/schema';
import { injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCustomer } from '../../../tests/seeders';
import { seedProduct } from '../../../tests/seed-catalog';

let t: TestApp;
const ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 12; i++) {
    ids.push(
      await seedProduct(t.database.db, {
        sku: `CART-${i}`,
        title: `Cart part ${i}`,
        priceCents: 1000 + i,
        stock: 50,
      }),
    );
  }
});
afterAll(() => t?.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function getCart(token: string): Promise<MemberCart> {
  const res = await t.app.inject({ method: 'GET', url: '/api/cart', headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: MemberCart }>().data;
}

async function putCart(token: string, body: unknown) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/cart',
    headers: auth(token),
    payload: body as object,
  });
  return {
    status: res.statusCode,
    body: res.json<{ message?: string; data?: MemberCart; errors?: unknown[] }>(),
  };
}

const quantities = (cart: MemberCart) => cart.lines.map((l) => ({ id: l.product.id, quantity: l.quantity }));

describe('GET and PUT /api/cart', () => {
  it("starts empty at version 0, keeps a save in order with today's products, and moves the version on", async () => {
    const { token } = await seedCustomer(t);
    expect(await getCart(token)).toEqual({ version: 0, lines: [] });
    const saved = await putCart(token, {
      version: 0,
      lines: [
        { id: ids[1], quantity: 2 },
        { id: ids[0], quantity: 1 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data?.version).toBe(1);
    const cart = await getCart(token);
    expect(quantities(cart)).toEqual([
      { id: ids[1], quantity: 2 },
      { id: ids[0], quantity: 1 },
    ]);
    expect(cart.lines[0]?.product).toMatchObject({ sku: 'CART-1', title: 'Cart part 1' });
    // Saving the same lines again changes nothing, not even the version.
    expect((await putCart(token, { version: 1, lines: quantities(cart) })).body.data?.version).toBe(1);
  });

  it('refuses a save built on an older version with 409 and the stored cart, writing nothing', async () => {
    const { token } = await seedCustomer(t);
    await putCart(token, { version: 0, lines: [{ id: ids[2], quantity: 3 }] });
    const stale = await putCart(token, { version: 0, lines: [{ id: ids[3], quantity: 1 }] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(MEMBER_CART_MESSAGES.conflict);
    expect(stale.body.data && quantities(stale.body.data)).toEqual([{ id: ids[2], quantity: 3 }]);
    expect(quantities(await getCart(token))).toEqual([{ id: ids[2], quantity: 3 }]);
  });

  it('20 saves built on the same version at once: exactly one is stored whole, the others are refused', async () => {
    const { token, id: userId } = await seedCustomer(t);
    const answers = await injectAtOnce(t.app, 20, (i) => ({
      method: 'PUT',
      url: '/api/cart',
      headers: auth(token),
      payload: {
        version: 0,
        lines: [
          { id: ids[i % 12], quantity: i + 1 },
          { id: ids[(i + 1) % 12], quantity: 1 },
        ],
      },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 19 });
    const winner = answers.findIndex((a) => a.statusCode === 200);
    const rows = await t.database.db
      .select({ id: memberCartLines.productId, quantity: memberCartLines.quantity })
      .from(memberCartLines)
      .where(eq(memberCartLines.userId, userId))
      .orderBy(memberCartLines.position);
    // The stored cart is the winner's, not a mix of two saves.
    expect(rows).toEqual([
      { id: ids[winner % 12], quantity: winner + 1 },
      { id: ids[(winner + 1) % 12], quantity: 1 },
    ]);
    expect((await getCart(token)).version).toBe(1);
  });

  it("is each member's own, and members only", async () => {
    const a = await seedCustomer(t);
    const b = await seedCustomer(t);
    await putCart(a.token, { version: 0, lines: [{ id: ids[4], quantity: 1 }] });
    expect(await getCart(b.token)).toEqual({ version: 0, lines: [] });
    const guest = await t.app.inject({ method: 'GET', url: '/api/cart' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ message: ACCOUNT_MESSAGES.sessionRequired });
  });

  it('leaves out products no longer sold, and refuses bad lines naming the field', async () => {
    const { token } = await seedCustomer(t);
    const archived = await seedProduct(t.database.db, {
      sku: 'CART-GONE',
      title: 'Gone',
      priceCents: 500,
      stock: 1,
    });
    await t.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived));
    const saved = await putCart(token, {
      version: 0,
      lines: [
        { id: archived, quantity: 1 },
        { id: 2_000_000_000, quantity: 1 },
        { id: ids[5], quantity: 4 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data && quantities(saved.body.data)).toEqual([{ id: ids[5], quantity: 4 }]);
    for (const lines of [
      [{ id: ids[5], quantity: 101 }],
      [{ id: ids[5], quantity: 0 }],
      [
        { id: ids[5], quantity: 1 },
        { id: ids[5], quantity: 2 },
      ],
    ]) {
      const bad = await putCart(token, { version: 1, lines });
      expect(bad.status).toBe(400);
    }
    expect((await putCart(token, { lines: [] })).status).toBe(400);
    expect(quantities(await getCart(token))).toEqual([{ id: ids[5], quantity: 4 }]);
  });
});
