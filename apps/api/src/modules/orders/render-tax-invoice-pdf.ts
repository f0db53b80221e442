/**
 * The PDFs of tax invoices and adjustment notes (issue 18 §3, decision 0036), drawn with pdfkit and its standard
 * Helvetica (no font files of ours: the AFM metrics ship inside the pdfkit package). Everything the ATO asks of a
 * tax invoice is printed: "Tax Invoice", the seller's name, ABN and address, the number and date of issue, each
 * line's description, quantity and price, the delivery charge, the GST, the total, and the buyer's identity and
 * ABN. A store not registered for GST (GST 0%) prints "Invoice" and no GST. Every figure is the stored order's,
 * laid out by the shared breakdown (issue 34 §2: the same rows as the checkout, the pages and the mails).
 * The page, fonts and table helpers are exported for the warehouse's packing slips and pick list (issue 36 §4).
 */
import { deliveryChoiceText } from '@store/shared/delivery-rules';
import PDFDocument from 'pdfkit';
import { formatAbn, isValidAbn } from '@store/shared/abn';
import { formatCents } from '@store/shared/money';
import { breakdownRows } from '@store/shared/order-breakdown';
import { exGstCents } from '@store/shared/checkout-totals';
import { dueDayWords } from '@store/shared/trade-accounts';
import { paymentMethodName } from '@store/shared/payment-method-rules';
import { ORDER_NUMBER_LABEL, PAYMENT_METHOD_ACCOUNT } from '@store/shared/order-constants';
import {
  DEMO_ABN_PLACEHOLDER,
  adjustmentNoteTitle,
  formatAdjustmentNoteNumber,
  formatTaxInvoiceNumber,
  taxInvoiceTitle,
  type TaxDocumentBuyer,
  type TaxDocumentSeller,
} from '@store/shared/tax-invoice';
import { lineGstOfItem, orderAmountsOfRow } from './order-amounts';
import type { OrderLineItemRow, OrderRow } from './order-presenter';
import type { AdjustmentNoteRow } from './issue-adjustment-note';
import { refundedLineText, refundedShippingText, type RefundedLine } from '@store/shared/refund-lines';
import type { TaxInvoiceRow } from './issue-tax-invoice';

export const PAGE_MARGIN = 50;
const PAGE_WIDTH = 595.28; // A4, points
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * PAGE_MARGIN;
export const INK = '#111827';
export const MUTED = '#4b5563';
const WARNING = '#b91c1c';

/** "27 November 2026": the date in Sydney, where the store is. */
export const dateInSydney = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Sydney',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** Whether a document for this seller and order shows GST: registered (GST % > 0) or GST was charged. */
export function showsGst(seller: TaxDocumentSeller, order: Pick<OrderRow, 'gstCents'>): boolean {
  return seller.gstPercent > 0 || order.gstCents > 0;
}

/** Ends `doc` and resolves with its bytes. */
export function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** An A4 document with the store's margins, titled `title` and authored by the seller (its metadata). */
export function newDocument(title: string, seller: Pick<TaxDocumentSeller, 'name'>): PDFKit.PDFDocument {
  return new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    info: { Title: title, Author: seller.name, Creator: seller.name },
  });
}

/** The heading, the title line ("Tax invoice TI-… for order INV-…"), then label-value rows under them. */
export function drawHeading(
  doc: PDFKit.PDFDocument,
  heading: string,
  title: string,
  facts: [string, string][],
): void {
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(24).text(heading, PAGE_MARGIN, PAGE_MARGIN);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(title, PAGE_MARGIN, doc.y + 4, { width: CONTENT_WIDTH });
  let y = doc.y + 8;
  for (const [label, value] of facts) {
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(label, PAGE_MARGIN, y, { width: 140 });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(value, PAGE_MARGIN + 140, y, { width: 200 });
    y += 15;
  }
  doc.y = y + 14;
}

