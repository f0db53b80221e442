/**
 * The back office's catalog editing (issue 12): a paged, searchable, filtered list of products; one product's
 * editable fields; and an edit of price, sale (a fixed sale price or a whole percent off, SPEC §4 Discount), stock,
 * featured flag and SEO fields, with one 'product.update' audit row of the changed fields (money in cents) in the
 * same transaction. Catalog reads are not cached in the process (every `/api/products/{sku}` reads the database),
 * so the storefront's next request sees the edit.
 *
 * Prices are shelf prices INCLUDING GST (issue 34 §7, decision 0046): the price typed in the back office is stored
 * as it is in `products.price_cents` and served as the shop's `_price`, with no conversion; a fixed amount off
 * (a sale price that is no whole percent off) is inc. GST cents too. The ex-GST figure is only ever shown.
 */
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_PRODUCT_MESSAGES as M,
  moneyCents,
  type AdminProduct,
  type AdminProductListQuery,
  type AdminProductRow,
  type AdminProductUpdate,
} from '@store/shared/admin-products';
import {
  DISCOUNT_PERCENT,
  discountedPriceCents,
  discountFromSalePrice,
  type Discount,
  type DiscountType,
} from '@store/shared/discount';
import { centsToDecimalString } from '@store/shared/money';
import type { Database } from '../../db/client';
import { categories, productDiscounts, products } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { lowStockCondition } from './low-stock';
import { recordAudit } from './record-audit';

const columns = {
  id: products.id,
  sku: products.sku,
  title: products.title,
  permalink: products.permalink,
  priceCents: products.priceCents,
  stock: products.stock,
  isFeatured: products.isFeatured,
  seoTitle: products.seoTitle,
  seoDescription: products.seoDescription,
  updatedAt: products.updatedAt,
  archivedAt: products.archivedAt,
  category: categories.title,
  discountType: productDiscounts.discountType,
  discountValue: productDiscounts.discountValue,
};

interface Row {
  id: number;
  sku: string;
  title: string;
  permalink: string;
  priceCents: number;
  stock: number | null;
  isFeatured: boolean;
  seoTitle: string | null;
  seoDescription: string | null;
  updatedAt: Date;
  archivedAt: Date | null;
  category: string | null;
  discountType: number | null;
  discountValue: number | null;
}

function discountOf(r: Pick<Row, 'discountType' | 'discountValue'>): Discount | null {
  return r.discountType === null || r.discountValue === null
    ? null
    : { type: r.discountType as DiscountType, value: r.discountValue };
}

function present(r: Row): AdminProduct {
  const discount = discountOf(r);
  return {
    id: r.id,
    sku: r.sku,
    title: r.title,
    permalink: r.permalink,
    price: centsToDecimalString(r.priceCents),
    sale_price: discount ? centsToDecimalString(discountedPriceCents(r.priceCents, discount)) : null,
    discount_percent: discount?.type === DISCOUNT_PERCENT ? discount.value : null,
    stock: r.stock,
    is_featured: r.isFeatured,
    seo_title: r.seoTitle,
    seo_description: r.seoDescription,
    category: r.category,
    updated_at: r.updatedAt.toISOString(),
  };
}

