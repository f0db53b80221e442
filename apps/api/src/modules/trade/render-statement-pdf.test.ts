/**
 * The monthly statement (issue 39 §4): its PDF read with pdftotext (title, business, ABN, month, opening balance,
 * the month's entries with PO and running balance, closing balance, open invoices with due days, ageing, amount
 * due) and its figures adding up; the admin download and mail (PDF attached) routes; the monthly run mailing last
 * month's statement once to each account with activity or a balance.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAbn } from '@store/shared/abn';
import { orders, storeSettings, tradeLedger } from '../../db/schema';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { HAS_PDFTOTEXT, pdfText } from '../../../tests/pdf-text';
import { seedOrder, seedStaff } from '../../../tests/seeders';
import {
  seedApprovedTradeAccount,
  seedLedgerInvoice,
  type SeededTradeAccount,
} from '../../../tests/seed-trade';
import { renderStatementPdf } from './render-statement-pdf';
import { runMonthlyStatements } from './statement-schedule';

let t: TestApp;
let token = '';
let acc: SeededTradeAccount;
let quiet: SeededTradeAccount;
/** Paid ahead: an invoice and a larger credit in November. */
let ahead: SeededTradeAccount;
const orderIds: { publicId: string; invoice: string; total: number }[] = [];
/** 3 December 2026, 10:00 in Sydney: November's statement is final. */
const NOW = new Date('2026-12-02T23:00:00Z');

const cents = (s: string) => Math.round(Number(s.replace(/[$,]/g, '')) * 100);
const squeeze = (s: string) => s.replace(/[ \t]+/g, ' ');

beforeAll(async () => {
  t = await createTestApp({ config: (c) => (c.rateLimits.placeOrdersPerMinute = 1_000) });
  await seedCatalog(t.database.db);
  await t.database.db
    .update(storeSettings)
    .set({ abn: '51 824 753 556', storeName: 'Parts Depot' })
    .where(eq(storeSettings.id, 1));
  token = (await seedStaff(t, { email: 'statements@example.com', role: 'admin' })).token;
  const productId = await seedProduct(t.database.db, {
    sku: 'ST-PAD',
    title: 'Statement Pads',
    priceCents: 11_000,
    stock: 100,
  });
  acc = await seedApprovedTradeAccount(t, {
    businessName: 'Statement Smash Repairs',
    terms: '30_days',
    accountsEmail: 'accounts@smash.example.com',
  });
  quiet = await seedApprovedTradeAccount(t, { businessName: 'Quiet Account' });
  ahead = await seedApprovedTradeAccount(t, {
    businessName: 'Paid Ahead Pty',
    accountsEmail: 'accounts@ahead.example.com',
  });
  await seedLedgerInvoice(t.database.db, ahead.id, 10_000, '2026-11-03', '2026-12-03');
  await t.database.db.insert(tradeLedger).values({
    tradeAccountId: ahead.id,
    kind: 'credit',
    amountCents: -15_000,
    reference: 'Credit note CN-9',
    entryDay: '2026-11-20',
  });
  for (let i = 0; i < 3; i++) {
    const o = await seedOrder(t, { lines: [{ id: productId, unitPriceCents: 11_000, quantity: i + 1 }] });
    orderIds.push({ publicId: o.publicId, invoice: o.row.invoiceNumber, total: o.row.totalCents });
  }
  const db = t.database.db;
  // October: opening. November: an invoice, a payment, an invoice. December: after the statement.
  await seedLedgerInvoice(db, acc.id, orderIds[0]!.total, '2026-10-20', '2026-11-19', {
    id: await rowId(orderIds[0]!.publicId),
    po: 'PO-OCT-1',
  });
  await seedLedgerInvoice(db, acc.id, orderIds[1]!.total, '2026-11-05', '2026-12-05', {
    id: await rowId(orderIds[1]!.publicId),
    po: 'WS-4411',
  });
  await db.insert(tradeLedger).values({
    tradeAccountId: acc.id,
    kind: 'payment',
    amountCents: -5_000,
    reference: 'EFT 778899',
    entryDay: '2026-11-12',
  });
  await seedLedgerInvoice(db, acc.id, 7_700, '2026-11-28', '2026-12-28');
  await seedLedgerInvoice(db, acc.id, orderIds[2]!.total, '2026-12-01', '2026-12-31', {
    id: await rowId(orderIds[2]!.publicId),
    po: 'PO-DEC',
  });
});
afterAll(() => t.close());

async function rowId(publicId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.publicId, publicId));
  return row!.id;
}

async function mailsTo(email: string): Promise<ParsedMail[]> {
  await t.app.mail.settled();
  const dir = t.app.config.outboxDir;
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    files
      .filter((f) => f.endsWith('.eml'))
      .map(async (f) => simpleParser(await readFile(path.join(dir, f), 'utf8'))),
  );
  return mails.filter((m) => JSON.stringify(m.to ?? '').includes(email));
}

