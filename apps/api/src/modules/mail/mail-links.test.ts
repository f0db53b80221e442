/**
 * Every link the store mails works when a person opens it in a browser (issue 37 §4). The store sends its mails
 * through the real flows (an order placed, processed, shipped and refunded; the store's new-order and low-stock
 * mails; the newsletter confirmation with its List-Unsubscribe header; a contact message and a part enquiry), then
 * every link of every mail (HTML hrefs, URLs in the text, the List-Unsubscribe header)
 * on the store's own address is opened as a browser opens it: it must answer a page (200 HTML; a PDF for an order
 * document), never JSON or a 404. Links to other sites (a carrier's tracking page) are left to them. POST to the
 * List-Unsubscribe address stays RFC 8058 one-click.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_MESSAGES } from '@store/shared/newsletter-constants';
import { newsletterSubscriptions, orderLineItems, products, storeSettings } from '../../db/schema';
import { seedCatalog } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { bearer, seedOrder, seedStaff } from '../../../tests/seeders';

const BASE = 'https://shop.example.com.au';
let t: TestApp;
let dist: string;
let mails: ParsedMail[] = [];

/** What a browser sends when a person opens a link. */
const BROWSER = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
};

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'store-mail-links-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
  t = await createTestApp({
    webDistDir: dist,
    config: (c) => {
      c.publicBaseUrl = BASE;
      c.rateLimits.formsPerMinute = 1_000;
    },
  });
  const { db } = t.database;
  await seedCatalog(db);
  await db.update(storeSettings).set({ salesEmail: 'sales@shop.example.com.au' });
  const view = await t.app.catalog.view();
  const h4 = view.find('KL-H4-6055');
  if (!h4) throw new Error('no seeded H4 globe');
  const admin = await seedStaff(t, { email: 'owner@example.com', role: 'admin' });
  const send = (method: 'POST', url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers });

  // An order: received and confirmed (with its tax invoice), the store's new-order mail; processed, shipped
  // (the shipping notice), then one unit refunded (the refund notice).
  const order = await seedOrder(t, { lines: [{ id: h4.id, unitPriceCents: h4.payCents, quantity: 2 }] });
  const status = (body: object) =>
    send('POST', `/api/admin/orders/${order.publicId}/status`, body, bearer(admin.token));
  expect((await status({ status: 'processing' })).statusCode).toBe(200);
  const shipped = await status({
    status: 'shipped',
    carrier: 'Australia Post',
    tracking_number: '33LOB1234567',
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  const [line] = await db.select().from(orderLineItems).where(eq(orderLineItems.orderId, order.row.id));
  const refund = await send(
    'POST',
    `/api/admin/orders/${order.publicId}/line-refunds`,
    { lines: [{ line_id: line?.id, quantity: 1, restock: true }], reason: 'Faulty' },
    { ...bearer(admin.token), 'idempotency-key': randomUUID() },
  );
  expect(refund.statusCode, refund.body).toBe(201);
  // The daily low-stock report, with a product at its threshold.
  await db.update(products).set({ stock: 0 }).where(eq(products.id, h4.id));
  expect(
    (await send('POST', '/api/admin/low-stock-report', {}, bearer(admin.token))).statusCode,
  ).toBeLessThan(300);
  // The newsletter, a contact message and a part enquiry.
  expect((await send('POST', '/api/subscribe', { email: 'reader@example.com' })).statusCode).toBe(200);
  const contact = {
    f_name: 'Jo',
    l_name: 'Lee',
    email: 'jo@example.com',
    subject: 'Hours',
    message: 'Open Sunday?',
  };
  expect((await send('POST', '/api/contact-us', contact)).statusCode).toBe(200);
  const enquiry = { part_number: 'DB1170', name: 'Jo Lee', email: 'jo@example.com' };
  expect((await send('POST', '/api/part-enquiry', enquiry)).statusCode).toBe(200);

  await t.app.mail.settled();
  const dir = t.app.config.outboxDir;
  const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
  mails = await Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(dir, f)))));
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

