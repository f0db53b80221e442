/**
 * Issue 41 §3-5 (decision 0069): `POST /api/delivery-options` and place-order's pricing of the chosen option, by
 * behaviour — the rate table's prices, Australia Post's (a local fake of its calculator), what a battery may not
 * take, and the order's record of the option.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES, type RateTable } from '@store/shared/delivery-rules';
import { deliveryQuoteResponseSchema, type DeliveryQuoteResponse } from '@store/shared/delivery-quote';
import { centsToDecimalString } from '@store/shared/money';
import { serverTotalsSchema } from '@store/shared/order';
import { locations, orders, products, storeSettings } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import {
  fakeAusPostCents,
  FAKE_AUSPOST_KEY,
  startFakeAusPostApi,
  type FakeAusPostApi,
} from '../../../tests/fakes/fake-auspost-api';
import { testOrderBody, type TestLine } from '../orders/test-order-body';
import { AusPostUnavailable, createAusPostRates } from './auspost-rates';

let t: TestApp;
let auspost: FakeAusPostApi;
const ids = { battery: 0, light: 0, heavy: 0 };
let guildfordId = 0;

/** The test's own table: three zones, standard and express rows by weight. */
const TABLE: RateTable = {
  zones: [
    { code: 'metro', name: 'Sydney metro', postCodes: [[2000, 2234]] },
    { code: 'capitals', name: 'Capitals', postCodes: [[3000, 3207]] },
    { code: 'rest', name: 'Rest', postCodes: [[200, 9999]] },
  ],
  rates: [
    { option: 'standard', zone: 'metro', maxWeightGrams: 1000, priceCents: 900 },
    { option: 'standard', zone: 'metro', maxWeightGrams: 5000, priceCents: 1200 },
    { option: 'standard', zone: 'capitals', maxWeightGrams: 1000, priceCents: 1100 },
    { option: 'standard', zone: 'capitals', maxWeightGrams: 5000, priceCents: 1600 },
    { option: 'standard', zone: 'rest', maxWeightGrams: 1000, priceCents: 1400 },
    { option: 'standard', zone: 'rest', maxWeightGrams: 5000, priceCents: 2300 },
    { option: 'express', zone: 'metro', maxWeightGrams: 1000, priceCents: 1500 },
    { option: 'express', zone: 'metro', maxWeightGrams: 5000, priceCents: 2000 },
    { option: 'express', zone: 'capitals', maxWeightGrams: 1000, priceCents: 1800 },
    { option: 'express', zone: 'capitals', maxWeightGrams: 5000, priceCents: 2800 },
    { option: 'express', zone: 'rest', maxWeightGrams: 1000, priceCents: 2200 },
    { option: 'express', zone: 'rest', maxWeightGrams: 5000, priceCents: 3500 },
  ],
  fallbackZone: 'rest',
};

/** The row a shopper would read off the table: the zone's cheapest row of the option holding the weight. */
function tablePrice(option: 'standard' | 'express', zone: string, grams: number): number {
  const rows = TABLE.rates.filter((r) => r.option === option && r.zone === zone && grams <= r.maxWeightGrams);
  return Math.min(...rows.map((r) => r.priceCents));
}

beforeAll(async () => {
  auspost = await startFakeAusPostApi();
  t = await createTestApp({
    config: (c) => {
      c.rateLimits.placeOrdersPerMinute = 100_000;
      c.rateLimits.orderLookupsPerMinute = 100_000;
    },
  });
  const db = t.database.db;
  await seedCatalog(db);
  ids.battery = await seedProduct(db, {
    sku: 'DLV-BATT',
    title: 'Car Battery N70ZZ',
    priceCents: 2000,
    stock: null,
  });
  ids.light = await seedProduct(db, { sku: 'DLV-LIGHT', title: 'Oil Filter', priceCents: 2000, stock: null });
  ids.heavy = await seedProduct(db, {
    sku: 'DLV-HEAVY',
    title: 'Brake Rotor',
    priceCents: 3000,
    stock: null,
  });
  await db
    .update(products)
    .set({ dangerousGoodsClass: '8', weightGrams: 800 })
    .where(eq(products.id, ids.battery));
  await db.update(products).set({ weightGrams: 800 }).where(eq(products.id, ids.light));
  await db.update(products).set({ weightGrams: 4000 }).where(eq(products.id, ids.heavy));
  await db.update(storeSettings).set({ rateTable: TABLE }).where(eq(storeSettings.id, 1));
  const [guildford] = await db.select().from(locations).where(eq(locations.code, 'guildford'));
  guildfordId = guildford?.id ?? 0;
});
afterAll(async () => {
  await t.close();
  await auspost.close();
});

