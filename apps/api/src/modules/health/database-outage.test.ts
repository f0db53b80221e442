/**
 * A database that refuses connections under load (issue 43 §4, decision 0043): with 8 shoppers placing orders,
 * a member reading their profile and a catalog reader, PostgreSQL stops accepting connections to the store's
 * database (`ALLOW_CONNECTIONS false`) and ends its backends (`pg_terminate_backend`, SQLSTATE 57P01 on every
 * pooled connection, some in the middle of an order's transaction) for about 3 s, then accepts them again.
 * Nothing may answer 500; every refusal is a 503 with Retry-After; every order answered 200 is in the database
 * whole, its stock taken once; the store answers again afterwards with no help, its LISTEN connection back; and
 * the process sees no unhandled error (a pg client's 'error' without a listener used to end it).
 *
 * PostgreSQL only (TEST_DATABASE_URL, as in CI): embedded PGlite has no connections to refuse or backends to end.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderResponseSchema } from '@store/shared/order';
import { rowsOf } from '../../db/client';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../plugins/error-handling';
import { atOnce, statusCounts } from '../../../tests/concurrency';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { createTestDatabase } from '../../../tests/test-db';
import { connectAdmin } from '../../../tests/test-db-names';
import { testOrderBody } from '../orders/test-order-body';
import { CATALOG_CHANNEL } from '../catalog/catalog-version';

const databaseUrl = process.env.TEST_DATABASE_URL;
const PLACERS = 8;
/** How long the database refuses connections, ms. */
const OUTAGE_MS = 3_000;
/** How long the load runs before and after the outage, ms. */
const AROUND_MS = 1_500;
const STOCK = 1_000_000;

interface Answer {
  who: string;
  statusCode: number;
  retryAfter: string | undefined;
  body: string;
}

