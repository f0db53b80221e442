/**
 * The warehouse's PDFs (issue 36 §4, decision 0054), in the tax invoice's look (its page, Helvetica fonts, colours
 * and heading): packing slips, one page per order with the store, the order number and date, the ship-to
 * address, each line item's SKU, title and quantity with a tick box, and no prices; and the pick list, every
 * selected order's items summed per SKU, grouped by category, with the orders that need each.
 */
import { formatAddressLine } from '@store/shared/address';
import { FULFILMENT_LABELS } from '@store/shared/admin-fulfilment';
import { ORDER_NUMBER_LABEL } from '@store/shared/order-constants';
import { returnsSentence, type StorePromises } from '@store/shared/store-promises';
import {
  CONTENT_WIDTH,
  INK,
  MUTED,
  PAGE_MARGIN,
  dateInSydney,
  drawHeading,
  drawNote,
  newDocument,
  toBuffer,
  type Column,
} from '../orders/render-tax-invoice-pdf';
import type { FulfilmentOrder, PickListRow } from './fulfilment-documents';

/** The store as a packing slip's sender block prints it (store settings). */
export interface SlipStore {
  name: string;
  address: string;
  phone: string;
  email: string;
  /** The store's promises (store settings, issue 36 §5): the slip words the returns window from them. */
  promises: StorePromises;
}

const BOX = 11;
const BOX_COLUMN = 48;

/** "2 December 2026, 9:41 am" in Sydney. */
const dateTimeInSydney = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Sydney',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * A table like the tax invoice's whose first column is an empty tick box per row (ticked by pen as the item is
 * packed or picked); rows as tall as their tallest cell, new pages as needed.
 */
