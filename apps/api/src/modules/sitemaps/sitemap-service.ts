/**
 * The URLs of the sitemaps (SPEC §2 sitemap pages, §7 /sitemap-map and /sitemap.xml; decision 0015), read with
 * one query per kind. Locations are absolute on the configured public base (PUBLIC_BASE_URL, never the
 * request's Host) and are exactly the links the shop itself uses: `/product/{permalink}` (encoded),
 * `/shop?page=1&category={sku}`, `/shop?page=1&child_category={child_sku}`, `/brand?page=1&brand={permalink}`,
 * and the static pages of SITEMAP_STATIC_PAGES. Last-modified dates are W3C date-times in UTC.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  MAX_URLS_PER_SITEMAP,
  SITEMAP_KINDS,
  SITEMAP_STATIC_PAGES,
  STATIC_PAGES_LASTMOD,
  sitemapFolderName,
  type SitemapKind,
  type SitemapMap,
} from '@store/shared/sitemap';
import type { Database } from '../../db/client';
import { brands, categories, childCategories, products } from '../../db/schema';

/** One URL of a sitemap: `loc` absolute, `lastmod` a W3C date-time (`2026-11-25T02:33:12Z`) or date. */
export interface SitemapUrl {
  loc: string;
  lastmod: string;
}

/** A slice of a kind's URLs, in their stable order (products by id, categories in catalog order ...). */
export interface SitemapSlice {
  offset: number;
  limit: number;
}

