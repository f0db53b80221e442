/**
 * Prices order lines from the database (DESIGN §4: the server's figures are the truth): each unit at the
 * product's shelf price (inc. GST) after its own discount, and the order's totals by the one money model
 * (`computeCheckoutTotals`, issue 34 §1, decision 0046) from the store settings. Shared by place-order, the
 * discount-code check and the wallet order that must be created for the same total.
 *
 * One statement reads the products, their discounts and the settings together (decision 0023): every
 * statement costs place-order CPU (on PGlite it runs in the server's own thread), and these reads are
 * independent of each other.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  computeCheckoutTotals,
  unitPriceCentsFromColumns,
  type CheckoutSettings,
  type OrderDiscounts,
} from '@store/shared/checkout-totals';
import { DISCOUNT_FIXED, DISCOUNT_PERCENT, type Discount } from '@store/shared/discount';
import { centsToDecimalString } from '@store/shared/money';
import { type ServerTotals } from '@store/shared/order';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import type { CheckoutTotals } from '@store/shared/checkout-totals';
import { MAX_DB_ID, type Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { productDiscounts, products, storeSettings } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { getStoreSettings, unconfiguredStoreSettings } from '../content/content-service';
import { deliveryFactsColumns, deliveryFactsOf, type DeliveryFacts } from '../delivery/quote-delivery';
import { priceFor, type TradePricingContext } from '../trade/trade-pricing-context';

export interface PricedOrderLine {
  productId: number;
  sku: string;
  title: string;
  quantity: number;
  /** Price of one unit after the product discount, cents inc. GST. */
  unitPriceCents: number;
  lineSubtotalCents: number;
  /** The GST the line total includes (cents), as `computeCheckoutTotals` derived it; 0 before totalling. */
  lineGstCents: number;
  /**
   * True when the product tracked its stock as it was priced. Place-order reserves stock for these lines only:
   * an untracked product has nothing to take (see reserveStockAndCreateOrder).
   */
  stockTracked: boolean;
  /** Issue 39: the price list that priced the line for a trade customer; null at the retail price. */
  priceListName: string | null;
  /** The product's delivery facts, read with its price so the delivery quote need not read them again. */
  delivery?: DeliveryFacts;
}

/** The lines of an order priced from the catalog, before the order's discounts are known. */
export interface LoadedOrderLines {
  /** In the order the client sent them. */
  lines: PricedOrderLine[];
  /** The store settings the totals are computed with (GST percent, delivery charge and threshold). */
  settings: CheckoutSettings;
}

export interface PricedOrder extends LoadedOrderLines {
  totals: CheckoutTotals;
}

/**
 * Loads the products of `lines` and prices them with `discounts` (the order's: none for guests without a code).
 * Throws HttpError 400 ORDER_MESSAGES.unknownProduct naming the first id the catalog does not have.
 */
export async function priceOrderLines(
  db: Database,
  lines: readonly { id: number; quantity: number }[],
  discounts: OrderDiscounts = {},
  pricing: TradePricingContext | null = null,
  deliveryChargeCents?: number,
): Promise<PricedOrder> {
  return totalOrderLines(await loadOrderLines(db, lines, pricing), discounts, deliveryChargeCents);
}

/**
 * The order's totals for lines already loaded, with its discounts (decided from the lines, e.g. a discount code's
 * eligible lines) and the chosen delivery option's charge (cents inc. GST, from `quoteDelivery`; omitted: the flat
 * rule): `computeCheckoutTotals`, and each line's GST from it. Throws RangeError on impossible amounts.
 */
export function totalOrderLines(
  loaded: LoadedOrderLines,
  discounts: OrderDiscounts = {},
  deliveryChargeCents?: number,
): PricedOrder {
  const totals = computeCheckoutTotals(loaded.lines, loaded.settings, discounts, deliveryChargeCents);
  return {
    settings: loaded.settings,
    lines: loaded.lines.map((l, i) => ({ ...l, lineGstCents: totals.lineGstCents[i] ?? 0 })),
    totals,
  };
}

// Every cart quote and order prices its lines with this (decision 0096): built once per database handle.
const orderLineProducts = preparedStatement((db) =>
  db
    .select({
      id: products.id,
      sku: products.sku,
      title: products.title,
      priceCents: products.priceCents,
      brandId: products.brandId,
      categoryId: products.categoryId,
      childCategoryId: products.childCategoryId,
      stockTracked: sql<boolean>`${products.stock} IS NOT NULL`,
      discountType: productDiscounts.discountType,
      discountValue: productDiscounts.discountValue,
      gstPercent: storeSettings.gstPercent,
      deliveryChargeCents: storeSettings.deliveryChargeCents,
      freeDeliveryThresholdCents: storeSettings.freeDeliveryThresholdCents,
      ...deliveryFactsColumns,
    })
    .from(products)
    .leftJoin(productDiscounts, eq(productDiscounts.productId, products.id))
    .leftJoin(storeSettings, eq(storeSettings.id, 1))
    // An archived product is no longer sold (issue 36): refused like an unknown one.
    .where(and(sql`${products.id} = ANY(${sql.placeholder('ids')}::int4[])`, isNull(products.archivedAt))),
);

/**
 * Loads the products of `lines` with their discounts and the store settings, and prices each line (unit × qty):
 * at the retail unit price, or for a trade customer (`pricing`, issue 39) at the price the one precedence rule
 * gives (`tradeUnitPrice`, decision 0066) — the same rule the storefront's trade prices come from.
 * Throws HttpError 400 ORDER_MESSAGES.unknownProduct naming the first id the catalog does not have.
 */
export async function loadOrderLines(
  db: Database,
  lines: readonly { id: number; quantity: number }[],
  pricing: TradePricingContext | null = null,
): Promise<LoadedOrderLines> {
  // Ids beyond PostgreSQL's integer cannot name a product; leaving them out keeps the query valid.
  const ids = [...new Set(lines.map((l) => l.id))].filter((id) => id <= MAX_DB_ID);
  const rows = await orderLineProducts(db).execute({ ids });
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
    const price = priceFor(
      {
        id: p.id,
        brandId: p.brandId,
        categoryId: p.categoryId,
        childCategoryId: p.childCategoryId,
        shelfPriceCents: p.priceCents,
        retailUnitPriceCents: unitPriceCentsFromColumns(p.priceCents, discount),
      },
      pricing,
    );
    const unitPriceCents = price.unitPriceCents;
    return {
      productId: p.id,
      sku: p.sku,
      title: p.title,
      quantity: line.quantity,
      unitPriceCents,
      lineSubtotalCents: unitPriceCents * line.quantity,
      lineGstCents: 0,
      stockTracked: p.stockTracked,
      priceListName: price.listName,
      delivery: deliveryFactsOf(p),
    };
  });
  return { lines: priced, settings: await pricingSettings(db, rows[0]) };
}

/**
 * The settings joined to the products (`row`). A product row whose join found no settings row is a store nobody
 * has configured: its defaults are `unconfiguredStoreSettings`, the one source getStoreSettings answers with too,
 * with no second statement (decision 0096). With no product row at all the settings are read.
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
  const s = row ? unconfiguredStoreSettings() : await getStoreSettings(db);
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
