/**
 * The URLs of the sitemaps (SPEC §2 sitemap pages, §7 /sitemap-map and /sitemap.xml; decision 0015).
 * Locations are absolute on the configured public base (PUBLIC_BASE_URL, never the request's Host) and are
 * exactly the links the shop itself uses: `/product/{permalink}` (encoded), `/shop?page=1&category={sku}`,
 * `/shop?page=1&child_category={child_sku}`, `/brand?page=1&brand={permalink}`, and the static pages of
 * SITEMAP_STATIC_PAGES. Last-modified dates are W3C date-times in UTC, formatted by the database.
 *
 * Built for large catalogs (decision 0015 has the timings): a products file is one statement that answers its
 * slice as one JSON value (50,000 rows parsed one by one cost three times as much), and the index reads every
 * count and date it needs from the products in one pass (GROUPING SETS).
 */
import { and, asc, eq, isNull, max, sql, type SQL } from 'drizzle-orm';
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
import { absoluteUrl, brandPath, categoryPath, childCategoryPath, productPath } from '@store/shared/paths';
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

/** A timestamptz as a W3C date-time in UTC, to the second (`2026-11-25T02:33:12Z`). */
function w3cDateTime(value: SQL | AnyPgColumn): SQL<string> {
  return sql<string>`to_char((${value}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}

/** The later of W3C date-times written alike (they compare as text); null and undefined are ignored. */
function latest(...dates: (string | null | undefined)[]): string {
  return dates.reduce<string>((newest, d) => (d && d > newest ? d : newest), '');
}

/** The store's own links (@store/shared/paths, SPEC §2), absolute on `base`. */
export const sitemapLocations = {
  product: (base: string, permalink: string) => absoluteUrl(base, productPath(permalink)),
  category: (base: string, sku: string) => absoluteUrl(base, categoryPath(sku)),
  childCategory: (base: string, childSku: string) => absoluteUrl(base, childCategoryPath(childSku)),
  brand: (base: string, permalink: string) => absoluteUrl(base, brandPath(permalink)),
  page: (base: string, path: string) => absoluteUrl(base, path),
};

/**
 * Products by id (so a product keeps its file while the catalog grows), each dated by its `updated_at`: one
 * statement, the slice answered as one JSON array of `[permalink, lastmod]`.
 */
async function productUrls(db: Database, base: string, slice?: SitemapSlice): Promise<SitemapUrl[]> {
  const ordered = db
    .select({
      id: products.id,
      permalink: products.permalink,
      lastmod: w3cDateTime(products.updatedAt).as('lastmod'),
    })
    .from(products)
    .where(isNull(products.archivedAt))
    .orderBy(asc(products.id))
    .$dynamic();
  const page = (slice ? ordered.limit(slice.limit).offset(slice.offset) : ordered).as('page');
  const [row] = await db
    .select({
      urls: sql<
        [string, string][] | null
      >`json_agg(json_build_array(${page.permalink}, ${page.lastmod}) ORDER BY ${page.id})`,
    })
    .from(page);
  return (row?.urls ?? []).map(([permalink, lastmod]) => ({
    loc: sitemapLocations.product(base, permalink),
    lastmod,
  }));
}

/**
 * When each listing last changed, by id: a listing page changes when its products do, and categories and
 * brands have no `updated_at`, so a category, child category or brand is dated by its newest product change.
 */
type Changes = ReadonlyMap<number, string>;

/** The newest product change per value of `column` (one pass over the products). */
async function newestChangeBy(db: Database, column: AnyPgColumn): Promise<Changes> {
  const rows = await db
    .select({ id: column, lastmod: w3cDateTime(max(products.updatedAt)) })
    .from(products)
    .where(isNull(products.archivedAt))
    .groupBy(column);
  return new Map(rows.flatMap((r) => (typeof r.id === 'number' ? [[r.id, r.lastmod] as const] : [])));
}

/** A category is dated by its newest product change, or by its creation when that is later (or it is empty). */
async function categoryUrls(db: Database, base: string, changes: Changes): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ id: categories.id, sku: categories.sku, created: w3cDateTime(categories.createdAt) })
    .from(categories)
    // Retired categories are no page of their own any more (decision 0050): their address redirects.
    .where(isNull(categories.retiredAt))
    .orderBy(asc(categories.position), asc(categories.id));
  return rows.map((r) => ({
    loc: sitemapLocations.category(base, r.sku),
    lastmod: latest(r.created, changes.get(r.id)),
  }));
}

/** Child categories have no dates of their own: their newest product change, else their category's creation. */
async function childCategoryUrls(db: Database, base: string, changes: Changes): Promise<SitemapUrl[]> {
  const rows = await db
    .select({
      id: childCategories.id,
      sku: childCategories.childSku,
      created: w3cDateTime(categories.createdAt),
    })
    .from(childCategories)
    .innerJoin(categories, eq(categories.id, childCategories.categoryId))
    .where(and(isNull(childCategories.retiredAt), isNull(categories.retiredAt)))
    .orderBy(
      asc(categories.position),
      asc(categories.id),
      asc(childCategories.position),
      asc(childCategories.id),
    );
  return rows.map((r) => ({
    loc: sitemapLocations.childCategory(base, r.sku),
    lastmod: latest(r.created, changes.get(r.id)),
  }));
}

/** Brands A to Z (as /brands lists them), dated like categories. */
async function brandUrls(db: Database, base: string, changes: Changes): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ id: brands.id, permalink: brands.permalink, created: w3cDateTime(brands.createdAt) })
    .from(brands)
    .where(isNull(brands.retiredAt))
    .orderBy(asc(brands.title), asc(brands.id));
  return rows.map((r) => ({
    loc: sitemapLocations.brand(base, r.permalink),
    lastmod: latest(r.created, changes.get(r.id)),
  }));
}

const newestRows = z.object({ rows: z.array(z.object({ lastmod: z.string().nullable() })) });

/**
 * The static pages: catalog pages dated by the catalog's newest change (a product, given as `newestProduct`
 * when already known, a category, a brand or the store's settings), text pages by STATIC_PAGES_LASTMOD.
 */
async function staticPageUrls(
  db: Database,
  base: string,
  newestProduct: string | null | undefined,
): Promise<SitemapUrl[]> {
  const productsSql =
    newestProduct === undefined
      ? sql`(SELECT max(updated_at) FROM products WHERE archived_at IS NULL)`
      : sql`NULL::timestamptz`;
  const result = newestRows.parse(
    await db.execute(
      sql`SELECT ${w3cDateTime(sql`greatest(${productsSql},
        (SELECT max(created_at) FROM categories),
        (SELECT max(created_at) FROM brands),
        (SELECT max(updated_at) FROM store_settings))`)} AS lastmod`,
    ),
  );
  const catalogChange = latest(result.rows[0]?.lastmod, newestProduct) || STATIC_PAGES_LASTMOD;
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
      ? await categoryUrls(db, base, await newestChangeBy(db, products.categoryId))
      : kind === 'child_category'
        ? await childCategoryUrls(db, base, await newestChangeBy(db, products.childCategoryId))
        : kind === 'brand'
          ? await brandUrls(db, base, await newestChangeBy(db, products.brandId))
          : await staticPageUrls(db, base, undefined);
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
      lastmod: latest(...chunk.map((u) => u.lastmod)),
    });
  }
  return files;
}

/** `grouping(category_id, child_category_id, brand_id, part)` of each grouping set: 1 bits are the columns left out. */
const GROUPED_BY = { category: 0b0111, childCategory: 0b1011, brand: 0b1101, part: 0b1110, all: 0b1111 };

const factRows = z.object({
  rows: z.array(
    z.object({
      grouped: z.coerce.number(),
      id: z.coerce.number().nullable(),
      urls: z.coerce.number(),
      lastmod: z.string(),
    }),
  ),
});

/** Everything the index needs from the products, in one pass: see productFacts. */
interface ProductFacts {
  /** The products' files: part 0, 1 ... of `maxUrlsPerFile` products by id, with count and newest change. */
  files: { part: number; urls: number; lastmod: string }[];
  byCategory: Changes;
  byChildCategory: Changes;
  byBrand: Changes;
  /** The newest change of any product; null without products. */
  newest: string | null;
}

/**
 * One pass over the products (numbered by id, then GROUPING SETS): the newest change per category, child
 * category and brand, each products file's count and newest change, and the newest change of all.
 */
async function productFacts(db: Database, maxUrlsPerFile: number): Promise<ProductFacts> {
  const result = factRows.parse(
    await db.execute(sql`
      SELECT grouping(category_id, child_category_id, brand_id, part) AS grouped,
             coalesce(category_id, child_category_id, brand_id, part) AS id,
             count(*) AS urls,
             ${w3cDateTime(sql`max(updated_at)`)} AS lastmod
      FROM (SELECT category_id, child_category_id, brand_id, updated_at,
                   (row_number() OVER (ORDER BY id) - 1) / ${maxUrlsPerFile} AS part
            FROM products WHERE archived_at IS NULL) numbered
      GROUP BY GROUPING SETS ((category_id), (child_category_id), (brand_id), (part), ())`),
  );
  const changes = (grouped: number): Changes =>
    new Map(
      result.rows.flatMap((r) =>
        r.grouped === grouped && r.id !== null ? [[r.id, r.lastmod] as const] : [],
      ),
    );
  return {
    files: result.rows
      .flatMap((r) => (r.grouped === GROUPED_BY.part && r.id !== null ? [{ ...r, part: r.id }] : []))
      .sort((a, b) => a.part - b.part)
      .map(({ part, urls, lastmod }) => ({ part, urls, lastmod })),
    byCategory: changes(GROUPED_BY.category),
    byChildCategory: changes(GROUPED_BY.childCategory),
    byBrand: changes(GROUPED_BY.brand),
    newest: result.rows.find((r) => r.grouped === GROUPED_BY.all)?.lastmod ?? null,
  };
}

/** The URLs of every kind but products, dated from `facts`. */
async function listingUrls(db: Database, base: string, facts: ProductFacts) {
  const [category, childCategory, brand, other] = await Promise.all([
    categoryUrls(db, base, facts.byCategory),
    childCategoryUrls(db, base, facts.byChildCategory),
    brandUrls(db, base, facts.byBrand),
    staticPageUrls(db, base, facts.newest),
  ]);
  return { category, child_category: childCategory, brand, other };
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
  const facts = await productFacts(db, maxUrlsPerFile);
  const listings = await listingUrls(db, base, facts);
  return SITEMAP_KINDS.map((kind) => {
    const files =
      kind === 'product'
        ? facts.files.map((f) => ({
            folder: sitemapFolderName('product', f.part + 1),
            urls: f.urls,
            lastmod: f.lastmod,
          }))
        : summarizeSitemapFiles(kind, listings[kind], maxUrlsPerFile);
    return { kind, urls: files.reduce((n, f) => n + f.urls, 0), files };
  });
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

/** Every URL of every kind (two passes over the products: their URLs, and the listings' dates). */
async function loadAllUrls(db: Database, base: string): Promise<Record<SitemapKind, SitemapUrl[]>> {
  const [product, listings] = await Promise.all([
    productUrls(db, base),
    productFacts(db, MAX_URLS_PER_SITEMAP).then((facts) => listingUrls(db, base, facts)),
  ]);
  return { product, ...listings };
}

/** GET /api/sitemap-map (SPEC §7): every URL, grouped under SPEC §3's names, as `{ url, lastModified }`. */
export async function loadSitemapMap(db: Database, base: string): Promise<SitemapMap> {
  const all = await loadAllUrls(db, base);
  const entries = (kind: SitemapKind) => all[kind].map((u) => ({ url: u.loc, lastModified: u.lastmod }));
  return {
    Product: entries('product'),
    Category: entries('category'),
    'Child Categories': entries('child_category'),
    Brand: entries('brand'),
    'Other Pages': entries('other'),
  };
}

/**
 * GET /api/sitemap.xml (SPEC §7): every URL in one list, products, categories, brands, child categories and
 * other pages in that order (the SPEC's client groups them by path and query).
 */
export async function listAllSitemapUrls(db: Database, base: string): Promise<SitemapUrl[]> {
  const all = await loadAllUrls(db, base);
  return [...all.product, ...all.category, ...all.brand, ...all.child_category, ...all.other];
}