async function quote(body: Record<string, unknown>): Promise<DeliveryQuoteResponse> {
  const res = await t.app.inject({ method: 'POST', url: '/api/delivery-options', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return deliveryQuoteResponseSchema.parse(res.json());
}
const optionOf = (q: DeliveryQuoteResponse, option: string) => q.options.find((o) => o.option === option);

async function placeOrder(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/place-order',
    payload: body,
    headers: { 'idempotency-key': randomUUID() },
  });
  return { res, body: res.json() };
}
async function orderCount() {
  const [row] = await t.database.db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

describe('a battery (Class 8 dangerous good) in the cart', () => {
  it('offers standard and click & collect but not express, and no PO box or parcel locker, saying why', async () => {
    const street = await quote({
      products: [{ id: ids.battery, quantity: 1 }],
      post_code: '2161',
      street_address: '12 Example St',
    });
    expect(optionOf(street, 'express')).toMatchObject({
      available: false,
      reason: DELIVERY_MESSAGES.expressDangerous('Car Battery N70ZZ', '8'),
      charge: null,
    });
    expect(optionOf(street, 'standard')?.available).toBe(true);
    expect(optionOf(street, 'click_and_collect')?.available).toBe(true);

    const locker = await quote({
      products: [{ id: ids.battery, quantity: 1 }],
      post_code: '2161',
      street_address: 'Parcel Locker 1023456789',
    });
    expect(locker.address_kind).toBe('parcel_locker');
    expect(optionOf(locker, 'standard')).toMatchObject({
      available: false,
      reason: DELIVERY_MESSAGES.dangerousToLocker('Car Battery N70ZZ', '8'),
    });
    expect(optionOf(locker, 'click_and_collect')?.available).toBe(true);

    const poBox = await quote({
      products: [{ id: ids.battery, quantity: 1 }],
      post_code: '2161',
      street_address: 'PO Box 12',
    });
    expect(optionOf(poBox, 'standard')?.reason).toBe(
      DELIVERY_MESSAGES.dangerousToPoBox('Car Battery N70ZZ', '8'),
    );
  });

  it('place-order refuses express and a parcel locker with 400 in the same words, writing nothing', async () => {
    const lines: TestLine[] = [{ id: ids.battery, unitPriceCents: 2000, quantity: 1 }];
    const before = await orderCount();
    const express = await placeOrder(testOrderBody(lines, { delivery_option: 'express' }));
    expect(express.res.statusCode).toBe(400);
    expect(express.body.message).toBe(DELIVERY_MESSAGES.expressDangerous('Car Battery N70ZZ', '8'));
    const locker = await placeOrder(testOrderBody(lines, { street_address: 'Parcel Locker 1023456789' }));
    expect(locker.res.statusCode).toBe(400);
    expect(locker.body.message).toBe(DELIVERY_MESSAGES.dangerousToLocker('Car Battery N70ZZ', '8'));
    expect(await orderCount()).toBe(before);
  });
});

describe('rates from the rate table', () => {
  const cases = [
    { postCode: '2161', zone: 'metro' },
    { postCode: '3000', zone: 'capitals' },
    { postCode: '6000', zone: 'rest' },
  ];
  const weights = [
    { name: '0.8 kg', id: () => ids.light, grams: 800 },
    { name: '4 kg', id: () => ids.heavy, grams: 4000 },
  ];
  for (const c of cases) {
    for (const w of weights) {
      it(`prices ${w.name} to ${c.postCode} (${c.zone}) from the table's rows`, async () => {
        const q = await quote({
          products: [{ id: w.id(), quantity: 1 }],
          post_code: c.postCode,
          street_address: '1 Main St',
        });
        expect(optionOf(q, 'standard')).toMatchObject({
          available: true,
          source: 'table',
          charge: centsToDecimalString(tablePrice('standard', c.zone, w.grams)),
        });
        expect(optionOf(q, 'express')).toMatchObject({
          available: true,
          source: 'table',
          charge: centsToDecimalString(tablePrice('express', c.zone, w.grams)),
          estimate: 'Delivered in 1-3 business days',
        });
        expect(optionOf(q, 'click_and_collect')).toMatchObject({ available: true, charge: '0.00' });
      });
    }
  }

  it('lists Guildford to collect from, ready within the hour', async () => {
    const q = await quote({ products: [{ id: ids.light, quantity: 1 }], post_code: '2161' });
    expect(q.locations).toContainEqual(
      expect.objectContaining({
        id: guildfordId,
        name: 'Guildford warehouse',
        address: 'Guildford NSW 2161',
        available: true,
        estimate: 'Ready at Guildford warehouse in 1 hour (during opening hours)',
      }),
    );
  });

  it('asks for the post code before pricing delivery', async () => {
    const q = await quote({ products: [{ id: ids.light, quantity: 1 }] });
    expect(optionOf(q, 'standard')?.reason).toBe(DELIVERY_MESSAGES.postCodeRequired);
    expect(optionOf(q, 'click_and_collect')?.available).toBe(true);
  });
});

describe('place-order with a delivery option', () => {
  it('charges the express rate and records the option and its estimate', async () => {
    const lines: TestLine[] = [{ id: ids.heavy, unitPriceCents: 3000, quantity: 1 }];
    const charge = tablePrice('express', 'metro', 4000);
    const { res, body } = await placeOrder(
      testOrderBody(lines, { delivery_option: 'express' }, {}, undefined, charge),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(body.data).toMatchObject({
      delivery_charges: centsToDecimalString(charge),
      total_amount: centsToDecimalString(3000 + charge),
      delivery_option: 'express',
      delivery_option_name: 'Express delivery',
      delivery_estimate: 'Delivered in 1-3 business days',
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, body.data.id));
    expect(row).toMatchObject({
      deliveryOption: 'express',
      deliveryEstimate: 'Delivered in 1-3 business days',
      deliveryRateSource: 'table',
      deliveryChargeCents: charge,
      collectLocationId: null,
    });
  });

  it('answers 409 with the server figures when the client sent a stale delivery charge', async () => {
    const lines: TestLine[] = [{ id: ids.heavy, unitPriceCents: 3000, quantity: 1 }];
    const before = await orderCount();
    // The flat $16.50 the cart page estimated, not the table's rate to 2161 at 4 kg.
    const { res, body } = await placeOrder(testOrderBody(lines));
    expect(res.statusCode).toBe(409);
    expect(body.code).toBe('prices_changed');
    expect(serverTotalsSchema.parse(body.data).delivery_charges).toBe(
      centsToDecimalString(tablePrice('standard', 'metro', 4000)),
    );
    expect(await orderCount()).toBe(before);
  });

  it('click & collect has no delivery charge and keeps the location', async () => {
    const lines: TestLine[] = [{ id: ids.battery, unitPriceCents: 2000, quantity: 1 }];
    const { res, body } = await placeOrder(
      testOrderBody(
        lines,
        { delivery_option: 'click_and_collect', collect_location_id: guildfordId },
        {},
        undefined,
        0,
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(body.data.delivery_charges).toBe('0.00');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, body.data.id));
    expect(row).toMatchObject({
      deliveryOption: 'click_and_collect',
      collectLocationId: guildfordId,
      deliveryRateSource: 'collect',
    });
  });

  it('refuses click & collect without a store', async () => {
    const lines: TestLine[] = [{ id: ids.light, unitPriceCents: 2000, quantity: 1 }];
    const { res, body } = await placeOrder(
      testOrderBody(lines, { delivery_option: 'click_and_collect' }, {}, undefined, 0),
    );
    expect(res.statusCode).toBe(400);
    expect(body.message).toBe(DELIVERY_MESSAGES.collectLocationRequired);
  });
});

describe('rates from Australia Post (AUSPOST_API_KEY set)', () => {
  const useAusPost = () => {
    t.app.config.auspostApiKey = FAKE_AUSPOST_KEY;
    t.app.config.auspostApiUrl = auspost.baseUrl;
  };
  const useTable = () => {
    t.app.config.auspostApiKey = undefined;
  };

  it('asks the calculator with the documented query and AUTH-KEY, and charges its price', async () => {
    useAusPost();
    try {
      for (const c of [
        { postCode: '2161', id: ids.light, kg: 0.8 },
        { postCode: '3000', id: ids.heavy, kg: 4 },
        { postCode: '6000', id: ids.light, kg: 0.8 },
      ]) {
        const q = await quote({
          products: [{ id: c.id, quantity: 1 }],
          post_code: c.postCode,
          street_address: '1 Main St',
        });
        expect(optionOf(q, 'standard')).toMatchObject({
          source: 'auspost',
          charge: centsToDecimalString(fakeAusPostCents('2161', c.postCode, c.kg, 'AUS_PARCEL_REGULAR')),
          estimate: 'Delivered in up to 4 business days',
        });
        expect(optionOf(q, 'express')).toMatchObject({
          source: 'auspost',
          charge: centsToDecimalString(fakeAusPostCents('2161', c.postCode, c.kg, 'AUS_PARCEL_EXPRESS')),
        });
      }
      const asked = auspost.requests.find(
        (r) => r.query.to_postcode === '3000' && r.query.service_code === 'AUS_PARCEL_REGULAR',
      );
      expect(asked).toMatchObject({
        path: '/postage/parcel/domestic/calculate.json',
        authKey: FAKE_AUSPOST_KEY,
        query: {
          from_postcode: '2161',
          to_postcode: '3000',
          weight: '4',
          length: '22',
          width: '16',
          height: '8',
        },
      });
    } finally {
      useTable();
    }
  });

  it('reuses a quote instead of asking again', async () => {
    useAusPost();
    try {
      const body = {
        products: [{ id: ids.light, quantity: 2 }],
        post_code: '2170',
        street_address: '1 Main St',
      };
      await quote(body);
      const asked = auspost.requests.length;
      await quote(body);
      expect(auspost.requests.length).toBe(asked);
    } finally {
      useTable();
    }
  });

  it('says rates are unavailable when Australia Post fails, still offering click & collect', async () => {
    useAusPost();
    auspost.fail = true;
    try {
      const q = await quote({
        products: [{ id: ids.light, quantity: 1 }],
        post_code: '4000',
        street_address: '1 Main St',
      });
      expect(optionOf(q, 'standard')).toMatchObject({
        available: false,
        reason: DELIVERY_MESSAGES.ratesUnavailable,
      });
      expect(optionOf(q, 'express')).toMatchObject({
        available: false,
        reason: DELIVERY_MESSAGES.ratesUnavailable,
      });
      expect(optionOf(q, 'click_and_collect')?.available).toBe(true);
    } finally {
      auspost.fail = false;
      useTable();
    }
  });

  it('gives up on a call that takes too long', async () => {
    const rates = createAusPostRates({ apiKey: FAKE_AUSPOST_KEY, baseUrl: auspost.baseUrl, timeoutMs: 200 });
    auspost.hang = true;
    try {
      await expect(
        rates.quote({
          fromPostCode: '2161',
          toPostCode: '5000',
          lengthCm: 10,
          widthCm: 10,
          heightCm: 10,
          weightKg: 1,
          service: 'AUS_PARCEL_REGULAR',
        }),
      ).rejects.toBeInstanceOf(AusPostUnavailable);
    } finally {
      auspost.hang = false;
    }
  });
});

describe('the PayPal wallet order', () => {
  const walletOrder = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/payments/wallet-orders', payload: body });

  it('is created for the total with the chosen option, as place-order will charge it', async () => {
    const res = await walletOrder({
      products: [{ id: ids.heavy, quantity: 1 }],
      delivery_option: 'express',
      post_code: '3000',
      street_address: '1 Main St',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.amount).toBe(centsToDecimalString(3000 + tablePrice('express', 'capitals', 4000)));
  });

  it('refuses an option the cart may not take, in the checkout words', async () => {
    const res = await walletOrder({
      products: [{ id: ids.battery, quantity: 1 }],
      delivery_option: 'express',
      post_code: '2161',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DELIVERY_MESSAGES.expressDangerous('Car Battery N70ZZ', '8'));
  });
});
