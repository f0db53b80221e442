/**
 * A trade account's monthly statement (issue 39 §4), drawn like the tax invoice (the same pdfkit page, heading and
 * tables; the store's name, ABN and address from the store settings, as the tax invoice reads them): the business,
 * its ABN and the month, the opening balance, each ledger entry of the month with the balance after it, the
 * closing balance, the invoices still open at the month's end with their due days, the ageing line and the amount
 * due. Every figure comes from the ledger and its one allocation (trade-ledger.ts) as at the month's last day (or
 * today, for the month under way), so opening + the month's entries = closing, and the open invoices add up to the
 * closing balance whenever the business has not paid ahead.
 */
import { eq } from 'drizzle-orm';
import { formatAbn } from '@store/shared/abn';
import { formatCents } from '@store/shared/money';
import { DEMO_ABN_PLACEHOLDER, sellerAbnOf } from '@store/shared/tax-invoice';
import {
  AGEING_BUCKETS,
  AGEING_WORDS,
  storeDay,
  TRADE_ADMIN_MESSAGES,
  TRADE_TERMS_WORDS,
  type TradeTerms,
} from '@store/shared/trade-accounts';
import type { Database } from '../../db/client';
import { tradeAccounts } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { getStoreSettings } from '../content/content-service';
import {
  CONTENT_WIDTH,
  MUTED,
  PAGE_MARGIN,
  dateInSydney,
  drawHeading,
  drawNote,
  drawTable,
  newDocument,
  toBuffer,
  winAnsi,
} from '../orders/render-tax-invoice-pdf';
import { ledgerEntries, summariseLedger, type LedgerEntry, type LedgerSummary } from './trade-ledger';
import { monthWords } from './trade-admin-mails';

/** The figures of one month's statement (the PDF draws them; the schedule and tests read them). */
export interface StatementFigures {
  month: string;
  /** The day the figures are taken at: the month's last day, or today for the month under way. */
  asOf: string;
  openingCents: number;
  entries: { entry: LedgerEntry; balanceCents: number }[];
  closingCents: number;
  summary: LedgerSummary;
}

/** The last day (YYYY-MM-DD) of `month` (YYYY-MM). */
export function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The statement's figures from an account's entries (pure). */
export function statementFigures(
  all: readonly LedgerEntry[],
  month: string,
  today: string,
): StatementFigures {
  const first = `${month}-01`;
  const last = lastDayOf(month);
  const asOf = today < last ? today : last;
  const upToEnd = all.filter((e) => e.entryDay <= last);
  const openingCents = upToEnd.filter((e) => e.entryDay < first).reduce((s, e) => s + e.amountCents, 0);
  let running = openingCents;
  const entries = upToEnd
    .filter((e) => e.entryDay >= first)
    .map((entry) => {
      running += entry.amountCents;
      return { entry, balanceCents: running };
    });
  return {
    month,
    asOf,
    openingCents,
    entries,
    closingCents: running,
    summary: summariseLedger(upToEnd, asOf),
  };
}

/** What an entry is, in a statement's words. */
function describe(e: LedgerEntry): string {
  if (e.kind === 'invoice') return `Invoice ${e.invoiceNumber ?? e.reference}`;
  if (e.kind === 'payment') return `Payment received${e.reference ? ` — ${e.reference}` : ''}`;
  return `Credit${e.reference ? ` — ${e.reference}` : ''}`;
}

