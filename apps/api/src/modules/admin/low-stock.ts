/**
 * The one low-stock rule (issue 36 §4, decision 0054): a product is low when it tracks stock (not null), is not
 * archived, and its stock is at or below its own reorder level (`products.reorder_level`, default 5, migration
 * 0024). The dashboard's count and list, the products list's "low stock" filter and the daily low-stock mail all
 * read it from here.
 */
import { and, asc, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';

/** The WHERE condition of a low product, on `products`. */
export const lowStockCondition: SQL = and(
  isNotNull(products.stock),
  isNull(products.archivedAt),
  lte(products.stock, products.reorderLevel),
) as SQL;

export interface LowStockProduct {
  id: number;
  sku: string;
  title: string;
  stock: number;
  reorderLevel: number;
}

/** Every low product (at most `limit`), fewest units first, then by title. */
export async function listLowStock(db: Database, limit?: number): Promise<LowStockProduct[]> {
  const query = db
    .select({
      id: products.id,
      sku: products.sku,
      title: products.title,
      stock: products.stock,
      reorderLevel: products.reorderLevel,
    })
    .from(products)
    .where(lowStockCondition)
    .orderBy(asc(products.stock), asc(products.title), asc(products.sku));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((r) => ({ ...r, stock: r.stock ?? 0 }));
}