/** The seller's block (left) and the buyer's (right), side by side. */
function drawParties(doc: PDFKit.PDFDocument, seller: TaxDocumentSeller, buyer: TaxDocumentBuyer): void {
  const top = doc.y;
  const half = CONTENT_WIDTH / 2 - 10;
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('From', PAGE_MARGIN, top);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(seller.name, { width: half });
  doc.font('Helvetica').fontSize(10);
  if (seller.abn) doc.text(`ABN ${formatAbn(seller.abn)}`, { width: half });
  else doc.fillColor(WARNING).text(`ABN: ${DEMO_ABN_PLACEHOLDER}`, { width: half }).fillColor(INK);
  if (seller.address) doc.text(seller.address, { width: half });
  if (seller.email) doc.text(seller.email, { width: half });
  const sellerBottom = doc.y;

  const x = PAGE_MARGIN + CONTENT_WIDTH / 2 + 10;
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('Bill to', x, top);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(buyer.name, x, doc.y, { width: half });
  doc.font('Helvetica').fontSize(10);
  if (buyer.businessName) doc.text(buyer.businessName, x, doc.y, { width: half });
  // The business number a member typed is printed as an ABN only when its check digits say it is one.
  if (buyer.abn) {
    const label = isValidAbn(buyer.abn) ? `ABN ${formatAbn(buyer.abn)}` : `Business number ${buyer.abn}`;
    doc.text(label, x, doc.y, { width: half });
  }
  if (buyer.address) doc.text(buyer.address, x, doc.y, { width: half });
  if (buyer.email) doc.text(buyer.email, x, doc.y, { width: half });
  doc.y = Math.max(sellerBottom, doc.y) + 20;
  doc.x = PAGE_MARGIN;
}

/** A table column: its heading, width in points and alignment. */
export interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** A table of rows under bold column titles, each row as tall as its tallest cell; new pages as needed. */
export function drawTable(doc: PDFKit.PDFDocument, columns: Column[], rows: string[][]): void {
  const drawRow = (cells: string[], bold: boolean) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK);
    const height = Math.max(
      ...cells.map((c, i) => doc.heightOfString(c, { width: (columns[i]?.width ?? 0) - 6 })),
    );
    if (doc.y + height > doc.page.height - PAGE_MARGIN - 40) doc.addPage();
    const y = doc.y;
    let x = PAGE_MARGIN;
    cells.forEach((cell, i) => {
      const col = columns[i];
      if (!col) return;
      // The 6-point gap between columns sits on a cell's outer side, so right-aligned figures end at the margin.
      doc.text(cell, col.align === 'right' ? x + 6 : x, y, { width: col.width - 6, align: col.align });
      x += col.width;
    });
    doc.y = y + height + 5;
    doc
      .moveTo(PAGE_MARGIN, doc.y - 2)
      .lineTo(PAGE_MARGIN + CONTENT_WIDTH, doc.y - 2)
      .lineWidth(bold ? 1 : 0.5)
      .strokeColor(bold ? INK : '#d1d5db')
      .stroke();
    doc.y += 3;
  };
  drawRow(
    columns.map((c) => c.title),
    true,
  );
  for (const r of rows) drawRow(r, false);
  doc.x = PAGE_MARGIN;
}

/** The standard fonts are WinAnsi, which has no minus sign (U+2212): the breakdown's discounts print a hyphen. */
export const winAnsi = (text: string) => text.replace(/\u2212/g, '-');

