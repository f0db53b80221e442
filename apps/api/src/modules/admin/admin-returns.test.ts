/**
 * The back office's return requests (issue 12) through the real app: the list (filter, search, newest first), one
 * request with its linked order, the file as a download (headers, bytes, 404 for another id or a traversal), and
 * the one decision each request gets — approve with a refund amount or reject with a reason, sequential and
 * concurrent — with its audit row and the customer's mail; 401/403 for outsiders.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_REFUND_MESSAGES } from '@store/shared/admin-orders';
import { ADMIN_RETURN_MESSAGES, raNumberText } from '@store/shared/admin-returns';
import { returnRequestNumberText } from '@store/shared/shopper-returns';
import { auditLog, orderLineItems, orderReturns, orders, refunds } from '../../db/schema';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCustomer, seedOrder, seedStaff } from '../../../tests/seeders';
import { attachmentDisposition } from './return-routes';

let t: TestApp;
let adminToken = '';
let staffToken = '';
let customerToken = '';
let orderPublicId = '';
let invoiceNumber = '';
let productId = 0;

/** The smallest valid PNG: a 1x1 transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.publicBaseUrl = 'https://shop.example.com.au';
      c.rateLimits.formsPerMinute = 1_000;
      c.rateLimits.placeOrdersPerMinute = 1_000;
    },
  });
  await seedCatalog(t.database.db);
  productId = await seedProduct(t.database.db, {
    sku: 'RET-ADM',
    title: 'Floor Mat',
    // With $16.50 delivery: a $49.50 order (GST included, decision 0046).
    priceCents: 3_300,
    stock: 50,
  });
  ({ publicId: orderPublicId, invoiceNumber } = await placeOrder('jane.return@example.com'));
  adminToken = (await seedStaff(t, { email: 'returns.admin@example.com', role: 'admin' })).token;
  staffToken = (await seedStaff(t, { email: 'returns.staff@example.com', role: 'staff' })).token;
  customerToken = (await seedCustomer(t, { email: 'returns.shopper@example.com' })).token;
});
afterAll(() => t.close());

/** A paid guest order (test card) by `email`. */
async function placeOrder(email: string) {
  const { publicId, row } = await seedOrder(t, {
    lines: [{ id: productId, unitPriceCents: 3_300, quantity: 1 }],
    fields: { email },
  });
  return { publicId, invoiceNumber: row.invoiceNumber ?? '' };
}

/** Sends a return request as the /return-order form does; answers its id. */
async function sendReturn(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const form = new FormData();
  const all = {
    f_name: 'Jane',
    l_name: 'Return',
    email: 'jane.return@example.com',
    subject: 'Wrong size',
    message: 'The mat does not fit.',
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) form.append(k, v);
  if (file) form.append('file_path', new Blob([file.bytes], { type: 'image/png' }), file.name);
  const encoded = new Response(form);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order-return',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  });
  expect(res.statusCode).toBe(200);
  const [row] = await t.database.db
    .select({ id: orderReturns.id })
    .from(orderReturns)
    .orderBy(desc(orderReturns.id))
    .limit(1);
  return row?.id ?? 0;
}

const api = (method: 'GET' | 'POST', url: string, token: string | null = adminToken, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload ? { payload } : {}),
  });

async function decisionMailsTo(address: string) {
  await t.app.mail.settled();
  const dir = t.app.config.outboxDir;
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const raw = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  const parsed = await Promise.all(raw.map((m) => simpleParser(m)));
  // Only decisions mailed to the customer: the store's own copy of a request is sent with Reply-To them, and
  // an order's confirmation goes to them too.
  return parsed.filter(
    (m) => m.to && !Array.isArray(m.to) && m.to.text === address && /: your return /.test(m.subject ?? ''),
  );
}