function select(db: Database) {
  return db
    .select(columns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(productDiscounts, eq(productDiscounts.productId, products.id));
}

/** Products matching `query` (SKU or title search, low stock, featured, category), one page, and the count. */
export async function listAdminProducts(
  db: Database,
  query: AdminProductListQuery,
): Promise<{ data: AdminProductRow[]; total: number }> {
  const where: SQL[] = [];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const search = or(ilike(products.sku, like), ilike(products.title, like));
    if (search) where.push(search);
  }
  // The one low-stock rule (issue 36 §4: each product's reorder level), as the dashboard and the daily mail read it.
  if (query.low_stock === 'true') where.push(lowStockCondition);
  if (query.low_stock === 'false') where.push(sql`NOT coalesce(${lowStockCondition}, false)`);
  if (query.featured) where.push(eq(products.isFeatured, query.featured === 'true'));
  if (query.category) where.push(eq(products.categoryId, query.category));
  const condition = where.length > 0 ? and(...where) : undefined;
  const column = {
    title: products.title,
    price: products.priceCents,
    stock: products.stock,
    updated_at: products.updatedAt,
  }[query.sort];
  const order = query.direction === 'asc' ? sql`${column} ASC NULLS LAST` : sql`${column} DESC NULLS LAST`;
  const [rows, [counted]] = await Promise.all([
    select(db)
      .where(condition)
      .orderBy(order, query.direction === 'asc' ? asc(products.id) : desc(products.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(products).where(condition),
  ]);
  return {
    data: rows.map((r) => {
      const p = present(r);
      return {
        sku: p.sku,
        title: p.title,
        permalink: p.permalink,
        price: p.price,
        sale_price: p.sale_price,
        stock: p.stock,
        is_featured: p.is_featured,
        category: p.category,
        updated_at: p.updated_at,
        archived: r.archivedAt !== null,
      };
    }),
    total: counted?.n ?? 0,
  };
}

/** One product by SKU (case-insensitive), or null. */
export async function getAdminProduct(db: Database, sku: string): Promise<AdminProduct | null> {
  const [row] = await select(db).where(sql`lower(${products.sku}) = lower(${sku})`);
  return row ? present(row) : null;
}

/** The audited snapshot of a product: money in integer cents, the discount as stored (SPEC §4). */
function snapshot(r: Row) {
  const discount = discountOf(r);
  return {
    price_cents: r.priceCents,
    discount: discount ? { type: discount.type, value: discount.value } : null,
    sale_price_cents: discount ? discountedPriceCents(r.priceCents, discount) : null,
    stock: r.stock,
    is_featured: r.isFeatured,
    seo_title: r.seoTitle,
    seo_description: r.seoDescription,
  };
}

/**
 * Applies `update` to the product `sku` by `staffId`, in one transaction with its audit row ('product.update',
 * only the fields that changed). A sale price at or above the (new or stored) price is refused with 400; an
 * unknown SKU with 404. Answers whether anything changed and the product after.
 */
export async function updateAdminProduct(
  db: Database,
  sku: string,
  update: AdminProductUpdate,
  staffId: number,
): Promise<{ changed: boolean; product: AdminProduct }> {
  return db.transaction(async (tx) => {
    const [before] = await select(tx)
      .where(sql`lower(${products.sku}) = lower(${sku})`)
      .for('update', { of: products });
    if (!before) throw new HttpError(404, M.notFound);

    const priceCents = update.price === undefined ? before.priceCents : moneyCents(update.price);
    let discount = discountOf(before);
    if (update.sale_price !== undefined || update.discount_percent !== undefined) {
      discount = null;
      if (update.sale_price != null) {
        const sale = moneyCents(update.sale_price);
        if (sale >= priceCents) {
          throw new HttpError(400, M.saleAbovePrice(centsToDecimalString(priceCents)), [
            { field: 'sale_price', message: M.saleAbovePrice(centsToDecimalString(priceCents)) },
          ]);
        }
        discount = discountFromSalePrice(priceCents, sale);
      } else if (update.discount_percent != null) {
        discount = { type: DISCOUNT_PERCENT, value: update.discount_percent };
      }
    } else if (discount && update.price !== undefined && discountedPriceCents(priceCents, discount) <= 0) {
      // A fixed amount off that would swallow the new price: ask for the sale to be set again.
      throw new HttpError(400, M.saleAbovePrice(centsToDecimalString(priceCents)), [
        { field: 'sale_price', message: M.saleAbovePrice(centsToDecimalString(priceCents)) },
      ]);
    }

    const after: Row = {
      ...before,
      priceCents,
      discountType: discount?.type ?? null,
      discountValue: discount?.value ?? null,
      stock: update.stock === undefined ? before.stock : update.stock,
      isFeatured: update.is_featured ?? before.isFeatured,
      seoTitle: update.seo_title === undefined ? before.seoTitle : update.seo_title || null,
      seoDescription:
        update.seo_description === undefined ? before.seoDescription : update.seo_description || null,
    };
    const b = snapshot(before);
    const a = snapshot(after);
    const changedKeys = (Object.keys(a) as (keyof typeof a)[]).filter(
      (k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]),
    );
    if (changedKeys.length === 0) return { changed: false, product: present(before) };

    const [written] = await tx
      .update(products)
      .set({
        priceCents: after.priceCents,
        stock: after.stock,
        isFeatured: after.isFeatured,
        seoTitle: after.seoTitle,
        seoDescription: after.seoDescription,
        // An editor opened before this edit must not overwrite it (issue 36).
        version: sql`${products.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(products.id, before.id))
      .returning({ updatedAt: products.updatedAt });
    if (changedKeys.includes('discount')) {
      await tx.delete(productDiscounts).where(eq(productDiscounts.productId, before.id));
      if (discount) {
        await tx
          .insert(productDiscounts)
          .values({ productId: before.id, discountType: discount.type, discountValue: discount.value });
      }
    }
    await recordAudit(tx, {
      staffId,
      action: 'product.update',
      entityType: 'product',
      entityId: before.sku,
      before: Object.fromEntries(changedKeys.map((k) => [k, b[k]])),
      after: Object.fromEntries(changedKeys.map((k) => [k, a[k]])),
    });
    return {
      changed: true,
      product: present({ ...after, updatedAt: written?.updatedAt ?? before.updatedAt }),
    };
  });
}
