/**
 * A catalog snapshot (decision 0019): every product of the catalog as the JSON the API answers (SPEC §3 product,
 * built once by the presenter), with the few fields listings filter and sort on, and the categories and brands
 * the shop's filters name. Catalog reads (SPEC §7 /products/{sku}, /shop, /latest-products, /virtual-products,
 * /categories, /search-product) are answered from it without the database; `catalog-read-model.ts` keeps it
 * current.
 *
 * Memory: ~80 bytes of fields per product (measured by `npm run bench`, which prints the store's RSS at each catalog
 * size); the products' answer JSON is kept apart, in a working set bounded in bytes (product-json-cache.ts,
 * decision 0077).
 */
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { discountedPriceCents, type DiscountType } from '@store/shared/discount';
import { splitPartNumbers } from '@store/shared/part-number';
import type { Category } from '@store/shared/product';
import type { TaxonomyFate, TaxonomyParam } from '@store/shared/taxonomy-redirects';
import { rowsOf, type Database } from '../../db/client';
import {
  brands,
  categories,
  childCategories,
  productDiscounts,
  permalinkRedirects,
  productImages,
  products,
} from '../../db/schema';
import type { ProductJson, ProductJsonCache } from './product-json-cache';
import type { JsonToPack } from './packed-product-jsons';
import { presentProduct, type ProductImageRecord, type ProductRecord } from './product-presenter';
import { slicePauser } from './run-in-slices';

/** One product of a snapshot. */
export interface CatalogEntry {
  id: number;
  sku: string;
  permalink: string;
  categoryId: number | null;
  childCategoryId: number | null;
  brandId: number | null;
  /** What the shopper pays for one, before delivery: the shelf price (inc. GST) after the product's discount, cents. */
  payCents: number;
  title: string;
  /** created_at, ms since the epoch: the listings' newest-first order. */
  createdMs: number;
  /** Units on hand; null when stock is not tracked (always available). */
  stock: number | null;
  isFeatured: boolean;
  /** changed_at, ms: a row re-read with the same value has not changed. */
  changedMs: number;
  /** Search fields (the products' generated search columns). */
  searchBrand: string;
  searchCategory: string;
  tags: string;
  /** Part numbers as the catalog wrote them (issue 15 §3). */
  partNumbers: string[];
  /** Fits every vehicle (issue 15, decision 0030). */
  universalFit: boolean;
}

/** A product re-read from the database: its entry, and its answer JSON (product-json-cache.ts). */
export interface ReadProduct {
  entry: CatalogEntry;
  json: ProductJson;
}

export interface CategoryRef {
  id: number;
  sku: string;
  title: string;
}

/** What the catalog's categories, child categories and brands are, for filters and /categories. */
export interface CatalogTaxonomy {
  categories: Category[];
  /** By category sku and by permalink. */
  categoryByKey: Map<string, CategoryRef>;
  /** By child category sku. */
  childByKey: Map<string, CategoryRef>;
  /** By brand permalink. */
  brandByKey: Map<string, { id: number; permalink: string; title: string }>;
  /** Every id there is, so a product naming another can be told apart. */
  ids: { categories: Set<number>; children: Set<number>; brands: Set<number> };
  /**
   * What became of the values a listing address may still name (issue 36, decision 0050): old addresses of renamed
   * rows and the addresses of retired ones, by parameter. A live value is never here.
   */
  fates: Record<TaxonomyParam, Map<string, TaxonomyFate>>;
}

/**
 * Products a load reads a statement, so a large catalog never needs one huge result in memory. On the embedded
 * database a statement runs on the event loop (synchronous WebAssembly): 10,000 rows held every request for
 * 0.6-0.7 s per statement while a store reloaded after an import; 2,000 hold it about a seventh of that and the
 * load takes as long (decision 0087).
 */
const LOAD_CHUNK = 2_000;
/** Changed products a poll reads at most: more is an import's worth, and the catalog is loaded again instead. */
const MAX_POLLED_CHANGES = 10_000;

const rowColumns = {
  id: products.id,
  categoryId: products.categoryId,
  childCategoryId: products.childCategoryId,
  brandId: products.brandId,
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
  universalFit: products.universalFit,
  createdAt: products.createdAt,
  changedAt: products.changedAt,
  searchBrand: products.searchBrand,
  searchCategory: products.searchCategory,
  brandTitle: brands.title,
  brandPermalink: brands.permalink,
  brandCoverImage: brands.coverImage,
  discountType: productDiscounts.discountType,
  discountValue: productDiscounts.discountValue,
};