describe.skipIf(!HAS_PDFTOTEXT)('statement PDF', () => {
  it('prints the month with opening, entries, closing, open invoices, ageing and amount due, and they add up', async () => {
    const text = squeeze(pdfText(await renderStatementPdf(t.database.db, acc.id, '2026-11', NOW)));
    const [oct, nov] = [orderIds[0]!, orderIds[1]!];
    const opening = oct.total;
    const closing = opening + nov.total - 5_000 + 7_700;
    expect(text).toContain('Statement');
    expect(text).toContain('Statement Smash Repairs');
    expect(text).toContain(formatAbn(acc.abn));
    expect(text).toContain('51 824 753 556');
    expect(text).toContain('Parts Depot');
    expect(text).toContain('November 2026');
    const money = (label: string) => {
      const m = new RegExp(`${label}: (-?\\$[\\d,.]+)`).exec(text);
      expect(m, label).not.toBeNull();
      return cents(m![1]!);
    };
    expect(money('Opening balance')).toBe(opening);
    expect(money('Closing balance')).toBe(closing);
    expect(money('Amount due')).toBe(closing);
    // The month's entries: each row "<day> November 2026 … <amount> <balance>", in order, adding up.
    const rows = text.split('\n').filter((l) => /^\s*\d{1,2} Nov 2026 /.test(l));
    const entryRows = rows.filter((l) => /Invoice |Payment /.test(l));
    expect(entryRows).toHaveLength(3);
    let running = opening;
    for (const row of entryRows) {
      const figures = [...row.matchAll(/-?\$[\d,]+\.\d\d/g)].map((m) => cents(m[0]));
      const [amount, balance] = figures.slice(-2) as [number, number];
      running += amount;
      expect(balance).toBe(running);
    }
    expect(running).toBe(closing);
    expect(text).toContain(`Invoice ${nov.invoice}`);
    expect(text).toContain('WS-4411');
    expect(text).toContain('EFT 778899');
    expect(text).not.toContain('PO-DEC');
    expect(text).not.toContain(orderIds[2]!.invoice);
    // Open invoices at the month's end: the payment went to October's; their open amounts add up to the closing.
    const openSection = text.slice(text.indexOf('Open invoices'), text.indexOf('Current'));
    const openRows = openSection.split('\n').filter((l) => /\$/.test(l));
    expect(openRows).toHaveLength(3);
    expect(openSection).toContain('19 Nov 2026');
    expect(openSection).toContain('5 Dec 2026');
    const openSum = openRows.reduce((s, l) => s + cents([...l.matchAll(/\$[\d,]+\.\d\d/g)].at(-1)![0]), 0);
    expect(openSum).toBe(closing);
    // Ageing as at 30 November: October's invoice 11 days late, the rest current.
    const ageingLine = text.slice(text.indexOf('90+ days')).split('\n')[1]!;
    const ageing = [...ageingLine.matchAll(/\$[\d,]+\.\d\d/g)].map((m) => cents(m[0]));
    expect(ageing).toHaveLength(5);
    expect(ageing.reduce((a, b) => a + b, 0)).toBe(closing);
    expect(ageing[1]).toBe(oct.total - 5_000);
  });

  it('an account in credit owes nothing: amount due $0.00, the credit said, nothing open', async () => {
    const text = squeeze(pdfText(await renderStatementPdf(t.database.db, ahead.id, '2026-11', NOW)));
    expect(text).toContain('Closing balance: -$50.00');
    expect(text).toContain('Amount due: $0.00');
    expect(text).toContain('In credit: $50.00 paid ahead.');
    expect(text).toContain('Nothing open');
    expect(text).toContain('Credit — Credit note CN-9');
  });

  it('a month without activity carries the balance over; an unknown account is 404', async () => {
    const text = squeeze(pdfText(await renderStatementPdf(t.database.db, acc.id, '2026-09', NOW)));
    expect(text).toContain('Opening balance: $0.00');
    expect(text).toContain('No activity this month');
    expect(text).toContain('Amount due: $0.00');
    await expect(renderStatementPdf(t.database.db, 999_999, '2026-11', NOW)).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('statement routes and the monthly run', () => {
  it('downloads the PDF and mails it attached to the owner and the accounts email', async () => {
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/admin/trade-accounts/${acc.id}/statements/2026-11`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/admin/trade-accounts/${acc.id}/statements/2026-13`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bad.statusCode).toBe(400);
    const mailed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trade-accounts/${acc.id}/statements/2026-11/mail`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(mailed.json().message).toContain('accounts@smash.example.com');
    for (const to of [acc.owner.email, 'accounts@smash.example.com']) {
      const [mail] = await mailsTo(to);
      expect(mail!.subject).toContain('November 2026');
      expect(mail!.attachments.map((a) => a.filename)).toEqual(['statement-2026-11.pdf']);
      if (HAS_PDFTOTEXT) expect(pdfText(mail!.attachments[0]!.content)).toContain('Statement Smash Repairs');
    }
  });

  it("on the 1st mails last month's statements to accounts with activity or a balance, once", async () => {
    const first = new Date('2027-01-01T07:00:00+11:00');
    const before = (await mailsTo('accounts@smash.example.com')).length;
    const outcome = await runMonthlyStatements(
      { db: t.database.db, mail: t.app.mail, config: t.app.config },
      first,
    );
    // Smash Repairs owes and had December activity; Paid Ahead is in credit; Quiet Account has neither.
    expect(outcome).toEqual({ month: '2026-12', accounts: 2 });
    expect(await mailsTo('accounts@ahead.example.com')).toHaveLength(1);
    const after = await mailsTo('accounts@smash.example.com');
    expect(after.length).toBe(before + 1);
    expect(after.some((m) => m.subject?.includes('December 2026'))).toBe(true);
    expect(await mailsTo(quiet.owner.email)).toHaveLength(0);
    expect(
      await runMonthlyStatements({ db: t.database.db, mail: t.app.mail, config: t.app.config }, first),
    ).toBe('taken');
    expect((await mailsTo('accounts@smash.example.com')).length).toBe(before + 1);
  });
});
