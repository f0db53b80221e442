/**
 * Catalog reads (SPEC §7: /categories, /latest-products, /virtual-products, /shop, /products/{sku}).
 * Plain functions over Drizzle; every list is served by an index on (filter, created_at, id).
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Category, Product } from '@store/shared/product';
import type { ShopQuery } from '@store/shared/catalog-query';
import type { Database } from '../../db/client';
import {
  brands,
  categories,
  childCategories,
  productDiscounts,
  productImages,
  products,
} from '../../db/schema';
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
    SELECT json_agg(json_build_object('path', i.path, 'isFeatured', i.is_featured) ORDER BY i.position, i.id)
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

const newestFirst = [desc(products.createdAt), desc(products.id)];

function present(rows: ProductRow[]): Product[] {
  return rows.map((r) => presentProduct(r, r.images ?? []));
}

/** Products by id, in the order of `ids` (search ranks them first). */
export async function getProductsByIds(db: Database, ids: number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await selectProducts(db).where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return present(ids.map((id) => byId.get(id)).filter((r): r is ProductRow => r !== undefined));
}

/** SPEC §7 /latest-products: the newest `limit` products. */
export async function listLatestProducts(db: Database, limit: number): Promise<Product[]> {
  return present(
    await selectProducts(db)
      .orderBy(...newestFirst)
      .limit(limit),
  );
}

/** SPEC §7 /virtual-products: the featured products (home carousel), newest first. */
export async function listFeaturedProducts(db: Database, limit = 24): Promise<Product[]> {
  return present(
    await selectProducts(db)
      .where(eq(products.isFeatured, true))
      .orderBy(...newestFirst)
      .limit(limit),
  );
}

/** SPEC §7 /products/{sku}: by SKU (any case), else by permalink, since cards link by permalink. */
export async function findProduct(db: Database, skuOrPermalink: string): Promise<Product | null> {
  const rows = await selectProducts(db)
    .where(or(sql`lower(${products.sku}) = lower(${skuOrPermalink})`, eq(products.permalink, skuOrPermalink)))
    .orderBy(sql`(lower(${products.sku}) = lower(${skuOrPermalink})) DESC`)
    .limit(1);
  const [product] = present(rows);
  return product ?? null;
}

/** SPEC §3 categories with their child categories, in catalog order. */
export async function listCategories(db: Database): Promise<Category[]> {
  const [cats, children] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    db.select().from(childCategories).orderBy(asc(childCategories.position), asc(childCategories.id)),
  ]);
  return cats.map((c) => ({
    id: c.id,
    title: c.title,
    sku: c.sku,
    permalink: c.permalink,
    thumbnail_image: c.thumbnailImage,
    child_categories: children
      .filter((ch) => ch.categoryId === c.id)
      .map((ch) => ({ child_sku: ch.childSku, child_title: ch.childTitle })),
  }));
}

export interface ShopFilterMatch {
  category: { sku: string; title: string } | null;
  child_category: { child_sku: string; child_title: string } | null;
  brand: { permalink: string; title: string } | null;
}

export interface ShopPage {
  data: Product[];
  total: number;
  last_page: number;
  current_page: number;
  per_page: number;
  /** What each filter matched, for the 'Search Results for' heading; null when it matched nothing. */
  filters: ShopFilterMatch;
}

/**
 * SPEC §7 /shop: one page of products, newest first, filtered by category sku, child category sku and
 * brand permalink (all optional, combined with AND). A filter naming nothing matches no products.
 */
export async function listShopProducts(db: Database, query: ShopQuery): Promise<ShopPage> {
  const filters: ShopFilterMatch = { category: null, child_category: null, brand: null };
  const where: SQL[] = [];
  let impossible = false;

  if (query.category) {
    const [c] = await db
      .select({ id: categories.id, sku: categories.sku, title: categories.title })
      .from(categories)
      .where(or(eq(categories.sku, query.category), eq(categories.permalink, query.category)))
      .limit(1);
    if (c) {
      filters.category = { sku: c.sku, title: c.title };
      where.push(eq(products.categoryId, c.id));
    } else impossible = true;
  }
  if (query.child_category) {
    const [c] = await db
      .select({ id: childCategories.id, sku: childCategories.childSku, title: childCategories.childTitle })
      .from(childCategories)
      .where(eq(childCategories.childSku, query.child_category))
      .limit(1);
    if (c) {
      filters.child_category = { child_sku: c.sku, child_title: c.title };
      where.push(eq(products.childCategoryId, c.id));
    } else impossible = true;
  }
  if (query.brand) {
    const [b] = await db
      .select({ id: brands.id, permalink: brands.permalink, title: brands.title })
      .from(brands)
      .where(eq(brands.permalink, query.brand))
      .limit(1);
    if (b) {
      filters.brand = { permalink: b.permalink, title: b.title };
      where.push(eq(products.brandId, b.id));
    } else impossible = true;
  }

  const perPage = query.pagination;
  if (impossible) {
    return { data: [], total: 0, last_page: 1, current_page: query.page, per_page: perPage, filters };
  }
  const condition = where.length ? and(...where) : undefined;
  // Two statements: a window count would make PostgreSQL build every matching row before the LIMIT.
  const [countRows, rows] = await Promise.all([
    db.select({ n: count() }).from(products).where(condition),
    selectProducts(db)
      .where(condition)
      .orderBy(...newestFirst)
      .limit(perPage)
      .offset((query.page - 1) * perPage),
  ]);
  const total = countRows[0]?.n ?? 0;
  return {
    data: present(rows),
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    current_page: query.page,
    per_page: perPage,
    filters,
  };
}