type Row = ProductRecord & {
  brandId: number | null;
  universalFit: boolean;
  changedAt: Date;
  searchBrand: string;
  searchCategory: string;
};

function selectRows(db: Database) {
  return (
    db
      .select(rowColumns)
      .from(products)
      // A retired brand is not shown on its products (decision 0050): its page leads to the brands page.
      .leftJoin(brands, and(eq(brands.id, products.brandId), isNull(brands.retiredAt)))
      .leftJoin(productDiscounts, eq(productDiscounts.productId, products.id))
  );
}

/**
 * One copy of each text that many products share (a brand's or category's search words, a tag list), for one
 * load: the database hands every row its own copy, and at 100,000 products the copies were 11 MB of the V8 heap
 * (decision 0032, "Memory at 100,000 products").
 */
type TextPool = Map<string, string>;

function pooled(pool: TextPool, text: string): string {
  const kept = pool.get(text);
  if (kept !== undefined) return kept;
  pool.set(text, text);
  return text;
}

/** The part numbers of a product that has none: one shared, frozen list instead of 100,000 empty ones. */
const NO_PART_NUMBERS: string[] = Object.freeze([]) as unknown as string[];

function toEntry(row: Row, pool: TextPool): CatalogEntry {
  const discounted =
    row.discountType !== null && row.discountValue !== null
      ? discountedPriceCents(row.priceCents, {
          type: row.discountType as DiscountType,
          value: row.discountValue,
        })
      : null;
  return {
    id: row.id,
    sku: row.sku,
    permalink: row.permalink,
    categoryId: row.categoryId,
    childCategoryId: row.childCategoryId,
    brandId: row.brandId,
    payCents: discounted ?? row.priceCents,
    title: row.title,
    createdMs: row.createdAt.getTime(),
    stock: row.stock,
    isFeatured: row.isFeatured,
    changedMs: row.changedAt.getTime(),
    searchBrand: pooled(pool, row.searchBrand),
    searchCategory: pooled(pool, row.searchCategory),
    tags: pooled(pool, row.seoTags ?? ''),
    partNumbers: row.partNumbers ? splitPartNumbers(row.partNumbers) : NO_PART_NUMBERS,
    universalFit: row.universalFit,
  };
}

/**
 * The SPEC §3 product as UTF-8 JSON, exactly what /products/{sku} answers under `data`. Bytes, not a string: they
 * are what the socket is sent, and they stay out of the V8 heap, whose size after a full catalog load set the
 * store's RSS (issue 13).
 */
function toJson(row: Row, images: ProductImageRecord[]): ProductJson {
  return {
    changedMs: row.changedAt.getTime(),
    json: Buffer.from(JSON.stringify(presentProduct(row, images))),
  };
}

async function imagesOf(db: Database, ids: number[]): Promise<Map<number, ProductImageRecord[]>> {
  const byProduct = new Map<number, ProductImageRecord[]>();
  if (ids.length === 0) return byProduct;
  const rows = await db
    .select({
      productId: productImages.productId,
      path: productImages.path,
      isFeatured: productImages.isFeatured,
      width: productImages.width,
      height: productImages.height,
      widths: productImages.variantWidths,
    })
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id));
  for (const { productId, ...image } of rows) {
    const list = byProduct.get(productId);
    if (list) list.push(image);
    else byProduct.set(productId, [image]);
  }
  return byProduct;
}

/** Every product's answer JSON, for `rows`: their pictures read in one query. */
async function jsonsOf(db: Database, rows: Row[]): Promise<ProductJson[]> {
  const images = await imagesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toJson(r, images.get(r.id) ?? []));
}

/**
 * Every product, in id order, a chunk at a time. Their answer JSON goes into `jsons` while it has room; once it is
 * full the rest are not built (a page asking for one reads it then), so a large catalog's load neither holds nor
 * builds every product's JSON.
 *
 * A reload runs while the view it replaces answers requests: the entries are made, and each product's JSON built
 * (about 30 µs), in slices of DEFAULT_SLICE_MS with a turn of the event loop between (decision 0079; with 1,000
 * products a slice, a million-product reload held requests up to 1.7 s). A chunk's JSON is packed on a worker
 * thread while the next chunk is read (decision 0091).
 */