const day = (d: string) => dateInSydney.format(new Date(`${d}T12:00:00+10:00`));
/** "5 Nov 2026": a table cell's date, on one line. */
const shortDay = (d: string) =>
  new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${d}T00:00:00Z`));

/**
 * The statement PDF of trade account `accountId` for `month` (YYYY-MM), as of `now`. Throws HttpError 404 when
 * there is no such account.
 */
export async function renderStatementPdf(
  db: Database,
  accountId: number,
  month: string,
  now = new Date(),
): Promise<Buffer> {
  const [account] = await db.select().from(tradeAccounts).where(eq(tradeAccounts.id, accountId));
  if (!account) throw new HttpError(404, TRADE_ADMIN_MESSAGES.accountNotFound);
  const [settings, entries] = await Promise.all([getStoreSettings(db), ledgerEntries(db, accountId)]);
  const f = statementFigures(entries, month, storeDay(now));
  const sellerAbn = sellerAbnOf(settings.abn);

  const doc = newDocument(`Statement ${monthWords(month)} — ${account.businessName}`, {
    name: settings.storeName,
  });
  drawHeading(doc, 'Statement', winAnsi(`${account.businessName} — ${monthWords(month)}`), [
    ['From', winAnsi(settings.storeName)],
    ['Seller ABN', sellerAbn ? formatAbn(sellerAbn) : DEMO_ABN_PLACEHOLDER],
    ['Customer', winAnsi(account.businessName)],
    ['Customer ABN', formatAbn(account.abn)],
    ['Account number', String(account.id)],
    ['Month', monthWords(month)],
    ['Terms', TRADE_TERMS_WORDS[account.terms as TradeTerms]],
    ['As at', day(f.asOf)],
  ]);
  if (settings.businessAddress) drawNote(doc, winAnsi(`${settings.storeName}, ${settings.businessAddress}`));
  doc.y += 6;

  drawNote(doc, `Opening balance: ${formatCents(f.openingCents)}`, true);
  const w = CONTENT_WIDTH;
  drawTable(
    doc,
    [
      { title: 'Date', width: w * 0.16, align: 'left' },
      { title: 'Details', width: w * 0.36, align: 'left' },
      { title: 'PO', width: w * 0.16, align: 'left' },
      { title: 'Amount', width: w * 0.16, align: 'right' },
      { title: 'Balance', width: w * 0.16, align: 'right' },
    ],
    f.entries.length === 0
      ? [['', 'No activity this month', '', '', formatCents(f.openingCents)]]
      : f.entries.map(({ entry, balanceCents }) => [
          shortDay(entry.entryDay),
          winAnsi(describe(entry)),
          winAnsi(entry.purchaseOrderNumber ?? ''),
          formatCents(entry.amountCents),
          formatCents(balanceCents),
        ]),
  );
  drawNote(doc, `Closing balance: ${formatCents(f.closingCents)}`, true);
  doc.y += 10;

  doc.font('Helvetica-Bold').fontSize(12).fillColor('#111827').text('Open invoices', PAGE_MARGIN, doc.y);
  doc.y += 4;
  drawTable(
    doc,
    [
      { title: 'Invoice', width: w * 0.22, align: 'left' },
      { title: 'PO', width: w * 0.18, align: 'left' },
      { title: 'Dated', width: w * 0.15, align: 'left' },
      { title: 'Due', width: w * 0.15, align: 'left' },
      { title: 'Total', width: w * 0.15, align: 'right' },
      { title: 'Open', width: w * 0.15, align: 'right' },
    ],
    f.summary.openItems.length === 0
      ? [['Nothing open', '', '', '', '', '']]
      : f.summary.openItems.map((item) => [
          winAnsi(item.entry.invoiceNumber ?? item.entry.reference),
          winAnsi(item.entry.purchaseOrderNumber ?? ''),
          shortDay(item.entry.entryDay),
          shortDay(item.entry.dueDay ?? item.entry.entryDay),
          formatCents(item.entry.amountCents),
          formatCents(item.openCents),
        ]),
  );
  doc.y += 6;
  drawTable(
    doc,
    AGEING_BUCKETS.map((b) => ({
      title: AGEING_WORDS[b],
      width: w / AGEING_BUCKETS.length,
      align: 'right' as const,
    })),
    [AGEING_BUCKETS.map((b) => formatCents(f.summary.ageing[b]))],
  );
  doc.y += 8;
  const due = Math.max(0, f.closingCents);
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor('#111827')
    .text(`Amount due: ${formatCents(due)}`, PAGE_MARGIN, doc.y, { width: CONTENT_WIDTH, align: 'right' });
  if (f.closingCents < 0) {
    doc.y += 4;
    drawNote(doc, `In credit: ${formatCents(-f.closingCents)} paid ahead.`);
  }
  doc.y += 10;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      winAnsi(
        `Please pay by each invoice's due day, quoting your account number ${account.id} and the invoice numbers.`,
      ),
      PAGE_MARGIN,
      doc.y,
      { width: CONTENT_WIDTH },
    );
  return toBuffer(doc);
}
