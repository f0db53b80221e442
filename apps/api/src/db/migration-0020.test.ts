/**
 * Migration 0020 (issue 34 §1, decision 0046) on a database as it was before it: the catalog's ex-GST prices become
 * the GST-inclusive prices shoppers were shown, to the cent — the list price, a fixed discount's sale price, the
 * delivery charge — and older orders are marked as charged the SPEC §9 way. The database is migrated to 0019 from
 * a copy of the migrations folder cut there, filled with SQL of that time, then migrated to the end.
 * PGlite, or PostgreSQL when TEST_DATABASE_URL is set (a database of its own, dropped after).
 */
import { rm } from 'node:fs/promises';
import { MIGRATIONS_DIR } from './migration-status';
import { migrationsUpTo, openEmptyDatabase, type RawDb } from '../../tests/migration-test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountedPriceCents, DISCOUNT_FIXED, DISCOUNT_PERCENT } from '@store/shared/discount';

/** The last migration before the money model. */
const BEFORE = 19;

/** The price a shopper was shown for an ex-GST amount before decision 0046: GST added, rounded up to the cent. */
const shownBefore = (exCents: number) => Math.floor((exCents * 110 + 99) / 100);

/** Products as the catalog held them before 0020: ex-GST cents, with their discounts. */
const OLD_PRODUCTS = [
  { sku: 'M20-PADS', price: 10495, discount: null },
  { sku: 'M20-IMPORTED', price: 1234, discount: null },
  { sku: 'M20-FIXED', price: 10495, discount: { type: DISCOUNT_FIXED, value: 1001 } },
  { sku: 'M20-FIXED-ROUND', price: 4995, discount: { type: DISCOUNT_FIXED, value: 1000 } },
  { sku: 'M20-FIXED-ALL', price: 500, discount: { type: DISCOUNT_FIXED, value: 800 } },
  { sku: 'M20-PERCENT', price: 4000, discount: { type: DISCOUNT_PERCENT, value: 25 } },
] as const;

let db: RawDb;
let folder: string;

beforeAll(async () => {
  db = await openEmptyDatabase('store_test_m20');
  folder = await migrationsUpTo(BEFORE);
  await db.migrate(folder);
  await db.query(`INSERT INTO store_settings (id, store_name, gst_percent, delivery_charge_cents,
    free_delivery_threshold_cents) VALUES (1, 'Before 0020', 10, 1500, 10000)`);
  for (const p of OLD_PRODUCTS) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO products (sku, title, permalink, price_cents) VALUES ('${p.sku}', '${p.sku}',
        '${p.sku.toLowerCase()}', ${p.price}) RETURNING id`,
    );
    if (p.discount) {
      await db.query(`INSERT INTO product_discounts (product_id, discount_type, discount_value)
        VALUES (${row?.id}, ${p.discount.type}, ${p.discount.value})`);
    }
  }
  // An order charged the SPEC §9 way: 2 × 104.95 ex. GST, GST added on top.
  const [order] = await db.query<{
    id: number;
  }>(`INSERT INTO orders (public_id, invoice_number, payment_method,
    f_name, l_name, email, phone, street_address, city, state, post_code, s_f_name, s_l_name, s_email, s_phone,
    s_street_address, s_city, s_state, s_post_code, subtotal_cents, delivery_charge_cents, gst_cents, total_cents)
    VALUES ('M20ORDER00000001', 'INV-000999', 'Stripe', 'Jane', 'Doe', 'j@example.com', '0412345678', '1 St',
    'Guildford', 'NSW', '2161', 'Jane', 'Doe', 'j@example.com', '0412345678', '1 St', 'Guildford', 'NSW', '2161',
    20990, 0, 2099, 23089) RETURNING id`);
  await db.query(`INSERT INTO order_line_items (order_id, sku, product_title, quantity, unit_price_cents,
    line_subtotal_cents) VALUES (${order?.id}, 'M20-PADS', 'Pads', 2, 10495, 20990)`);
  await db.migrate(MIGRATIONS_DIR);
}, 120_000);

afterAll(async () => {
  await db?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('migration 0020: shelf prices include GST', () => {
  it('stores each price as the GST-inclusive price shoppers were shown ($104.95 ex. -> $115.45)', async () => {
    const rows = await db.query<{ sku: string; price_cents: number }>(
      `SELECT sku, price_cents FROM products ORDER BY id`,
    );
    expect(rows).toEqual(OLD_PRODUCTS.map((p) => ({ sku: p.sku, price_cents: shownBefore(p.price) })));
    expect(rows.slice(0, 2).map((r) => r.price_cents)).toEqual([11545, 1358]);
  });

  it('keeps the sale price shown of a fixed discount to the cent, and percent discounts as they were', async () => {
    const rows = await db.query<{ sku: string; price_cents: number; type: number; value: number }>(
      `SELECT p.sku, p.price_cents, d.discount_type AS type, d.discount_value AS value
         FROM products p JOIN product_discounts d ON d.product_id = p.id ORDER BY p.id`,
    );
    for (const old of OLD_PRODUCTS) {
      if (!old.discount) continue;
      const now = rows.find((r) => r.sku === old.sku);
      if (!now) throw new Error(`no discount for ${old.sku}`);
      const newSale = discountedPriceCents(now.price_cents, { type: old.discount.type, value: now.value });
      const oldSale = shownBefore(discountedPriceCents(old.price, old.discount));
      if (old.discount.type === DISCOUNT_FIXED) {
        expect(newSale, old.sku).toBe(oldSale);
      } else {
        expect(now.value, old.sku).toBe(old.discount.value);
        // A percent of the inc-GST price: at most a cent below the sale price shown before.
        expect(oldSale - newSale, old.sku).toBeGreaterThanOrEqual(0);
        expect(oldSale - newSale, old.sku).toBeLessThanOrEqual(1);
      }
    }
    // 104.95 ex. less 10.01 showed 104.44; now 115.45 less 11.01.
    expect(rows.find((r) => r.sku === 'M20-FIXED')?.value).toBe(1101);
    expect(rows.find((r) => r.sku === 'M20-FIXED-ALL')?.value).toBe(550);
  });

  it('makes the flat delivery charge the one shoppers paid: 1500 -> 1650, the threshold unchanged', async () => {
    const [s] = await db.query<{ delivery: number; threshold: number }>(
      `SELECT delivery_charge_cents AS delivery, free_delivery_threshold_cents AS threshold FROM store_settings`,
    );
    expect(s).toEqual({ delivery: 1650, threshold: 10000 });
  });

  it('marks older orders as charged ex. GST with GST added, at the store rate, their figures untouched', async () => {
    const [o] = await db.query<Record<string, unknown>>(
      `SELECT prices_include_gst, gst_percent, discount_code, code_discount_cents, subtotal_cents, gst_cents,
              total_cents FROM orders`,
    );
    expect(o).toEqual({
      prices_include_gst: false,
      gst_percent: 10,
      discount_code: null,
      code_discount_cents: 0,
      subtotal_cents: 20990,
      gst_cents: 2099,
      total_cents: 23089,
    });
    const [line] = await db.query<{ line_gst_cents: number | null; unit_price_cents: number }>(
      `SELECT line_gst_cents, unit_price_cents FROM order_line_items`,
    );
    expect(line).toEqual({ line_gst_cents: null, unit_price_cents: 10495 });
  });
});
