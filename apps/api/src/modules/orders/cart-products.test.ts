import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '@store/shared/product';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';

let t: TestApp;
const ids = { a: 0, b: 0 };

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db);
  ids.a = await seedProduct(t.database.db, {
    sku: 'CART-A',
    title: 'Cart Product A',
    priceCents: 1000,
    stock: 3,
  });
  ids.b = await seedProduct(t.database.db, {
    sku: 'CART-B',
    title: 'Cart Product B',
    priceCents: 2000,
    stock: null,
    discount: { type: 1, value: 500 },
  });
});
afterAll(() => t.close());

const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/cart-products${query}` });

describe('GET /api/cart-products', () => {
  it("answers the cart's products in the order asked, fresh (no-store), leaving out ids not sold", async () => {
    const res = await get(`?ids=${ids.b},999999,${ids.a},${ids.b}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data.map((p: unknown) => productSchema.parse(p));
    expect(data.map((p: { sku: string }) => p.sku)).toEqual(['CART-B', 'CART-A']);
    expect(data[0].discount_data).toMatchObject({ discounted_price: '15.00' });
  });

  it('sees a price change at once', async () => {
    const { products } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(products).set({ priceCents: 1100 }).where(eq(products.id, ids.a));
    const res = await get(`?ids=${ids.a}`);
    const price = res.json().data[0].product_meta.find((m: { option: string }) => m.option === '_price');
    expect(price.value).toBe('11.00');
  });

  it.each(['', '?ids=', '?ids=abc', '?ids=0', '?ids=-1', '?ids=1.5', '?ids=1,,2', '?ids=99999999999'])(
    'refuses %s with a clear 400',
    async (query) => {
      const res = await get(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/ids must be up to 100 product ids, comma-separated, such as 1,2,3/);
    },
  );

  it('takes at most 100 ids', async () => {
    const ids100 = Array.from({ length: 100 }, (_, i) => i + 1).join(',');
    expect((await get(`?ids=${ids100}`)).statusCode).toBe(200);
    expect((await get(`?ids=${ids100},101`)).statusCode).toBe(400);
  });
});
