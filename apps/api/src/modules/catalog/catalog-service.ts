/**
 * Products read live from the database (SPEC §7 /cart-products: the cart shows today's prices and stock). Every
 * other catalog read answers from the read model (decision 0019).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Product } from '@store/shared/product';
import type { Database } from '../../db/client';
import { brands, productDiscounts, productImages, products } from '../../db/schema';
import { presentProduct, type ProductImageRecord, type ProductRecord } from './product-presenter';

/**
 * Columns the presenter needs, with the product's images as one JSON list from a correlated subquery, so a
 * page of products is one round trip. The search columns stay in the database.
 */
const productColumns = {
  id: products.id,
  categoryId: products.categoryId,
  childCategoryId: products.childCategoryId,
  title: products.title,
  permalink: products.permalink,
  sku: products.sku,
  priceCents: products.priceCents,
  stock: products.stock,
  weightGrams: products.weightGrams,
  shortDescription: products.shortDescription,
  longDescription: products.longDescription,
  seoTitle: products.seoTitle,
  seoDescription: products.seoDescription,
  seoTags: products.seoTags,
  partNumbers: products.partNumbers,
  canonicalUrl: products.canonicalUrl,
  schemaMarkup: products.schemaMarkup,
  badge: products.badge,
  isFeatured: products.isFeatured,
  createdAt: products.createdAt,
  brandTitle: brands.title,
  brandPermalink: brands.permalink,
  brandCoverImage: brands.coverImage,
  discountType: productDiscounts.discountType,
  discountValue: productDiscounts.discountValue,
  images: sql<ProductImageRecord[] | null>`(
    SELECT json_agg(
      json_build_object(
        'path', i.path, 'isFeatured', i.is_featured,
        'width', i.width, 'height', i.height, 'widths', i.variant_widths
      ) ORDER BY i.position, i.id)
    FROM ${productImages} i WHERE i.product_id = ${products.id})`,
};

function selectProducts(db: Database) {
  return db
    .select(productColumns)
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(productDiscounts, eq(productDiscounts.productId, products.id));
}

type ProductRow = ProductRecord & { images: ProductImageRecord[] | null };

function present(rows: ProductRow[]): Product[] {
  return rows.map((r) => presentProduct(r, r.images ?? []));
}

/** Products by id, in the order of `ids` (search ranks them first). */
export async function getProductsByIds(db: Database, ids: number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  // An archived product is no longer sold (issue 36): the cart drops it like a deleted one.
  const rows = await selectProducts(db).where(and(inArray(products.id, ids), isNull(products.archivedAt)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return present(ids.map((id) => byId.get(id)).filter((r): r is ProductRow => r !== undefined));
}
