/**
 * Click & collect in the back office (issue 41 §2, decision 0069) through the real app: an order collected at a
 * store is made ready (once, however many clicks: one mail, one text), shows on the store's pick list, is flagged
 * "Uncollected since …" after the store's days, and is collected with the collector's name.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COLLECT_MESSAGES } from '@store/shared/click-and-collect';
import type { OrderDetail } from '@store/shared/order';
import { orderStatusWords } from '@store/shared/order-status-words';
import { locations, orders } from '../../db/schema';
import { injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { seedOrder, seedStaff } from '../../../tests/seeders';
import { createTestApp, type TestApp } from '../../../tests/test-app';

let t: TestApp;
let token = '';
let guildford = 0;
let productId = 0;
const auth = () => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db);
  token = (await seedStaff(t, { email: 'counter@example.com', name: 'Counter Person' })).token;
  const [g] = await t.database.db
    .update(locations)
    .set({ streetAddress: '10 Railway Tce', phone: '02 9000 0000' })
    .where(eq(locations.code, 'guildford'))
    .returning();
  guildford = g?.id ?? 0;
  productId = await seedProduct(t.database.db, {
    sku: 'CC-PADS',
    title: 'Collect Brake Pads',
    priceCents: 5_000,
    stock: 5,
  });
});
afterAll(() => t.close());

describe('click & collect steps (issue 41 §2)', () => {
  it('ready (once, mail and text) → pick list → uncollected after N days → collected with a name', async () => {
    const { publicId, row } = await seedOrder(t, {
      lines: [{ id: productId, unitPriceCents: 5_000, quantity: 2 }],
      fields: {
        delivery_option: 'click_and_collect',
        collect_location_id: guildford,
        email: 'collector@example.com',
        phone: '0412 345 678',
      },
    });
    expect(row).toMatchObject({ deliveryOption: 'click_and_collect', collectLocationId: guildford });

    const pick = await t.app.inject({
      method: 'GET',
      url: `/api/admin/locations/${guildford}/pick-list`,
      headers: auth(),
    });
    expect(pick.statusCode).toBe(200);
    const toPick = pick.json().data.to_pick as { public_id: string; lines: unknown[] }[];
    expect(toPick.find((o) => o.public_id === publicId)?.lines).toEqual([
      {
        sku: 'CC-PADS',
        title: 'Collect Brake Pads',
        quantity: 2,
        from: [{ location: 'Guildford warehouse', quantity: 2, transfer_needed: false }],
      },
    ]);

    const early = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${publicId}/collected`,
      headers: auth(),
      payload: { collected_by: 'Jane' },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(COLLECT_MESSAGES.notReady);

    // Five clicks at once: one makes it ready, one mail and one text go.
    const clicks = await injectAtOnce(t.app, 5, () => ({
      method: 'POST',
      url: `/api/admin/orders/${publicId}/ready-for-collection`,
      headers: auth(),
    }));
    expect(statusCounts(clicks)).toEqual({ 200: 5 });
    expect(
      clicks.filter(
        (c) => c.json().message === COLLECT_MESSAGES.ready(row.invoiceNumber, 'Guildford warehouse'),
      ),
    ).toHaveLength(1);
    await t.app.mail.settled();
    const mails = await Promise.all(
      (await readdir(t.app.config.outboxDir))
        .filter((f) => f.endsWith('.eml'))
        .map(async (f) => simpleParser(await readFile(path.join(t.app.config.outboxDir, f), 'utf8'))),
    );
    const ready = mails.filter((m) => m.subject?.includes(`${row.invoiceNumber} is ready to collect`));
    expect(ready).toHaveLength(1);
    expect(ready[0]?.text).toContain('Guildford warehouse');
    expect(ready[0]?.text).toContain('10 Railway Tce, Guildford NSW 2161');
    expect(ready[0]?.text).toContain('your order number and photo ID');
    const texts = await vi.waitFor(async () => {
      const files = await readdir(t.app.config.smsOutboxDir);
      expect(files).toHaveLength(1);
      return files;
    });
    const text = JSON.parse(await readFile(path.join(t.app.config.smsOutboxDir, texts[0] ?? ''), 'utf8'));
    expect(text).toEqual({
      to: '+61412345678',
      body: `Your order ${row.invoiceNumber} is ready to collect at Guildford warehouse, 10 Railway Tce, Guildford NSW 2161. Bring your order number and photo ID.`,
    });
    const [readyRow] = await t.database.db.select().from(orders).where(eq(orders.id, row.id));
    expect(readyRow?.status).toBe('processing');
    // The shopper's order page says where it waits.
    const shopper = await t.app.inject({ method: 'GET', url: `/api/orders-detail?id=${publicId}` });
    const detail = shopper.json().data as OrderDetail;
    expect(orderStatusWords(detail)).toBe('Ready for collection at Guildford');

    // Eight days later (the store's default is 7): flagged on the pick list.
    await t.database.db
      .update(orders)
      .set({ readyForCollectionAt: sql`now() - interval '8 days'` })
      .where(eq(orders.id, row.id));
    const later = await t.app.inject({
      method: 'GET',
      url: `/api/admin/locations/${guildford}/pick-list`,
      headers: auth(),
    });
    const waiting = (
      later.json().data.awaiting_collection as { public_id: string; uncollected: string | null }[]
    ).find((o) => o.public_id === publicId);
    expect(waiting?.uncollected).toMatch(/^Uncollected since \d{1,2} \w{3} \d{4}$/);
    // And in the back office's orders list, with its filter.
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders?uncollected=1',
      headers: auth(),
    });
    expect(listed.statusCode).toBe(200);
    const rows = listed.json().data as { public_id: string; uncollected: string | null }[];
    expect(rows.map((r) => r.public_id)).toEqual([publicId]);
    expect(rows[0]?.uncollected).toBe(waiting?.uncollected);

    const noName = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${publicId}/collected`,
      headers: auth(),
      payload: { collected_by: '  ' },
    });
    expect(noName.statusCode).toBe(400);
    const collected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${publicId}/collected`,
      headers: auth(),
      payload: { collected_by: 'Jane O’Connor' },
    });
    expect(collected.statusCode).toBe(200);
    expect(collected.json().data).toMatchObject({ status: 'delivered', collected_by: 'Jane O’Connor' });
    const after = await t.app.inject({ method: 'GET', url: `/api/orders-detail?id=${publicId}` });
    expect(orderStatusWords(after.json().data as OrderDetail)).toBe('Collected');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${publicId}/collected`,
      headers: auth(),
      payload: { collected_by: 'Someone Else' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COLLECT_MESSAGES.alreadyCollected('Jane O’Connor'));
  });

  it('refuses a delivery order', async () => {
    const { publicId } = await seedOrder(t, {
      lines: [{ id: productId, unitPriceCents: 5_000, quantity: 1 }],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${publicId}/ready-for-collection`,
      headers: auth(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(COLLECT_MESSAGES.notClickAndCollect);
  });
});