describe.skipIf(!databaseUrl)(
  'PostgreSQL refusing connections under load (needs TEST_DATABASE_URL: embedded PGlite has no connections to refuse)',
  () => {
    let t: TestApp;
    let dbName = '';
    const ids = { filter: 0, strap: 0 };
    let token = '';
    const seen: unknown[] = [];
    const onUnhandled = (err: unknown) => seen.push(err);

    beforeAll(async () => {
      const database = await createTestDatabase();
      dbName = new URL(database.url ?? '').pathname.slice(1);
      t = await createTestApp({
        database,
        config: (c) => {
          c.rateLimits.placeOrdersPerMinute = 1_000_000;
          c.rateLimits.apiPerMinute = 1_000_000;
          c.rateLimits.loginsPerMinute = 1_000_000;
          // The store LISTENs for other instances' catalog changes on its own connection, as in production.
          c.databaseUrl = database.url;
        },
      });
      const db = t.database.db;
      await seedCatalog(db);
      ids.filter = await seedProduct(db, {
        sku: 'OUT-FILTER',
        title: 'Outage Oil Filter',
        priceCents: 2500,
        stock: STOCK,
      });
      ids.strap = await seedProduct(db, {
        sku: 'OUT-STRAP',
        title: 'Outage Tow Strap',
        priceCents: 1999,
        stock: STOCK,
      });
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/registered',
        payload: {
          name: 'Sam Lee',
          email: 'outage@example.com',
          password: 'Str0ng!pass',
          phone: '0412345678',
        },
      });
      expect(registered.statusCode, registered.body).toBe(200);
      token = registered.json<{ token: string }>().token;
      // The LISTEN connection opens on the first catalog read.
      expect((await t.app.inject({ url: '/api/shop?page=1' })).statusCode).toBe(200);
      process.on('unhandledRejection', onUnhandled);
      process.on('uncaughtException', onUnhandled);
    });

    afterAll(async () => {
      process.off('unhandledRejection', onUnhandled);
      process.off('uncaughtException', onUnhandled);
      await t?.close();
    });

    /** Runs `sql` on the server's maintenance database (the store's own refuses connections meanwhile). */
    async function admin<T>(text: string): Promise<T[]> {
      const client = await connectAdmin(databaseUrl ?? '');
      try {
        return (await client.query(text)).rows as T[];
      } finally {
        await client.end();
      }
    }
    const ident = () => pg.escapeIdentifier(dbName);
    const terminateBackends = () =>
      admin(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${pg.escapeLiteral(dbName)} AND pid <> pg_backend_pid()`,
      );

    it('answers 503 with Retry-After (never 500), loses or splits no order, and recovers by itself', async () => {
      const answers: Answer[] = [];
      const placed: Array<{ publicId: string; totalCents: number }> = [];
      let running = true;
      const keep = (who: string, res: Awaited<ReturnType<typeof t.app.inject>>) =>
        answers.push({
          who,
          statusCode: res.statusCode,
          retryAfter: res.headers['retry-after'] as string | undefined,
          body: res.body,
        });

      const orderBody = testOrderBody([
        { id: ids.filter, unitPriceCents: 2500, quantity: 1 },
        { id: ids.strap, unitPriceCents: 1999, quantity: 2 },
      ]);
      const placer = async (i: number) => {
        while (running) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/place-order',
            remoteAddress: `10.43.0.${i + 1}`,
            headers: { 'idempotency-key': randomUUID() },
            payload: orderBody,
          });
          keep('place-order', res);
          if (res.statusCode === 200) {
            const o = placeOrderResponseSchema.parse(res.json()).data;
            placed.push({ publicId: o.id, totalCents: Math.round(Number(o.total_amount) * 100) });
          }
        }
      };
      const reader = async (who: string, url: string, headers: Record<string, string> = {}) => {
        while (running) {
          keep(who, await t.app.inject({ url, headers, remoteAddress: '10.43.1.1' }));
          await new Promise((r) => setTimeout(r, 5));
        }
      };

      const load = atOnce(PLACERS + 2, (i) =>
        i < PLACERS
          ? placer(i)
          : i === PLACERS
            ? reader('profile', '/api/profile', { authorization: `Bearer ${token}` })
            : reader('catalog', '/api/shop?page=1'),
      );
      let beforeOutage = 0;
      try {
        await new Promise((r) => setTimeout(r, AROUND_MS));
        beforeOutage = answers.length;
        await admin(`ALTER DATABASE ${ident()} ALLOW_CONNECTIONS false`);
        await terminateBackends();
        await new Promise((r) => setTimeout(r, OUTAGE_MS / 2));
        // A connection that slipped in between the two statements goes too.
        await terminateBackends();
        await new Promise((r) => setTimeout(r, OUTAGE_MS / 2));
      } finally {
        await admin(`ALTER DATABASE ${ident()} ALLOW_CONNECTIONS true`);
      }
      const duringOutage = answers.length;
      await new Promise((r) => setTimeout(r, AROUND_MS));
      running = false;
      await load;

      const byWho = (who: string) => statusCounts(answers.filter((a) => a.who === who));
      console.info(
        `database outage: ${answers.length} answers (${beforeOutage} before, ${duringOutage - beforeOutage} during, ` +
          `${answers.length - duringOutage} after); place-order ${JSON.stringify(byWho('place-order'))}, ` +
          `profile ${JSON.stringify(byWho('profile'))}, catalog ${JSON.stringify(byWho('catalog'))}`,
      );

      // The outage was seen, and only as 503s with Retry-After and the house message.
      const refused = answers.filter((a) => a.statusCode !== 200);
      expect(refused.length).toBeGreaterThan(0);
      expect(
        refused.filter((a) => a.statusCode !== 503).map((a) => `${a.who} ${a.statusCode} ${a.body}`),
      ).toEqual([]);
      for (const a of refused) {
        expect(a.retryAfter, a.who).toBe('5');
        expect(JSON.parse(a.body)).toMatchObject({ message: DATABASE_UNAVAILABLE_MESSAGE });
      }
      expect(byWho('place-order')[200]).toBeGreaterThan(0);
      expect(seen).toEqual([]);

      // Every order answered 200 is in the database whole: its two lines and its totals.
      const db = t.database.db;
      const rows = rowsOf<{
        public_id: string;
        total_cents: number;
        subtotal_cents: number;
        lines: string;
        line_sum: string;
      }>(
        await db.execute(sql`
          SELECT o.public_id, o.total_cents, o.subtotal_cents, count(l.id) AS lines,
                 coalesce(sum(l.line_subtotal_cents), 0) AS line_sum
          FROM orders o LEFT JOIN order_line_items l ON l.order_id = o.id
          GROUP BY o.id`),
      );
      const inDb = new Map(rows.map((r) => [r.public_id, r]));
      for (const p of placed) {
        const row = inDb.get(p.publicId);
        expect(row, p.publicId).toBeDefined();
        expect(row?.total_cents).toBe(p.totalCents);
      }
      // No order anywhere lacks a line or disagrees with its lines (those answered 503 included).
      for (const r of rows) {
        expect(Number(r.lines), r.public_id).toBe(2);
        expect(Number(r.line_sum), r.public_id).toBe(r.subtotal_cents);
      }
      // Stock was taken once for every order that holds it (a cancelled order gave it back).
      const held = rowsOf<{ product_id: number; taken: string }>(
        await db.execute(sql`
          SELECT l.product_id, sum(l.quantity) AS taken FROM order_line_items l JOIN orders o ON o.id = l.order_id
          WHERE o.status <> 'cancelled' GROUP BY l.product_id`),
      );
      const stock = rowsOf<{ id: number; stock: number }>(
        await db.execute(sql`SELECT id, stock FROM products WHERE id IN (${ids.filter}, ${ids.strap})`),
      );
      for (const s of stock) {
        expect(STOCK - s.stock, `product ${s.id}`).toBe(
          Number(held.find((h) => h.product_id === s.id)?.taken ?? 0),
        );
      }

      // The store answers again by itself, and its LISTEN connection is back.
      await expect
        .poll(async () => (await t.app.inject({ url: '/api/health/ready' })).statusCode, { timeout: 10_000 })
        .toBe(200);
      const after = await t.app.inject({
        method: 'POST',
        url: '/api/place-order',
        headers: { 'idempotency-key': randomUUID() },
        payload: orderBody,
      });
      expect(after.statusCode, after.body).toBe(200);
      const profile = await t.app.inject({
        url: '/api/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(profile.statusCode).toBe(200);
      await expect
        .poll(
          async () =>
            (
              await admin<{ n: number }>(
                `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ${pg.escapeLiteral(dbName)} AND query = 'LISTEN ${CATALOG_CHANNEL}'`,
              )
            )[0]?.n,
          { timeout: 10_000 },
        )
        .toBe(1);
      expect(seen).toEqual([]);
    }, 60_000);
  },
);
