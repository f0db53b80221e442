/**
 * Prices order lines from the database (DESIGN §4: the server's figures are the truth): each unit at the
 * product's price after its own discount, and the SPEC §9 totals from the store settings. Shared by
 * place-order and by the wallet order that must be created for the same total.
 *
 * One statement reads the products, their discounts and the settings together (decision 0023): every
 * statement costs place-order CPU (on PGlite it runs in the server's own thread), and these reads are
 * independent of each other.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import {
  computeCheckoutTotals,
  unitPriceCentsFromColumns,
  type CheckoutSettings,
  type MemberDiscounts,
} from '@store/shared/checkout-totals';
import { DISCOUNT_FIXED, DISCOUNT_PERCENT, type Discount } from '@store/shared/discount';
import { centsToDecimalString } from '@store/shared/money';
import { type ServerTotals } from '@store/shared/order';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import type { CheckoutTotals } from '@store/shared/checkout-totals';
import { MAX_DB_ID, type Database } from '../../db/client';
import { productDiscounts, products, storeSettings } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { getStoreSettings } from '../content/content-service';

export interface PricedOrderLine {
  productId: number;
  sku: string;
  title: string;
  quantity: number;
  /** Price of one unit after the product discount, cents. */
  unitPriceCents: number;
  lineSubtotalCents: number;
  /**
   * True when the product tracked its stock as it was priced. Place-order reserves stock for these lines only:
   * an untracked product has nothing to take (see reserveStockAndCreateOrder).
   */
  stockTracked: boolean;
}

export interface PricedOrder {
  /** In the order the client sent them. */
  lines: PricedOrderLine[];
  totals: CheckoutTotals;
}

/**
 * Loads the products of `lines` and prices them with the member's discounts (none for guests).
 * Throws HttpError 400 ORDER_MESSAGES.unknownProduct naming the first id the catalog does not have.
 */
export async function priceOrderLines(
  db: Database,
  lines: readonly { id: number; quantity: number }[],
  discounts: MemberDiscounts = {},
): Promise<PricedOrder> {
  // Ids beyond PostgreSQL's integer cannot name a product; leaving them out keeps the query valid.
  const ids = [...new Set(lines.map((l) => l.id))].filter((id) => id <= MAX_DB_ID);
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      title: products.title,
      priceCents: products.priceCents,
      stockTracked: sql<boolean>`${products.stock} IS NOT NULL`,
      discountType: productDiscounts.discountType,
      discountValue: productDiscounts.discountValue,
      gstPercent: storeSettings.gstPercent,
      deliveryChargeCents: storeSettings.deliveryChargeCents,
      freeDeliveryThresholdCents: storeSettings.freeDeliveryThresholdCents,
    })
    .from(products)
    .leftJoin(productDiscounts, eq(productDiscounts.productId, products.id))
    .leftJoin(storeSettings, eq(storeSettings.id, 1))
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const priced = lines.map((line): PricedOrderLine => {
    const p = byId.get(line.id);
    if (!p) throw new HttpError(400, ORDER_MESSAGES.unknownProduct(line.id));
    const discount: Discount | null =
      p.discountType === null || p.discountValue === null
        ? null
        : {
            type: p.discountType === DISCOUNT_FIXED ? DISCOUNT_FIXED : DISCOUNT_PERCENT,
            value: p.discountValue,
          };
    const unitPriceCents = unitPriceCentsFromColumns(p.priceCents, discount);
    return {
      productId: p.id,
      sku: p.sku,
      title: p.title,
      quantity: line.quantity,
      unitPriceCents,
      lineSubtotalCents: unitPriceCents * line.quantity,
      stockTracked: p.stockTracked,
    };
  });
  const totals = computeCheckoutTotals(priced, await pricingSettings(db, rows[0]), discounts);
  return { lines: priced, totals };
}

/**
 * The settings joined to the products (`row`), or, when the store has no settings row yet (a store nobody has
 * configured), getStoreSettings' defaults — its one source — at the price of a second statement.
 */
async function pricingSettings(
  db: Database,
  row:
    | {
        gstPercent: number | null;
        deliveryChargeCents: number | null;
        freeDeliveryThresholdCents: number | null;
      }
    | undefined,
): Promise<CheckoutSettings> {
  if (
    row &&
    row.gstPercent !== null &&
    row.deliveryChargeCents !== null &&
    row.freeDeliveryThresholdCents !== null
  ) {
    return {
      gstPercent: row.gstPercent,
      deliveryChargeCents: row.deliveryChargeCents,
      freeDeliveryThresholdCents: row.freeDeliveryThresholdCents,
    };
  }
  const s = await getStoreSettings(db);
  return {
    gstPercent: s.gstPercent,
    deliveryChargeCents: s.deliveryChargeCents,
    freeDeliveryThresholdCents: s.freeDeliveryThresholdCents,
  };
}

/** The server's figures in the 409 `prices_changed` answer (serverTotalsSchema), dollars as decimal strings. */
export function presentServerTotals(order: PricedOrder): ServerTotals {
  return {
    subTotal: centsToDecimalString(order.totals.subtotalCents),
    delivery_charges: centsToDecimalString(order.totals.deliveryChargeCents),
    totalGst: centsToDecimalString(order.totals.gstCents),
    grand_total: centsToDecimalString(order.totals.totalCents),
    products: order.lines.map((l) => ({
      id: l.productId,
      price: centsToDecimalString(l.unitPriceCents),
      qp_subtotal: centsToDecimalString(l.lineSubtotalCents),
    })),
  };
}
