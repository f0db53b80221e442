/**
 * What the packing slips and the pick list print (issue 36 §4, decision 0054): the selected orders with their line
 * items, and the pick list's rows, one per SKU with the quantity summed over the orders and which orders need it,
 * grouped by the product's category (the stand-in for a stock location until products have one).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { FULFILMENT_LABELS, FULFILMENT_MESSAGES } from '@store/shared/admin-fulfilment';
import type { Database } from '../../db/client';
import { categories, orderLineItems, orders, products } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import type { OrderLineItemRow, OrderRow } from '../orders/order-presenter';

export interface FulfilmentOrder {
  order: OrderRow;
  /** Its line items, as ordered (oldest line first). */
  items: OrderLineItemRow[];
}

/**
 * The orders with these public ids, in the order asked for, each with its lines. Throws HttpError 404 naming the
 * ids that match no order (nothing is printed then: a slip run with a missing order would be mistaken for whole).
 */
export async function readFulfilmentOrders(
  db: Database,
  publicIds: readonly string[],
): Promise<FulfilmentOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.publicId, [...publicIds]));
  const byPublicId = new Map(rows.map((o) => [o.publicId, o]));
  const unknown = publicIds.filter((id) => !byPublicId.has(id));
  if (unknown.length > 0) throw new HttpError(404, FULFILMENT_MESSAGES.unknownOrders(unknown));
  const items = await db
    .select()
    .from(orderLineItems)
    .where(
      inArray(
        orderLineItems.orderId,
        rows.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderLineItems.id));
  return publicIds.map((id) => {
    const order = byPublicId.get(id) as OrderRow;
    return { order, items: items.filter((i) => i.orderId === order.id) };
  });
}

export interface PickListRow {
  /** The product's category title (the pick list's grouping), or "Uncategorised". */
  group: string;
  sku: string;
  /** The title as ordered (the first order's line). */
  title: string;
  /** Units to pick: the sum over every selected order. */
  quantity: number;
  /** Which orders need it and how many each, in the order the orders were selected. */
  orders: { invoiceNumber: string; quantity: number }[];
}

/**
 * The pick list of `selected`: one row per SKU (compared as stored on the line), quantities summed, grouped by the
 * product's current category and sorted by group, then SKU. A line whose product is gone is picked by its SKU
 * under "Uncategorised".
 */
export async function pickListOf(db: Database, selected: readonly FulfilmentOrder[]): Promise<PickListRow[]> {
  const productIds = [
    ...new Set(selected.flatMap((s) => s.items.map((i) => i.productId).filter((id) => id !== null))),
  ];
  const groups = new Map<number, string>();
  if (productIds.length > 0) {
    const rows = await db
      .select({ id: products.id, category: categories.title })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(inArray(products.id, productIds));
    for (const r of rows) if (r.category) groups.set(r.id, r.category);
  }
  const bySku = new Map<string, PickListRow>();
  for (const { order, items } of selected) {
    for (const line of items) {
      const row =
        bySku.get(line.sku) ??
        ({
          group: (line.productId !== null && groups.get(line.productId)) || FULFILMENT_LABELS.uncategorised,
          sku: line.sku,
          title: line.productTitle,
          quantity: 0,
          orders: [],
        } satisfies PickListRow);
      row.quantity += line.quantity;
      const already = row.orders.find((o) => o.invoiceNumber === order.invoiceNumber);
      if (already) already.quantity += line.quantity;
      else row.orders.push({ invoiceNumber: order.invoiceNumber, quantity: line.quantity });
      bySku.set(line.sku, row);
    }
  }
  return [...bySku.values()].sort(
    (a, b) => a.group.localeCompare(b.group, 'en-AU') || a.sku.localeCompare(b.sku, 'en-AU'),
  );
}