describe('who may use the returns API', () => {
  it('answers 401 without a token and 403 to a customer on every call; staff may', async () => {
    const id = await sendReturn({});
    const calls: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/admin/returns'],
      ['GET', `/api/admin/returns/${id}`],
      ['GET', `/api/admin/returns/${id}/file`],
      ['POST', `/api/admin/returns/${id}/approve`, {}],
      ['POST', `/api/admin/returns/${id}/reject`, { reason: 'No' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await api(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await api(method, url, customerToken, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const [row] = await t.database.db.select().from(orderReturns).where(eq(orderReturns.id, id));
    expect(row?.status).toBe('open');
    expect((await api('GET', '/api/admin/returns', staffToken)).statusCode).toBe(200);
    expect((await api('GET', `/api/admin/returns/${id}`, staffToken)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/returns', () => {
  it('pages newest first, filters by status and searches by email, name and order reference', async () => {
    const linked = await sendReturn(
      { order_id: orderPublicId, f_name: 'Zelda', l_name: 'Searchable', email: 'jane.return@example.com' },
      { name: 'mat.png', bytes: PNG },
    );
    const other = await sendReturn({ email: 'other.person@example.com', f_name: 'Otto' });
    const res = await api('GET', '/api/admin/returns?per_page=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json() as { data: { id: number }[]; total: number };
    expect(page.data.map((r) => r.id)).toEqual([other, linked]);
    expect(page.total).toBeGreaterThanOrEqual(3);

    const byEmail = (await api('GET', '/api/admin/returns?q=other.person')).json();
    expect(byEmail.data.map((r: { id: number }) => r.id)).toEqual([other]);
    const byName = (await api('GET', '/api/admin/returns?q=zelda%20searchable')).json();
    expect(byName.data.map((r: { id: number }) => r.id)).toEqual([linked]);
    const byInvoice = (await api('GET', `/api/admin/returns?q=${invoiceNumber}`)).json();
    expect(byInvoice.data[0]).toMatchObject({
      id: linked,
      invoice_number: invoiceNumber,
      order_reference: orderPublicId,
      status: 'open',
      has_file: true,
      customer: 'Zelda Searchable',
    });
    const byReference = (await api('GET', `/api/admin/returns?q=${orderPublicId}`)).json();
    expect(byReference.total).toBe(1);
    expect((await api('GET', '/api/admin/returns?q=%25')).json().total).toBe(0);

    const open = (await api('GET', '/api/admin/returns?status=open&per_page=100')).json();
    expect(open.data.every((r: { status: string }) => r.status === 'open')).toBe(true);
    expect((await api('GET', '/api/admin/returns?status=lost')).statusCode).toBe(400);
    expect((await api('GET', '/api/admin/returns?page=0')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/returns/{id} and its file', () => {
  it('shows the request with its file and linked order, and downloads the file as an attachment', async () => {
    const id = await sendReturn(
      { order_id: orderPublicId, message: 'Torn on arrival. See photo.' },
      { name: 'tørn mat; 100%.png', bytes: PNG },
    );
    const detail = (await api('GET', `/api/admin/returns/${id}`, staffToken)).json().data;
    expect(detail).toMatchObject({
      id,
      message: 'Torn on arrival. See photo.',
      file: { name: 'tørn mat; 100%.png', type: 'image/png', bytes: PNG.length },
      order: {
        public_id: orderPublicId,
        invoice_number: invoiceNumber,
        total: '49.50',
        payment_status: 'completed',
      },
      decision: null,
    });

    const file = await api('GET', `/api/admin/returns/${id}/file`, staffToken);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="t_rn mat_ 100_.png"; filename*=UTF-8''t%C3%B8rn%20mat%3B%20100%25.png`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe('sandbox');
    expect(file.headers['cache-control']).toBe('no-store');

    const withoutFile = await sendReturn({});
    const none = await api('GET', `/api/admin/returns/${withoutFile}/file`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(ADMIN_RETURN_MESSAGES.noFile);
    expect((await api('GET', '/api/admin/returns/999999/file')).statusCode).toBe(404);
    expect((await api('GET', '/api/admin/returns/999999')).statusCode).toBe(404);
    for (const attempt of ['..%2F..%2Fetc%2Fpasswd', '..', '%2E%2E', `${id}%2F..`, '1e3', '-1', '0']) {
      const res = await api('GET', `/api/admin/returns/${attempt}/file`);
      expect(res.statusCode, attempt).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }

    // A stored name that is not one the store makes is never opened, even when such a file exists.
    const uploads = t.app.config.privateUploadsDir;
    await writeFile(path.join(uploads, 'planted.png'), 'secret');
    await t.database.db
      .update(orderReturns)
      .set({ storedFile: '../uploads/planted.png' })
      .where(eq(orderReturns.id, withoutFile));
    expect((await api('GET', `/api/admin/returns/${withoutFile}/file`)).statusCode).toBe(404);
    await t.database.db
      .update(orderReturns)
      .set({ storedFile: 'planted.png' })
      .where(eq(orderReturns.id, withoutFile));
    expect((await api('GET', `/api/admin/returns/${withoutFile}/file`)).statusCode).toBe(404);
  });

  it('writes a Content-Disposition that a header cannot be injected through', () => {
    expect(attachmentDisposition('a\r\nSet-Cookie: x=1.png')).toBe(
      `attachment; filename="a__Set-Cookie: x=1.png"; filename*=UTF-8''a%0D%0ASet-Cookie%3A%20x%3D1.png`,
    );
    expect(attachmentDisposition('"quoted" \\ name.pdf')).toMatch(
      /^attachment; filename="_quoted_ _ name.pdf"; /,
    );
    expect(attachmentDisposition('')).toMatch(/^attachment; filename="attachment"/);
  });
});

describe('approving and rejecting', () => {
  it('approves a requested return once, with its RA number, audit row and the customer mailed the instructions', async () => {
    const order = await placeOrder('approve.me@example.com');
    const id = await sendReturn({ order_id: order.publicId, email: 'approve.me@example.com', f_name: 'Amy' });
    const approved = await api('POST', `/api/admin/returns/${id}/approve`, staffToken, {
      note: 'Thanks for sending it back.',
    });
    expect(approved.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(orderReturns).where(eq(orderReturns.id, id));
    const ra = raNumberText(row?.raNumber ?? 0);
    expect(approved.json().message).toBe(ADMIN_RETURN_MESSAGES.approvedRa(id, ra));
    expect(approved.json().data).toMatchObject({ status: 'approved', ra_number: ra });
    expect(row).toMatchObject({ status: 'approved', refundCents: null });
    expect(row?.approvedAt).toBeInstanceOf(Date);
    // Approval moves no money: the refund comes once the goods are received.
    expect(await t.database.db.select().from(refunds).where(eq(refunds.returnId, id))).toEqual([]);

    const again = await api('POST', `/api/admin/returns/${id}/approve`, adminToken, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_RETURN_MESSAGES.illegalStep('approved', 'approved'));

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.filter((a) => a.entityType === 'return')).toHaveLength(1);
    expect(audit.find((a) => a.entityType === 'return')).toMatchObject({
      action: 'return.approve',
      before: { status: 'open', ra_number: null },
      after: { status: 'approved', ra_number: ra },
    });

    const mails = await decisionMailsTo('approve.me@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(`your return ${ra} is approved: how to send it back`);
    expect(mails[0]?.text).toContain('Hello Amy,');
    expect(mails[0]?.text).toContain(
      `request ${returnRequestNumberText(id)} for order ${order.invoiceNumber}`,
    );
    expect(mails[0]?.text).toContain('Thanks for sending it back.');
    // An approved return may still be rejected, with its reason.
    const reject = await api('POST', `/api/admin/returns/${id}/reject`, adminToken, { reason: 'Too late' });
    expect(reject.statusCode).toBe(200);
  });

  it('a return refund above what the order can still refund records nothing; two refunds at once refund once', async () => {
    const order = await placeOrder('too.much@example.com');
    const [line] = await t.database.db
      .select({ id: orderLineItems.id })
      .from(orderLineItems)
      .innerJoin(orders, eq(orders.id, orderLineItems.orderId))
      .where(eq(orders.publicId, order.publicId));
    const id = await sendReturn({ order_id: order.publicId, email: 'too.much@example.com' });
    expect((await api('POST', `/api/admin/returns/${id}/approve`, adminToken, {})).statusCode).toBe(200);
    const received = await api('POST', `/api/admin/returns/${id}/receive`, adminToken, {
      lines: [{ line_id: line?.id, quantity_received: 1, condition: 'unopened' }],
    });
    expect(received.statusCode).toBe(200);
    const tooMuch = await api('POST', `/api/admin/returns/${id}/refund`, adminToken, {
      lines: [{ line_id: line?.id, quantity: 2 }],
      reason: 'Return',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ errors: [{ field: 'lines' }] });
    const [still] = await t.database.db.select().from(orderReturns).where(eq(orderReturns.id, id));
    expect(still?.status).toBe('received');
    expect(await t.database.db.select().from(refunds).where(eq(refunds.returnId, id))).toEqual([]);

    const body = { lines: [{ line_id: line?.id, quantity: 1 }], shipping: '16.50', reason: 'Return' };
    const both = await Promise.all([
      api('POST', `/api/admin/returns/${id}/refund`, adminToken, body),
      api('POST', `/api/admin/returns/${id}/refund`, staffToken, body),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.returnId, id))).toHaveLength(1);
    const [refunded] = await t.database.db.select().from(orders).where(eq(orders.publicId, order.publicId));
    expect(refunded?.paymentStatus).toBe('refunded');
    expect(ADMIN_REFUND_MESSAGES.fullyRefunded).toBeTruthy();
  });

  it('rejects only with a reason, which the customer is mailed', async () => {
    const id = await sendReturn({ email: 'reject.me@example.com' });
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const res = await api('POST', `/api/admin/returns/${id}/reject`, adminToken, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ADMIN_RETURN_MESSAGES.reasonRequired);
    }
    const reason = 'The mat has been used: <b>we</b> cannot resell it.\nSee our returns policy.';
    const res = await api('POST', `/api/admin/returns/${id}/reject`, adminToken, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'rejected',
      decision: { refund_amount: null, note: reason },
    });
    const mails = await decisionMailsTo('reject.me@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('is not approved');
    expect(mails[0]?.text).toContain('The mat has been used: <b>we</b> cannot resell it.');
    expect(mails[0]?.html).not.toContain('<b>we</b>');
    expect((await api('POST', `/api/admin/returns/${id}/approve`, adminToken, {})).statusCode).toBe(409);
    expect(
      (await api('POST', '/api/admin/returns/999999/reject', adminToken, { reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await api('POST', '/api/admin/returns/abc/reject', adminToken, { reason: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('of two decisions at once, one wins and the other is refused: one audit row, one mail', async () => {
    const id = await sendReturn({ email: 'race.me@example.com' });
    // Approving and rejecting may follow each other (approved, then rejected); two rejections at once are one.
    const [a, b] = await Promise.all([
      api('POST', `/api/admin/returns/${id}/reject`, adminToken, { reason: 'Duplicate request' }),
      api('POST', `/api/admin/returns/${id}/reject`, staffToken, { reason: 'Duplicate request' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [c, d] = await Promise.all([
      api('POST', `/api/admin/returns/${id}/approve`, adminToken, {}),
      api('POST', `/api/admin/returns/${id}/approve`, adminToken, {}),
    ]);
    expect([c.statusCode, d.statusCode]).toEqual([409, 409]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.filter((r) => r.entityType === 'return')).toHaveLength(1);
    expect(await decisionMailsTo('race.me@example.com')).toHaveLength(1);

    const twin = await sendReturn({ email: 'twin.race@example.com' });
    const both = await Promise.all([
      api('POST', `/api/admin/returns/${twin}/approve`, adminToken, {}),
      api('POST', `/api/admin/returns/${twin}/approve`, staffToken, {}),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await decisionMailsTo('twin.race@example.com')).toHaveLength(1);
  });
});