export async function loadCatalogEntries(db: Database, jsons: ProductJsonCache): Promise<CatalogEntry[]> {
  const entries: CatalogEntry[] = [];
  const pool: TextPool = new Map();
  const pause = slicePauser();
  let after = 0;
  /** The previous chunk's JSON being packed (decision 0091). */
  let packing: Promise<void> | undefined;
  for (;;) {
    const rows = await selectRows(db)
      // Archived products are not in the shop (issue 36): not listed, searched, or answered by SKU.
      .where(and(gt(products.id, after), isNull(products.archivedAt)))
      .orderBy(asc(products.id))
      .limit(LOAD_CHUNK);
    if (rows.length === 0) break;
    for (const r of rows) {
      entries.push(toEntry(r, pool));
      const turn = pause();
      if (turn) await turn;
    }
    if (jsons.hasRoom()) {
      const images = await imagesOf(
        db,
        rows.map((r) => r.id),
      );
      const built: JsonToPack[] = [];
      for (const r of rows) {
        const product = toJson(r, images.get(r.id) ?? []);
        built.push({ id: r.id, changedMs: product.changedMs, json: product.json });
        const turn = pause();
        if (turn) await turn;
      }
      // One chunk packs on the worker while the next is read: the chunk before must be kept first, so its
      // bytes say whether there is room for this one and no more than two chunks' JSON wait at once.
      await packing;
      packing = jsons.putAll(built);
    }
    after = rows[rows.length - 1]?.id ?? after;
    if (rows.length < LOAD_CHUNK) break;
  }
  await packing;
  return entries;
}

/** The answer JSON of the shown (not archived) products among `ids`, by id: the working set's misses. */
export async function loadProductJsons(db: Database, ids: number[]): Promise<Map<number, ProductJson>> {
  const found = new Map<number, ProductJson>();
  if (ids.length === 0) return found;
  const rows = await selectRows(db).where(and(inArray(products.id, ids), isNull(products.archivedAt)));
  const built = await jsonsOf(db, rows);
  rows.forEach((r, i) => found.set(r.id, built[i] as ProductJson));
  return found;
}

/** The products whose rows changed after `sinceMs` (changed_at, the database's clock), with their JSON. */
export async function loadChangedEntries(db: Database, sinceMs: number): Promise<ReadProduct[]> {
  const rows = await selectRows(db)
    .where(and(gt(products.changedAt, new Date(sinceMs)), isNull(products.archivedAt)))
    .orderBy(asc(products.id))
    .limit(MAX_POLLED_CHANGES + 1);
  if (rows.length > MAX_POLLED_CHANGES) throw new TooManyChanges();
  const pool: TextPool = new Map();
  const built = await jsonsOf(db, rows);
  return rows.map((r, i) => ({ entry: toEntry(r, pool), json: built[i] as ProductJson }));
}

/** More rows changed than an incremental refresh should take on: reload the whole catalog. */
export class TooManyChanges extends Error {
  constructor() {
    super('too many changed products for an incremental refresh');
  }
}

/**
 * Categories (with their children) and brands, for /categories and the shop's filters: the live ones (retired rows
 * and the children of retired categories are left out, decision 0050), and what became of the addresses of renamed
 * and retired ones (`fates`).
 */