/** A timestamptz as a W3C date-time in UTC, to the second, formatted by the database (no Date per row). */
function w3cDateTime(value: SQL | AnyPgColumn): SQL<string> {
  return sql<string>`to_char((${value}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}

/** The store's own listing links (apps/web nav-links.ts, SPEC §2), absolute on `base`. */
export const sitemapLocations = {
  product: (base: string, permalink: string) => `${base}/product/${encodeURIComponent(permalink)}`,
  category: (base: string, sku: string) => `${base}/shop?page=1&category=${encodeURIComponent(sku)}`,
  childCategory: (base: string, childSku: string) =>
    `${base}/shop?page=1&child_category=${encodeURIComponent(childSku)}`,
  brand: (base: string, permalink: string) => `${base}/brand?page=1&brand=${encodeURIComponent(permalink)}`,
  page: (base: string, path: string) => `${base}${path}`,
};

/** Products by id (so a product keeps its file while the catalog grows), each dated by its `updated_at`. */
async function productUrls(db: Database, base: string, slice?: SitemapSlice): Promise<SitemapUrl[]> {
  const query = db
    .select({ permalink: products.permalink, lastmod: w3cDateTime(products.updatedAt) })
    .from(products)
    .orderBy(asc(products.id))
    .$dynamic();
  const rows = slice ? await query.limit(slice.limit).offset(slice.offset) : await query;
  return rows.map((r) => ({ loc: sitemapLocations.product(base, r.permalink), lastmod: r.lastmod }));
}

/**
 * Categories have no `updated_at`: a listing page changes when its products do, so each is dated by its newest
 * product change, or by its creation when that is later (or it has no products). Child categories have no
 * dates of their own and take their parent's creation instead. Brands likewise.
 */
const newestOf = (createdAt: AnyPgColumn) =>
  w3cDateTime(sql`greatest(${createdAt}, max(${products.updatedAt}))`);

async function categoryUrls(db: Database, base: string): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ sku: categories.sku, lastmod: newestOf(categories.createdAt) })
    .from(categories)
    .leftJoin(products, eq(products.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.position), asc(categories.id));
  return rows.map((r) => ({ loc: sitemapLocations.category(base, r.sku), lastmod: r.lastmod }));
}

async function childCategoryUrls(db: Database, base: string): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ sku: childCategories.childSku, lastmod: newestOf(categories.createdAt) })
    .from(childCategories)
    .innerJoin(categories, eq(categories.id, childCategories.categoryId))
    .leftJoin(products, eq(products.childCategoryId, childCategories.id))
    .groupBy(childCategories.id, categories.id)
    .orderBy(
      asc(categories.position),
      asc(categories.id),
      asc(childCategories.position),
      asc(childCategories.id),
    );
  return rows.map((r) => ({ loc: sitemapLocations.childCategory(base, r.sku), lastmod: r.lastmod }));
}

async function brandUrls(db: Database, base: string): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ permalink: brands.permalink, lastmod: newestOf(brands.createdAt) })
    .from(brands)
    .leftJoin(products, eq(products.brandId, brands.id))
    .groupBy(brands.id)
    .orderBy(asc(brands.title), asc(brands.id));
  return rows.map((r) => ({ loc: sitemapLocations.brand(base, r.permalink), lastmod: r.lastmod }));
}

const catalogChangeRows = z.object({ rows: z.array(z.object({ lastmod: z.string().nullable() })) });

/**
 * The static pages: catalog pages dated by the catalog's newest change (a product, category, brand or the
 * store's settings), text pages by STATIC_PAGES_LASTMOD.
 */
async function staticPageUrls(db: Database, base: string): Promise<SitemapUrl[]> {
  const result = catalogChangeRows.parse(
    await db.execute(
      sql`SELECT ${w3cDateTime(sql`greatest(
        (SELECT max(updated_at) FROM products),
        (SELECT max(created_at) FROM categories),
        (SELECT max(created_at) FROM brands),
        (SELECT max(updated_at) FROM store_settings))`)} AS lastmod`,
    ),
  );
  const catalogChange = result.rows[0]?.lastmod ?? STATIC_PAGES_LASTMOD;
  return SITEMAP_STATIC_PAGES.map((p) => ({
    loc: sitemapLocations.page(base, p.path),
    lastmod: p.source === 'catalog' ? catalogChange : STATIC_PAGES_LASTMOD,
  }));
}

/**
 * The URLs of one kind, all of them or one slice. Products are sliced by the database (LIMIT/OFFSET over the
 * primary key); the other kinds are small (hundreds), so they are read whole and sliced here.
 */
export async function listSitemapUrls(
  db: Database,
  base: string,
  kind: SitemapKind,
  slice?: SitemapSlice,
): Promise<SitemapUrl[]> {
  if (kind === 'product') return productUrls(db, base, slice);
  const urls =
    kind === 'category'
      ? await categoryUrls(db, base)
      : kind === 'child_category'
        ? await childCategoryUrls(db, base)
        : kind === 'brand'
          ? await brandUrls(db, base)
          : await staticPageUrls(db, base);
  return slice ? urls.slice(slice.offset, slice.offset + slice.limit) : urls;
}

/** One file of a kind, as the index lists it. */
export interface SitemapFileSummary {
  /** `product-sitemap`, `product-sitemap-2` ...: served as `/{folder}.xml`. */
  folder: string;
  urls: number;
  /** The newest `lastmod` of its URLs. */
  lastmod: string;
}

/** A kind on the index: its total URL count and its files (none when it has no URLs). */
export interface SitemapKindSummary {
  kind: SitemapKind;
  urls: number;
  files: SitemapFileSummary[];
}

/** Splits a kind's URLs into files of at most `maxUrlsPerFile` (sitemaps.org: 50,000), each with its newest date. */
export function summarizeSitemapFiles(
  kind: SitemapKind,
  urls: readonly SitemapUrl[],
  maxUrlsPerFile: number,
): SitemapFileSummary[] {
  const files: SitemapFileSummary[] = [];
  for (let offset = 0; offset < urls.length; offset += maxUrlsPerFile) {
    const chunk = urls.slice(offset, offset + maxUrlsPerFile);
    files.push({
      folder: sitemapFolderName(kind, files.length + 1),
      urls: chunk.length,
      lastmod: chunk.reduce((newest, u) => (u.lastmod > newest ? u.lastmod : newest), ''),
    });
  }
  return files;
}

/**
 * The products' files without reading every product's URL: one pass over the primary key numbers the rows
 * and groups them into files of `maxUrlsPerFile`, with each file's count and newest `updated_at`.
 */
async function productFiles(db: Database, maxUrlsPerFile: number): Promise<SitemapFileSummary[]> {
  const numbered = db
    .select({
      part: sql<number>`((row_number() OVER (ORDER BY ${products.id})) - 1) / ${maxUrlsPerFile}`.as('part'),
      updatedAt: products.updatedAt,
    })
    .from(products)
    .as('numbered');
  const rows = await db
    .select({
      part: numbered.part,
      urls: sql<number>`count(*)::int`,
      lastmod: w3cDateTime(sql`max(${numbered.updatedAt})`),
    })
    .from(numbered)
    .groupBy(numbered.part)
    .orderBy(numbered.part);
  return rows.map((r) => ({
    folder: sitemapFolderName('product', Number(r.part) + 1),
    urls: Number(r.urls),
    lastmod: r.lastmod,
  }));
}

/**
 * Every kind with its URL count and files, for the index (SPEC §2 Sitemap index page). `maxUrlsPerFile`
 * defaults to sitemaps.org's 50,000; tests pass a small number to see the split.
 */
export async function summarizeSitemaps(
  db: Database,
  base: string,
  maxUrlsPerFile = MAX_URLS_PER_SITEMAP,
): Promise<SitemapKindSummary[]> {
  return Promise.all(
    SITEMAP_KINDS.map(async (kind) => {
      const files =
        kind === 'product'
          ? await productFiles(db, maxUrlsPerFile)
          : summarizeSitemapFiles(kind, await listSitemapUrls(db, base, kind), maxUrlsPerFile);
      return { kind, urls: files.reduce((n, f) => n + f.urls, 0), files };
    }),
  );
}

/**
 * The URLs of one file (`part` 1-based, `maxUrlsPerFile` as in summarizeSitemaps); null when the kind has no
 * such part (a part past the last one). Part 1 always exists, empty when the kind has no URLs.
 */
export async function loadSitemapFile(
  db: Database,
  base: string,
  kind: SitemapKind,
  part: number,
  maxUrlsPerFile = MAX_URLS_PER_SITEMAP,
): Promise<SitemapUrl[] | null> {
  const urls = await listSitemapUrls(db, base, kind, {
    offset: (part - 1) * maxUrlsPerFile,
    limit: maxUrlsPerFile,
  });
  return urls.length === 0 && part > 1 ? null : urls;
}

/** GET /api/sitemap-map (SPEC §7): every URL, grouped under SPEC §3's names, as `{ url, lastModified }`. */
export async function loadSitemapMap(db: Database, base: string): Promise<SitemapMap> {
  const entries = async (kind: SitemapKind) =>
    (await listSitemapUrls(db, base, kind)).map((u) => ({ url: u.loc, lastModified: u.lastmod }));
  const [product, category, childCategory, brand, other] = await Promise.all([
    entries('product'),
    entries('category'),
    entries('child_category'),
    entries('brand'),
    entries('other'),
  ]);
  return {
    Product: product,
    Category: category,
    'Child Categories': childCategory,
    Brand: brand,
    'Other Pages': other,
  };
}

/**
 * GET /api/sitemap.xml (SPEC §7): every URL in one list, products, categories, brands, child categories and
 * other pages in that order (the SPEC's client groups them by path and query).
 */
export async function listAllSitemapUrls(db: Database, base: string): Promise<SitemapUrl[]> {
  const order: SitemapKind[] = ['product', 'category', 'brand', 'child_category', 'other'];
  const lists = await Promise.all(order.map((kind) => listSitemapUrls(db, base, kind)));
  return lists.flat();
}
