/**
 * The back office's care of one order (issue 36 §4): internal notes (newest first, author and time, audited,
 * never in the customer's answers), resending the confirmation and the shipping notice through the normal mail
 * path (once a minute per mail, also when two clicks race), and correcting an unshipped order's shipping address
 * (the checkout's rules; refused once shipped; old → new in the audit trail and an automatic note; the tax
 * invoice keeps its buyer as issued). On PostgreSQL (TEST_DATABASE_URL) a correction racing a move to shipped is
 * decided by the order's row lock: either the correction came first or it is refused.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_CORRECTION_MESSAGES } from '@store/shared/admin-address-correction';
import { RESEND_MAIL_MESSAGES } from '@store/shared/admin-order-mails';
import { ORDER_NOTE_MESSAGES } from '@store/shared/admin-order-notes';
import { CHECKOUT_MESSAGES } from '@store/shared/checkout-form';
import { auditLog, orderNotes, orders, taxInvoices } from '../../db/schema';
import { atOnce } from '../../../tests/concurrency';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { bearer, seedOrder, seedStaff } from '../../../tests/seeders';

let t: TestApp;
let productId = 0;
let staffToken = '';

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.publicBaseUrl = 'https://shop.example.com.au';
      c.rateLimits.placeOrdersPerMinute = 1_000;
    },
  });
  await seedCatalog(t.database.db);
  productId = await seedProduct(t.database.db, {
    sku: 'CARE-PADS',
    title: 'Care Pads',
    priceCents: 5_000,
    stock: 100,
  });
  staffToken = (await seedStaff(t, { email: 'care.staff@example.com', name: 'Casey Care' })).token;
});
afterAll(() => t.close());

const order = (email: string) =>
  seedOrder(t, { lines: [{ id: productId, unitPriceCents: 5_000, quantity: 1 }], fields: { email } });
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = staffToken) =>
  t.app.inject({
    method,
    url: `/api/admin/orders/${url}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
const ship = (publicId: string) =>
  call('POST', `${publicId}/status`, {
    status: 'shipped',
    carrier: 'Australia Post',
    tracking_number: '33LOB7654321',
  });

async function mailsTo(email: string) {
  await t.app.mail.settled();
  const dir = t.app.config.outboxDir;
  const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
  const mails = await Promise.all(
    files.map(async (f) => simpleParser(await readFile(path.join(dir, f), 'utf8'))),
  );
  return mails.filter((m) => m.to && JSON.stringify(m.to).includes(email));
}

const NEW_ADDRESS = {
  f_name: 'Jane',
  l_name: "O'Connor",
  email: 'jane.site@example.com',
  phone: '0298765432',
  street_address: '4 Workshop Lane',
  city: 'Parramatta',
  state: 'New South Wales',
  post_code: '2150',
  company: 'Jane Motors',
};

describe('internal order notes', () => {
  it('adds notes with author and time, lists them newest first, audits them and never shows them to the customer', async () => {
    const { publicId } = await order('notes.customer@example.com');
    expect((await call('GET', `${publicId}/notes`)).json()).toEqual({ data: [] });
    const empty = await call('POST', `${publicId}/notes`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: 'body', message: ORDER_NOTE_MESSAGES.bodyRequired }]);
    expect((await call('POST', `${publicId}/notes`, { body: 'x'.repeat(2001) })).statusCode).toBe(400);

    const first = await call('POST', `${publicId}/notes`, { body: 'Customer rang: leave at the back door.' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    const second = await call('POST', `${publicId}/notes`, { body: 'Second line\nof a longer note.' });
    const notes = second.json().data as { body: string; author: string; kind: string; created_at: string }[];
    expect(second.json().message).toBe(ORDER_NOTE_MESSAGES.added);
    expect(notes.map((n) => n.body)).toEqual([
      'Second line\nof a longer note.',
      'Customer rang: leave at the back door.',
    ]);
    expect(notes.every((n) => n.author === 'Casey Care' && n.kind === 'note')).toBe(true);
    expect(Date.parse(notes[0]?.created_at ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, publicId));
    expect(audit.filter((a) => a.action === 'order.note')).toHaveLength(2);
    // The back office's order page shows them in its trail; the customer's own views never carry them.
    const tracked = await t.app.inject({
      method: 'GET',
      url: `/api/guest-track-order?id=${publicId}&email=notes.customer@example.com`,
    });
    expect(tracked.body).not.toContain('back door');
    expect((await call('POST', `${'A'.repeat(20)}/notes`, { body: 'x' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${publicId}/notes` })).statusCode,
    ).toBe(401);
  });
});

describe('resending a customer mail', () => {
  it('resends the confirmation and, once shipped, the shipping notice to the order email; once a minute per mail', async () => {
    const { publicId } = await order('resend.customer@example.com');
    const before = (await mailsTo('resend.customer@example.com')).length;
    const noNotice = await call('POST', `${publicId}/resend-mail`, { mail: 'shipping_notice' });
    expect(noNotice.statusCode).toBe(409);

    // Two clicks at once: one mail, one refusal (the rule is read under the order's lock).
    const both = await atOnce(2, () =>
      call('POST', `${publicId}/resend-mail`, { mail: 'order_confirmation' }),
    );
    const codes = both.map((r) => r.value?.statusCode).sort();
    expect(codes).toEqual([202, 409]);
    const refused = both.find((r) => r.value?.statusCode === 409)?.value;
    expect(refused?.json().message).toBe(RESEND_MAIL_MESSAGES.tooSoon('Order confirmation'));
    const sent = both.find((r) => r.value?.statusCode === 202)?.value;
    expect(sent?.json().message).toBe(
      RESEND_MAIL_MESSAGES.sent('Order confirmation', 'resend.customer@example.com'),
    );

    const afterConfirmation = await mailsTo('resend.customer@example.com');
    expect(afterConfirmation.length).toBe(before + 1);
    const again = afterConfirmation.filter((m) => /confirmed/i.test(m.subject ?? ''));
    expect(again.length).toBeGreaterThanOrEqual(2);

    expect((await call('POST', `${publicId}/status`, { status: 'processing' })).statusCode).toBe(200);
    expect((await ship(publicId)).statusCode).toBe(200);
    const notice = await call('POST', `${publicId}/resend-mail`, { mail: 'shipping_notice' });
    expect(notice.statusCode).toBe(202);
    const notices = (await mailsTo('resend.customer@example.com')).filter((m) =>
      m.subject?.endsWith('is on its way'),
    );
    // One from the move to shipped, one resent.
    expect(notices).toHaveLength(2);
    expect(notices[1]?.text).toContain('33LOB7654321');

    // A minute later the same mail may go again.
    await t.database.db
      .update(auditLog)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(auditLog.entityId, publicId));
    expect((await call('POST', `${publicId}/resend-mail`, { mail: 'order_confirmation' })).statusCode).toBe(
      202,
    );
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, publicId));
    expect(audit.filter((a) => a.action === 'order.mail_resend').map((a) => a.after)).toEqual([
      { mail: 'order_confirmation' },
      { mail: 'shipping_notice' },
      { mail: 'order_confirmation' },
    ]);
    expect((await call('POST', `${publicId}/resend-mail`, { mail: 'newsletter' })).statusCode).toBe(400);
  });
});

describe('correcting the shipping address', () => {
  it("writes the checkout-checked address with audit and note, keeps the invoice's buyer, and is refused once shipped", async () => {
    const { publicId } = await order('address.customer@example.com');
    const [invoiceBefore] = await t.database.db
      .select()
      .from(taxInvoices)
      .innerJoin(orders, eq(orders.id, taxInvoices.orderId))
      .where(eq(orders.publicId, publicId));

    const current = (await call('GET', `${publicId}/shipping-address`)).json();
    expect(current).toMatchObject({
      can_correct: true,
      data: { street_address: '12 Example St', state: 'NSW' },
    });

    const wrong = await call('PUT', `${publicId}/shipping-address`, {
      ...NEW_ADDRESS,
      post_code: '3000',
      city: 'C1ty',
    });
    expect(wrong.statusCode).toBe(400);
    const fields = (wrong.json().errors as { field: string; message: string }[]).map((e) => e.field);
    expect(fields).toContain('city');
    expect(wrong.json().errors).toContainEqual({ field: 'city', message: CHECKOUT_MESSAGES.alphabeticOnly });
    const wrongState = await call('PUT', `${publicId}/shipping-address`, {
      ...NEW_ADDRESS,
      post_code: '3000',
    });
    expect(wrongState.json().errors).toContainEqual({
      field: 'post_code',
      message: CHECKOUT_MESSAGES.postCodeNotInState('3000', 'NSW'),
    });

    const fixed = await call('PUT', `${publicId}/shipping-address`, NEW_ADDRESS);
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({
      changed: true,
      can_correct: true,
      data: { street_address: '4 Workshop Lane', city: 'Parramatta', state: 'NSW', post_code: '2150' },
    });
    const same = await call('PUT', `${publicId}/shipping-address`, NEW_ADDRESS);
    expect(same.json()).toMatchObject({ changed: false, message: ADDRESS_CORRECTION_MESSAGES.unchanged });

    const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, publicId));
    // Only the shipping block: the billing address and the order's email stay.
    expect(row).toMatchObject({
      sStreetAddress: '4 Workshop Lane',
      sPhone: '0298765432',
      sEmail: 'jane.site@example.com',
      streetAddress: '12 Example St',
      email: 'address.customer@example.com',
    });
    const audit = (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, publicId))).filter(
      (a) => a.action === 'order.shipping_address',
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({
      shipping_street_address: '12 Example St',
      shipping_post_code: '2161',
    });
    expect(audit[0]?.after).toMatchObject({
      shipping_street_address: '4 Workshop Lane',
      shipping_post_code: '2150',
    });
    expect(audit[0]?.before).not.toHaveProperty('shipping_f_name');
    const notes = (await call('GET', `${publicId}/notes`)).json().data as { kind: string; body: string }[];
    expect(notes).toHaveLength(1);
    expect(notes[0]?.kind).toBe('address_correction');
    expect(notes[0]?.body).toContain('Was: Jane');
    expect(notes[0]?.body).toContain('12 Example St, Guildford NSW 2161');
    expect(notes[0]?.body).toContain('Now: Jane');
    expect(notes[0]?.body).toContain('4 Workshop Lane, Parramatta NSW 2150');
    // Decision 0036: the invoice issued keeps its buyer as issued.
    const [invoiceAfter] = await t.database.db
      .select()
      .from(taxInvoices)
      .where(eq(taxInvoices.orderId, row?.id ?? 0));
    expect(invoiceAfter?.buyer).toEqual(invoiceBefore?.tax_invoices.buyer);

    expect((await call('POST', `${publicId}/status`, { status: 'processing' })).statusCode).toBe(200);
    expect((await ship(publicId)).statusCode).toBe(200);
    const late = await call('PUT', `${publicId}/shipping-address`, {
      ...NEW_ADDRESS,
      street_address: '9 Late St',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ADDRESS_CORRECTION_MESSAGES.locked('shipped'));
    expect((await call('GET', `${publicId}/shipping-address`)).json().can_correct).toBe(false);
    const [still] = await t.database.db.select().from(orders).where(eq(orders.publicId, publicId));
    expect(still?.sStreetAddress).toBe('4 Workshop Lane');
    expect(
      await t.database.db
        .select()
        .from(orderNotes)
        .where(eq(orderNotes.orderId, still?.id ?? 0)),
    ).toHaveLength(1);
  });

  it('a correction racing a move to shipped either lands before it or is refused, never after', async () => {
    for (let round = 0; round < 6; round++) {
      const { publicId } = await order(`race.${round}@example.com`);
      await call('POST', `${publicId}/status`, { status: 'processing' });
      const [shipped, corrected] = await atOnce(2, (i) =>
        i === 0 ? ship(publicId) : call('PUT', `${publicId}/shipping-address`, NEW_ADDRESS),
      );
      expect(shipped?.value?.statusCode).toBe(200);
      const code = corrected?.value?.statusCode;
      expect([200, 409]).toContain(code);
      const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, publicId));
      const shipRow = audit.find((a) => a.action === 'order.status' && a.after?.status === 'shipped');
      const fixRow = audit.find((a) => a.action === 'order.shipping_address');
      const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, publicId));
      if (code === 200) {
        // It came first: written before the order was shipped.
        expect(fixRow && shipRow && fixRow.id < shipRow.id).toBe(true);
        expect(row?.sStreetAddress).toBe('4 Workshop Lane');
      } else {
        expect(fixRow).toBeUndefined();
        expect(row?.sStreetAddress).toBe('12 Example St');
      }
    }
  });
});