function drawTickTable(doc: PDFKit.PDFDocument, title: string, columns: Column[], rows: string[][]): void {
  const drawRow = (cells: string[], heading: boolean) => {
    doc
      .font(heading ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK);
    const height = Math.max(
      BOX,
      ...cells.map((c, i) => doc.heightOfString(c, { width: (columns[i]?.width ?? 0) - 18 })),
    );
    if (doc.y + height > doc.page.height - PAGE_MARGIN - 40) doc.addPage();
    const y = doc.y;
    if (heading) doc.text(title, PAGE_MARGIN, y, { width: BOX_COLUMN - 4 });
    else
      doc
        .rect(PAGE_MARGIN + 1, y, BOX, BOX)
        .lineWidth(1)
        .strokeColor(INK)
        .stroke();
    let x = PAGE_MARGIN + BOX_COLUMN;
    cells.forEach((cell, i) => {
      const col = columns[i];
      if (!col) return;
      // A left-aligned cell after a figure keeps a gap from it (the figure ends at its column's edge).
      const pad = col.align === 'left' && columns[i - 1]?.align === 'right' ? 12 : 0;
      doc.text(cell, col.align === 'right' ? x + 6 : x + pad, y, {
        width: col.width - 6 - pad,
        align: col.align,
      });
      x += col.width;
    });
    doc.y = y + height + 5;
    doc
      .moveTo(PAGE_MARGIN, doc.y - 2)
      .lineTo(PAGE_MARGIN + CONTENT_WIDTH, doc.y - 2)
      .lineWidth(heading ? 1 : 0.5)
      .strokeColor(heading ? INK : '#d1d5db')
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

/** The sender (left) and ship-to (right) blocks of a packing slip. */
function drawSlipParties(doc: PDFKit.PDFDocument, store: SlipStore, { order }: FulfilmentOrder): void {
  const top = doc.y;
  const half = CONTENT_WIDTH / 2 - 10;
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('From', PAGE_MARGIN, top);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(store.name, { width: half });
  doc.font('Helvetica').fontSize(10);
  for (const line of [store.address, store.phone, store.email]) if (line) doc.text(line, { width: half });
  const fromBottom = doc.y;

  const x = PAGE_MARGIN + CONTENT_WIDTH / 2 + 10;
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('Ship to', x, top);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(`${order.sFName} ${order.sLName}`, x, doc.y, { width: half });
  doc.font('Helvetica').fontSize(10);
  const address = formatAddressLine({
    street_address: order.sStreetAddress,
    city: order.sCity,
    state: order.sState,
    post_code: order.sPostCode,
  });
  for (const line of [order.sCompany, address, order.sPhone]) {
    if (line) doc.text(line, x, doc.y, { width: half });
  }
  doc.y = Math.max(fromBottom, doc.y) + 20;
  doc.x = PAGE_MARGIN;
}

/**
 * Packing slips for `selected`, one page per order (more when its lines do not fit), in the order given. Prints
 * no price: the slip travels in the parcel, and a gift's recipient need not see what it cost.
 */
export async function renderPackingSlipsPdf(
  store: SlipStore,
  selected: readonly FulfilmentOrder[],
): Promise<Buffer> {
  const doc = newDocument(`${FULFILMENT_LABELS.packingSlip}s`, store);
  selected.forEach((entry, index) => {
    const { order, items } = entry;
    if (index > 0) doc.addPage();
    const units = items.reduce((sum, i) => sum + i.quantity, 0);
    drawHeading(doc, FULFILMENT_LABELS.packingSlip, `Order ${order.invoiceNumber}`, [
      [ORDER_NUMBER_LABEL, order.invoiceNumber],
      ['Order date', dateInSydney.format(order.createdAt)],
      [
        'Items',
        `${units} unit${units === 1 ? '' : 's'} in ${items.length} line${items.length === 1 ? '' : 's'}`,
      ],
    ]);
    drawSlipParties(doc, store, entry);
    drawTickTable(
      doc,
      'Packed',
      [
        { title: 'SKU', width: 130, align: 'left' },
        { title: 'Item', width: CONTENT_WIDTH - BOX_COLUMN - 130 - 60, align: 'left' },
        { title: 'Qty', width: 60, align: 'right' },
      ],
      items.map((i) => [i.sku, i.productTitle, String(i.quantity)]),
    );
    doc.y += 10;
    if (order.comment.trim()) drawNote(doc, `Note from the customer: ${order.comment.trim()}`, true);
    drawNote(doc, `Thank you for your order. ${returnsSentence(store.promises)}`);
  });
  return toBuffer(doc);
}

/**
 * The pick list of `selected` (rows from `pickListOf`): a heading with the orders it covers and the units in all,
 * then per group (category) a table of SKU, item, quantity to pick and the orders that need it, each with a tick
 * box.
 */
export async function renderPickListPdf(
  store: Pick<SlipStore, 'name'>,
  selected: readonly FulfilmentOrder[],
  rows: readonly PickListRow[],
  printedAt = new Date(),
): Promise<Buffer> {
  const doc = newDocument(FULFILMENT_LABELS.pickListTitle, store);
  const units = rows.reduce((sum, r) => sum + r.quantity, 0);
  const numbers = selected.map((s) => s.order.invoiceNumber);
  drawHeading(
    doc,
    FULFILMENT_LABELS.pickListTitle,
    `${numbers.length} order${numbers.length === 1 ? '' : 's'}: ${numbers.join(', ')}`,
    [
      ['Printed', dateTimeInSydney.format(printedAt)],
      ['Units to pick', String(units)],
      ['SKUs', String(rows.length)],
      ['Grouped by', `${FULFILMENT_LABELS.pickGroup} (no stock locations yet)`],
    ],
  );
  const groups = [...new Set(rows.map((r) => r.group))];
  for (const group of groups) {
    if (doc.y > doc.page.height - PAGE_MARGIN - 90) doc.addPage();
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(INK)
      .text(`${FULFILMENT_LABELS.pickGroup}: ${group}`, PAGE_MARGIN, doc.y, { width: CONTENT_WIDTH });
    doc.y += 4;
    drawTickTable(
      doc,
      'Picked',
      [
        { title: 'SKU', width: 100, align: 'left' },
        { title: 'Item', width: CONTENT_WIDTH - BOX_COLUMN - 100 - 40 - 135, align: 'left' },
        { title: 'Qty', width: 40, align: 'right' },
        { title: 'Orders', width: 135, align: 'left' },
      ],
      rows
        .filter((r) => r.group === group)
        .map((r) => [
          r.sku,
          r.title,
          String(r.quantity),
          r.orders
            .map((o) => (o.quantity > 1 ? `${o.invoiceNumber} (${o.quantity})` : o.invoiceNumber))
            .join(', '),
        ]),
    );
    doc.y += 10;
  }
  return toBuffer(doc);
}