/** Every link of a mail: the HTML's hrefs, the URLs of its text, and its List-Unsubscribe addresses. */
function linksOf(mail: ParsedMail): string[] {
  const html = typeof mail.html === 'string' ? mail.html : '';
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
  const inText = [...(mail.text ?? '').matchAll(/https?:\/\/[^\s<>"')\]]+/g)].map((m) =>
    m[0].replace(/[.,]$/, ''),
  );
  const header = mail.headers.get('list-unsubscribe');
  const listUnsubscribe = typeof header === 'object' && header && 'url' in header ? [String(header.url)] : [];
  const raw = mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
  const fromRaw = [...raw.matchAll(/<(https?:[^>]+)>/g)].map((m) => m[1] ?? '');
  return [...new Set([...hrefs, ...inText, ...listUnsubscribe, ...fromRaw])];
}

/** GET as a browser, following redirects on the store (at most 5); answers the last response. */
async function open(url: string) {
  let target = url;
  for (let hop = 0; hop < 5; hop++) {
    const u = new URL(target, BASE);
    const res = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}`, headers: BROWSER });
    if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
      target = String(res.headers.location);
      continue;
    }
    return res;
  }
  throw new Error(`${url}: more than 5 redirects`);
}

describe('links in the store’s mail', () => {
  it('sends the mails of every flow, each with its links', () => {
    const subjects = mails.map((m) => m.subject ?? '');
    for (const expected of [
      /order/i,
      /on its way/i,
      /refund/i,
      /low.stock/i,
      /subscribed/i,
      /Contact form/,
      /Part enquiry/,
    ])
      expect(
        subjects.some((s) => expected.test(s)),
        `${expected} in ${subjects.join(' | ')}`,
      ).toBe(true);
  });

  it('every link on the store’s address opens a page in a browser, never JSON or a 404', async () => {
    const checked: string[] = [];
    const failures: string[] = [];
    for (const mail of mails) {
      for (const link of linksOf(mail)) {
        if (link.startsWith('mailto:') || link.startsWith('tel:')) continue;
        if (!link.startsWith(BASE)) continue; // another site's page (the carrier's tracking)
        const res = await open(link);
        const type = String(res.headers['content-type'] ?? '');
        const ok =
          res.statusCode === 200 && (type.startsWith('text/html') || type.startsWith('application/pdf'));
        checked.push(link);
        if (!ok) failures.push(`${mail.subject}: ${link} -> ${res.statusCode} ${type}`);
      }
    }
    expect(failures).toEqual([]);
    // The order's tracking page, its tax invoice, the back office's order, a product, the unsubscribe page and the
    // List-Unsubscribe address were among them.
    const paths = checked.map((l) => new URL(l).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/api/unsubscribe', '/unsubscribe']));
    expect(paths.some((p) => p.startsWith('/admin/orders/'))).toBe(true);
    expect(new Set(checked).size).toBeGreaterThanOrEqual(6);
  });
});

describe('the List-Unsubscribe address', () => {
  const tokenOf = async () => {
    const [row] = await t.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'reader@example.com'));
    return row;
  };

  it('opened in a browser shows the unsubscribe page and unsubscribes nobody', async () => {
    const mail = mails.find((m) => /subscribed/i.test(m.subject ?? ''));
    const address = linksOf(mail as ParsedMail).find((l) => l.includes('/api/unsubscribe'));
    expect(address).toBeDefined();
    const first = await t.app.inject({
      method: 'GET',
      url: new URL(address as string).pathname + new URL(address as string).search,
      headers: BROWSER,
    });
    expect(first.statusCode).toBe(303);
    const row = await tokenOf();
    expect(first.headers.location).toBe(`/unsubscribe?token=${row?.unsubscribeToken}`);
    const page = await open(address as string);
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
    expect((await tokenOf())?.unsubscribedAt).toBeNull();
  });

  it('POSTed as RFC 8058 one-click unsubscribes at once', async () => {
    const row = await tokenOf();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${row?.unsubscribeToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: NEWSLETTER_MESSAGES.unsubscribed });
    expect((await tokenOf())?.unsubscribedAt).not.toBeNull();
  });
});