export async function loadTaxonomy(db: Database): Promise<CatalogTaxonomy> {
  const [allCats, allChildren, allBrands, redirects] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    db.select().from(childCategories).orderBy(asc(childCategories.position), asc(childCategories.id)),
    db
      .select({
        id: brands.id,
        permalink: brands.permalink,
        title: brands.title,
        retiredAt: brands.retiredAt,
      })
      .from(brands),
    db.select().from(permalinkRedirects),
  ]);
  const cats = allCats.filter((c) => c.retiredAt === null);
  const liveCategoryIds = new Set(cats.map((c) => c.id));
  const children = allChildren.filter((ch) => ch.retiredAt === null && liveCategoryIds.has(ch.categoryId));
  const brandRows = allBrands.filter((b) => b.retiredAt === null);
  const categoryByKey = new Map<string, CategoryRef>();
  // The permalink is a second name; a category's own sku wins when another's permalink is the same text.
  for (const c of cats) categoryByKey.set(c.permalink, { id: c.id, sku: c.sku, title: c.title });
  for (const c of cats) categoryByKey.set(c.sku, { id: c.id, sku: c.sku, title: c.title });
  const childByKey = new Map<string, CategoryRef>();
  for (const ch of [...children].reverse())
    childByKey.set(ch.childSku, { id: ch.id, sku: ch.childSku, title: ch.childTitle });
  const brandByKey = new Map(brandRows.map((b) => [b.permalink, b]));

  // What each row's addresses lead to now: its current value when live, else retired (a child to its category).
  const categoryFate = new Map<number, TaxonomyFate>(
    allCats.map((c) => [c.id, c.retiredAt === null ? { moved: c.sku } : { retired: true }]),
  );
  const childFate = new Map<number, TaxonomyFate>(
    allChildren.map((ch) => {
      if (ch.retiredAt === null && liveCategoryIds.has(ch.categoryId)) return [ch.id, { moved: ch.childSku }];
      const parent = allCats.find((c) => c.id === ch.categoryId);
      const parentLive = parent !== undefined && parent.retiredAt === null;
      return [ch.id, { retired: true, ...(parentLive ? { parentCategory: parent.sku } : {}) }];
    }),
  );
  const brandFate = new Map<number, TaxonomyFate>(
    allBrands.map((b) => [b.id, b.retiredAt === null ? { moved: b.permalink } : { retired: true }]),
  );
  const fates: CatalogTaxonomy['fates'] = {
    category: new Map(),
    child_category: new Map(),
    brand: new Map(),
  };
  const put = (
    param: TaxonomyParam,
    value: string,
    fate: TaxonomyFate | undefined,
    live: Map<string, unknown>,
  ) => {
    // A value some live row answers to is that row's; a moved value equal to itself is no move.
    if (!fate || live.has(value) || ('moved' in fate && fate.moved === value)) return;
    fates[param].set(value, fate);
  };
  for (const r of redirects) {
    if (r.kind === 'category') put('category', r.oldValue, categoryFate.get(r.targetId), categoryByKey);
    else if (r.kind === 'child_category')
      put('child_category', r.oldValue, childFate.get(r.targetId), childByKey);
    else put('brand', r.oldValue, brandFate.get(r.targetId), brandByKey);
  }
  for (const c of allCats) {
    if (liveCategoryIds.has(c.id)) continue;
    put('category', c.sku, categoryFate.get(c.id), categoryByKey);
    put('category', c.permalink, categoryFate.get(c.id), categoryByKey);
  }
  for (const ch of allChildren) put('child_category', ch.childSku, childFate.get(ch.id), childByKey);
  for (const b of allBrands) put('brand', b.permalink, brandFate.get(b.id), brandByKey);

  return {
    categories: cats.map((c) => ({
      id: c.id,
      title: c.title,
      sku: c.sku,
      permalink: c.permalink,
      thumbnail_image: c.thumbnailImage,
      thumbnail_image_info: c.thumbnailImageInfo,
      child_categories: children
        .filter((ch) => ch.categoryId === c.id)
        .map((ch) => ({ child_sku: ch.childSku, child_title: ch.childTitle })),
    })),
    categoryByKey,
    childByKey,
    brandByKey: new Map(
      brandRows.map((b) => [b.permalink, { id: b.id, permalink: b.permalink, title: b.title }]),
    ),
    // Retired rows too: a product of a retired category is known, not a sign of a new row.
    ids: {
      categories: new Set(allCats.map((c) => c.id)),
      children: new Set(allChildren.map((c) => c.id)),
      brands: new Set(allBrands.map((b) => b.id)),
    },
    fates,
  };
}

/** The database's clock and the catalog version, read together (one round trip). */
export async function readClockAndVersion(db: Database): Promise<{ nowMs: number; version: number }> {
  const rows = rowsOf<{ now: Date | string; version: string | number | null }>(
    await db.execute(sql`SELECT now() AS now, (SELECT version FROM catalog_state WHERE id = 1) AS version`),
  );
  const r = rows[0];
  return { nowMs: r ? new Date(r.now).getTime() : Date.now(), version: Number(r?.version ?? 0) };
}