/** Label-amount pairs right-aligned under the table; `strong` ones in bold. */
function drawTotals(doc: PDFKit.PDFDocument, totals: { label: string; amount: string; strong?: boolean }[]) {
  doc.y += 6;
  for (const row of totals) {
    const t = { ...row, label: winAnsi(row.label), amount: winAnsi(row.amount) };
    const y = doc.y;
    doc
      .font(t.strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(t.strong ? 12 : 10)
      .fillColor(INK);
    doc.text(t.label, PAGE_MARGIN + CONTENT_WIDTH - 300, y, { width: 200, align: 'right' });
    doc.text(t.amount, PAGE_MARGIN + CONTENT_WIDTH - 95, y, { width: 95, align: 'right' });
    doc.y = y + (t.strong ? 18 : 15);
  }
  doc.x = PAGE_MARGIN;
}

export function drawNote(doc: PDFKit.PDFDocument, text: string, bold = false): void {
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(text, PAGE_MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.y += 4;
}

export interface TaxInvoiceDocument {
  invoice: TaxInvoiceRow;
  order: OrderRow;
  items: readonly OrderLineItemRow[];
  /** The order's adjustment notes so far, listed under the totals. */
  notes: readonly AdjustmentNoteRow[];
}

/**
 * The PDF of a tax invoice: "Tax Invoice" (or "Invoice" for a store not registered for GST), the title line
 * "Tax invoice TI-… for order INV-…", date of issue, seller, buyer, lines (description with SKU, quantity, unit price,
 * the GST the line includes, amount), then the breakdown's rows (`breakdownRows`: subtotal, each discount, delivery,
 * total, GST included) and "Total price includes GST of $X". Orders placed before decision 0046 were charged ex-GST
 * lines with GST added (SPEC §9): their lines and rows are printed that way, as charged. Amounts are the order's
 * stored cents.
 */
export async function renderTaxInvoicePdf({
  invoice,
  order,
  items,
  notes,
}: TaxInvoiceDocument): Promise<Buffer> {
  const gst = showsGst(invoice.seller, order);
  const amounts = orderAmountsOfRow(order, items);
  const number = formatTaxInvoiceNumber(invoice.number);
  const heading = gst ? 'Tax Invoice' : 'Invoice';
  const doc = newDocument(`${heading} ${number}`, invoice.seller);
  drawHeading(doc, heading, taxInvoiceTitle(number, order.invoiceNumber, gst), [
    ['Date of issue', dateInSydney.format(invoice.issuedAt)],
    [ORDER_NUMBER_LABEL, order.invoiceNumber],
    ['Order date', dateInSydney.format(order.createdAt)],
    // Issue 39 §5: the buyer's purchase order number, which their accounts match the invoice by.
    ...(order.purchaseOrderNumber ? [['Purchase order', order.purchaseOrderNumber] as [string, string]] : []),
    // Issue 41: how the order reaches the buyer ("Express delivery — Delivered in 1-3 business days"); its charge
    // is the breakdown's delivery row.
    ['Delivery', deliveryChoiceText(order.deliveryOption, order.deliveryEstimate)],
  ]);
  drawParties(doc, invoice.seller, invoice.buyer);
  const lines = [...items].sort((a, b) => a.id - b.id);
  // Issue 39 §3: a trade account's invoice lists each line ex. GST with its GST, as the ATO expects from a supplier
  // to a business; the totals read "Total ex. GST", "GST", "Total (inc. GST)" (breakdownRows' ex-GST rows).
  const business = gst && amounts.pricesIncludeGst && order.tradeAccountId !== null;
  if (business) {
    drawTable(
      doc,
      [
        { title: 'Description', width: CONTENT_WIDTH - 305, align: 'left' },
        { title: 'Qty', width: 35, align: 'right' },
        { title: 'Unit price (ex. GST)', width: 110, align: 'right' },
        { title: 'GST', width: 60, align: 'right' },
        { title: 'Amount (ex. GST)', width: 100, align: 'right' },
      ],
      lines.map((i) => {
        const lineGst = lineGstOfItem(i, amounts) ?? 0;
        return [
          `${i.productTitle} (SKU ${i.sku})`,
          String(i.quantity),
          formatCents(exGstCents(i.unitPriceCents, order.gstPercent)),
          formatCents(lineGst),
          formatCents(i.lineSubtotalCents - lineGst),
        ];
      }),
    );
  } else if (gst && amounts.pricesIncludeGst) {
    drawTable(
      doc,
      [
        // The amount's title says what the unit price shares; short titles leave the description its width.
        { title: 'Description', width: CONTENT_WIDTH - 265, align: 'left' },
        { title: 'Qty', width: 35, align: 'right' },
        { title: 'Unit price', width: 70, align: 'right' },
        { title: 'GST', width: 60, align: 'right' },
        { title: 'Amount (inc. GST)', width: 100, align: 'right' },
      ],
      lines.map((i) => [
        `${i.productTitle} (SKU ${i.sku})`,
        String(i.quantity),
        formatCents(i.unitPriceCents),
        formatCents(lineGstOfItem(i, amounts) ?? 0),
        formatCents(i.lineSubtotalCents),
      ]),
    );
  } else {
    const exGst = gst ? ' (ex. GST)' : '';
    drawTable(
      doc,
      [
        { title: 'Description', width: CONTENT_WIDTH - 265, align: 'left' },
        { title: 'Qty', width: 35, align: 'right' },
        { title: `Unit price${exGst}`, width: 115, align: 'right' },
        { title: `Amount${exGst}`, width: 115, align: 'right' },
      ],
      lines.map((i) => [
        `${i.productTitle} (SKU ${i.sku})`,
        String(i.quantity),
        formatCents(i.unitPriceCents),
        formatCents(i.lineSubtotalCents),
      ]),
    );
  }
  drawTotals(
    doc,
    breakdownRows(amounts, business ? 'ex_gst' : 'inc_gst').map((row) => ({
      label: row.label,
      amount: row.text,
      strong: row.key === 'total',
    })),
  );
  doc.y += 8;
  if (gst) drawNote(doc, `Total price includes GST of ${formatCents(order.gstCents)}.`, true);
  drawNote(doc, paymentNote(order));
  for (const n of notes) {
    drawNote(
      doc,
      `Adjustment note ${formatAdjustmentNoteNumber(n.number)} of ${dateInSydney.format(n.issuedAt)}: ${formatCents(-n.amountCents)} (${n.kind}).`,
    );
  }
  return toBuffer(doc);
}

/**
 * How the order was paid, in words: by its method's name ('Paid by Card', 'Paid by Afterpay', 'Paid by PayPal';
 * issue 40, `paymentMethodName`), or charged to a trade account with its due day (issue 39).
 */
function paymentNote(order: OrderRow): string {
  if (order.paymentMethod === PAYMENT_METHOD_ACCOUNT) {
    const due = order.paymentDueDay ? dueDayWords(order.paymentDueDay) : null;
    return `Charged to your trade account${due ? `: payment due by ${due}` : ''}. Please quote ${order.invoiceNumber} with your payment.`;
  }
  return `Paid by ${paymentMethodName(order.paymentMethod, order.paymentMethodType)}. Payment status: ${order.paymentStatus.replace(/_/g, ' ')}.`;
}

export interface AdjustmentNoteDocument {
  note: AdjustmentNoteRow;
  invoice: TaxInvoiceRow;
  order: OrderRow;
  /** Issue 36 §3: what an itemised refund gave back, listed on the note as in the customer's mail. */
  refunded?: { lines: readonly RefundedLine[]; shippingCents: number };
}

/**
 * The PDF of an adjustment note: "Adjustment Note", its number and date, the tax invoice it adjusts (number and
 * date), seller and buyer as on that invoice, why (refund or cancellation, the reason), the amount given back and
 * the GST in it.
 */
export async function renderAdjustmentNotePdf({
  note,
  invoice,
  order,
  refunded,
}: AdjustmentNoteDocument): Promise<Buffer> {
  const gst = showsGst(invoice.seller, order);
  const number = formatAdjustmentNoteNumber(note.number);
  const invoiceNumber = formatTaxInvoiceNumber(invoice.number);
  const doc = newDocument(`Adjustment Note ${number}`, note.seller);
  drawHeading(doc, 'Adjustment Note', adjustmentNoteTitle(number, order.invoiceNumber), [
    ['Date of issue', dateInSydney.format(note.issuedAt)],
    [gst ? 'Adjusts tax invoice' : 'Adjusts invoice', invoiceNumber],
    ['Invoice date', dateInSydney.format(invoice.issuedAt)],
    [ORDER_NUMBER_LABEL, order.invoiceNumber],
  ]);
  drawParties(doc, note.seller, invoice.buyer);
  drawNote(
    doc,
    `This note adjusts ${gst ? 'tax invoice' : 'invoice'} ${invoiceNumber} (order ${order.invoiceNumber}): ` +
      `${note.kind === 'refund' ? 'a refund' : 'the cancellation of the order'}.`,
  );
  if (note.reason) drawNote(doc, `Reason: ${note.reason}`);
  if (refunded && (refunded.lines.length > 0 || refunded.shippingCents > 0)) {
    drawNote(doc, 'Refunded:');
    for (const l of refunded.lines) drawNote(doc, refundedLineText(l));
    if (refunded.shippingCents > 0) drawNote(doc, refundedShippingText(refunded.shippingCents));
  }
  drawTotals(doc, [
    { label: 'Invoice total', amount: formatCents(order.totalCents) },
    ...(gst ? [{ label: 'GST adjusted', amount: formatCents(-note.gstCents) }] : []),
    {
      label: gst ? 'Adjustment (inc. GST, AUD)' : 'Adjustment (AUD)',
      amount: formatCents(-note.amountCents),
      strong: true,
    },
  ]);
  doc.y += 8;
  if (gst) drawNote(doc, `The adjustment includes GST of ${formatCents(note.gstCents)}.`, true);
  return toBuffer(doc);
}
