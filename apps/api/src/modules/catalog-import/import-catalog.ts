/**
 * Writes a catalog CSV into the database (DESIGN §4, SPEC §3 Product/Category/Brand): products upserted by SKU,
 * with their images, discounts, categories, child categories and brands. All or nothing: one transaction, and
 * nothing at all when a row is rejected unless `skipInvalid`.
 */
import { createHash } from 'node:crypto';
import { getTableColumns, inArray, sql } from 'drizzle-orm';
import { slugify } from '@store/shared/slug';
import type { Database } from '../../db/client';
import {
  brands,
  categories,
  childCategories,
  productDiscounts,
  productImages,
  products,
} from '../../db/schema';
import { refreshSearchWords } from '../catalog/search-products';
import type { CatalogFormat, CatalogRow, Rejection, SkippedRow } from './catalog-row';
import { parseCatalogCsv } from './parse-catalog-csv';
import {
  createImageDownloader,
  isDownloadableUrl,
  type ImageDownloadOptions,
} from './download-product-images';
import { createImageResolver, imageFileName, type ImageResolution } from './resolve-product-images';

/** Rows per SQL statement (10,000 products take 20 inserts, well under PostgreSQL's 65,535 parameters). */
const BATCH = 500;
/** Bumped when the meaning of imported fields changes, so the next import rewrites every product once. */
const IMPORT_HASH_VERSION = 1;

/** Input of `importCatalog`. */
export interface ImportCatalogOptions {
  db: Database;
  /** The CSV text (Shopify legacy, Shopify 2024 or WooCommerce). */
  csv: string;
  /** Folder the catalog's images are taken from by file name. */
  imagesDir?: string | undefined;
  /** Public media folder; images are copied to `<mediaDir>/products/`. */
  mediaDir: string;
  /** Import the good rows even when some are rejected. */
  skipInvalid?: boolean | undefined;
  /**
   * Download image URLs (http/https) not found in `imagesDir` or the media folder (issue 12; see
   * `createImageDownloader`): true, or the downloader's settings. Off by default (offline).
   */
  downloadImages?: boolean | Omit<ImageDownloadOptions, 'mediaDir'> | undefined;
  /** Called as products are written: (rows done, rows in total). */
  onProgress?: ((done: number, total: number) => void) | undefined;
  /** Called as images are fetched or copied, before products are written: (images done, images in total). */
  onImageProgress?: ((done: number, total: number) => void) | undefined;
  /** The time that decides whether dated sales are active (default: now). */
  now?: Date | undefined;
}

/** What an import did (or, when `blocked`, would not do), for the CLI and the demo-catalog loader. */
export interface ImportReport {
  format: CatalogFormat;
  /** Rows that passed the checks (imported unless `blocked`). */
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Number of CSV lines with at least one rejection. */
  rejected: number;
  skipped: number;
  /** True when rejections stopped the import (nothing was written). */
  blocked: boolean;
  rejections: Rejection[];
  warnings: string[];
  skippedRows: SkippedRow[];
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type ProductValues = typeof products.$inferInsert;

interface Resolved {
  row: CatalogRow;
  imagePaths: string[];
  categoryId: number | null;
  childCategoryId: number | null;
  brandId: number | null;
  searchBrand: string;
  searchCategory: string;
  /** `importHash` of the item, set once permalinks are settled. */
  hash: string;
}

/**
 * Parses `csv` and writes it. Rejected rows: with `skipInvalid` they are left out, otherwise nothing is written
 * and the report has `blocked: true` (the CLI then exits 1). Otherwise, in ONE transaction: creates missing
 * categories (sku = permalink = slug of the title, position = order of first appearance after existing ones),
 * child categories (child_sku = slug of the title, or of "<category> <child>" when another category's child
 * has that slug) and brands (permalink = slug); upserts products by SKU (case-insensitive): a product whose
 * hash of imported fields (`import_hash`) is unchanged is not written at all, a changed one has its columns,
 * images and discount replaced; the search vocabulary is then rebuilt. Images are copied before the transaction (see `createImageResolver`); a
 * missing image is a warning. Throws CatalogFileError for an unreadable file; a database error rolls back.
 */
export async function importCatalog(options: ImportCatalogOptions): Promise<ImportReport> {
  const parsed = parseCatalogCsv(options.csv, options.now ? { now: options.now } : {});
  const report: ImportReport = {
    format: parsed.format,
    rows: parsed.rows.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    rejected: new Set(parsed.rejections.map((r) => r.line)).size,
    skipped: parsed.skipped.length,
    blocked: false,
    rejections: parsed.rejections,
    warnings: [...parsed.warnings],
    skippedRows: parsed.skipped,
  };
  if (report.rejected > 0 && !options.skipInvalid) {
    report.blocked = true;
    return report;
  }

  const rows = parsed.rows;
  const total = rows.length;
  options.onProgress?.(0, total);

  // Images: copied (or downloaded) before the transaction (files are not transactional; a leftover copy is
  // harmless). All rows at once: the downloader keeps to its own concurrency limit.
  const resolver = createImageResolver({ imagesDir: options.imagesDir, mediaDir: options.mediaDir });
  const downloader = options.downloadImages
    ? createImageDownloader({
        mediaDir: options.mediaDir,
        ...(typeof options.downloadImages === 'object' ? options.downloadImages : {}),
      })
    : null;
  const imageTotal = rows.reduce((n, r) => n + r.images.length, 0);
  let imagesDone = 0;
  if (imageTotal > 0) options.onImageProgress?.(0, imageTotal);
  const resolveImage = async (source: string): Promise<ImageResolution & { downloaded?: boolean }> => {
    const local = await resolver.resolve(source);
    if ('path' in local || !downloader || !isDownloadableUrl(source)) return local;
    return { ...(await downloader.download(source)), downloaded: true };
  };
  const resolutions = await Promise.all(
    rows.map((row) =>
      Promise.all(
        row.images.map(async (source) => {
          const r = await resolveImage(source);
          options.onImageProgress?.(++imagesDone, imageTotal);
          return r;
        }),
      ),
    ),
  );
  const imagePaths: string[][] = [];
  rows.forEach((row, i) => {
    const found: string[] = [];
    row.images.forEach((source, j) => {
      const r = resolutions[i]?.[j];
      if (!r) return;
      if ('path' in r) {
        if (!found.includes(r.path)) found.push(r.path);
      } else if (r.downloaded) {
        report.warnings.push(`line ${row.line}: image "${source}" ${r.missing}; product imported without it`);
      } else {
        report.warnings.push(
          `line ${row.line}: image "${imageFileName(source) ?? source}" ${r.missing}; product imported without it`,
        );
      }
    });
    imagePaths.push(found);
  });

  await options.db.transaction(async (tx) => {
    const taxonomy = await resolveTaxonomy(tx, rows);
    const resolved: Resolved[] = rows.map((row, i) => {
      const category = taxonomy.category(row);
      const child = taxonomy.child(row);
      const brand = taxonomy.brand(row);
      return {
        row,
        imagePaths: imagePaths[i] ?? [],
        categoryId: category?.id ?? null,
        childCategoryId: child?.id ?? null,
        brandId: brand?.id ?? null,
        searchBrand: brand?.title ?? '',
        searchCategory: [category?.title, child?.title].filter(Boolean).join(' '),
        hash: '',
      };
    });

    const existing = await loadExistingProducts(tx, rows);
    await settlePermalinks(tx, rows, report.warnings);

    const creates: Resolved[] = [];
    const updates: { item: Resolved; id: number; permalinkChanged: boolean }[] = [];
    for (const item of resolved) {
      const hash = importHash(item);
      item.hash = hash;
      const found = existing.get(item.row.sku.toLowerCase());
      if (!found) creates.push(item);
      else if (
        found.importHash === hash &&
        // Also compare what the database may have had changed under the import (ids, a hand-edited permalink).
        found.permalink === item.row.permalink &&
        found.categoryId === item.categoryId &&
        found.childCategoryId === item.childCategoryId &&
        found.brandId === item.brandId
      ) {
        report.unchanged++;
      } else {
        updates.push({ item, id: found.id, permalinkChanged: found.permalink !== item.row.permalink });
      }
    }
    let done = report.unchanged;
    options.onProgress?.(done, total);

    // A product may take a permalink another product of this file is giving up: move those aside first.
    const moving = updates.filter((u) => u.permalinkChanged).map((u) => u.id);
    for (const ids of chunks(moving, BATCH)) {
      await tx
        .update(products)
        .set({ permalink: sql`'__import_' || ${products.id}` })
        .where(inArray(products.id, ids));
    }

    const columns = getTableColumns(products);
    const updatable = (Object.keys(columns) as (keyof typeof columns)[]).filter(
      (k) => !['id', 'createdAt', 'searchText', 'searchVector'].includes(k),
    );
    const setFromExcluded = Object.fromEntries(
      updatable.map((k) => [k, k === 'updatedAt' ? sql`now()` : sql.raw(`excluded."${columns[k].name}"`)]),
    );
    const changed: { id: number; item: Resolved }[] = [];
    for (const batch of chunks(updates, BATCH)) {
      await tx
        .insert(products)
        .values(batch.map((u) => ({ id: u.id, ...productValues(u.item) })))
        .onConflictDoUpdate({ target: products.id, set: setFromExcluded });
      changed.push(...batch.map((u) => ({ id: u.id, item: u.item })));
      report.updated += batch.length;
      done += batch.length;
      options.onProgress?.(done, total);
    }
    const updatedIds = updates.map((u) => u.id);
    for (const ids of chunks(updatedIds, BATCH)) {
      await tx.delete(productImages).where(inArray(productImages.productId, ids));
      await tx.delete(productDiscounts).where(inArray(productDiscounts.productId, ids));
    }

    for (const batch of chunks(creates, BATCH)) {
      const inserted = await tx
        .insert(products)
        .values(batch.map(productValues))
        .returning({ id: products.id, sku: products.sku });
      const idBySku = new Map(inserted.map((p) => [p.sku, p.id]));
      for (const item of batch) {
        const id = idBySku.get(item.row.sku);
        if (id !== undefined) changed.push({ id, item });
      }
      report.created += batch.length;
      done += batch.length;
      options.onProgress?.(done, total);
    }

    const images = changed.flatMap(({ id, item }) =>
      item.imagePaths.map((p, position) => ({
        productId: id,
        path: p,
        isFeatured: position === 0,
        position,
      })),
    );
    for (const batch of chunks(images, BATCH * 2)) await tx.insert(productImages).values(batch);
    const discounts = changed.flatMap(({ id, item }) =>
      item.row.discount
        ? [{ productId: id, discountType: item.row.discount.type, discountValue: item.row.discount.value }]
        : [],
    );
    for (const batch of chunks(discounts, BATCH * 2)) await tx.insert(productDiscounts).values(batch);

    // Search corrects misspellings against the catalog's vocabulary; rebuild it when products changed.
    if (changed.length > 0) await refreshSearchWords(tx);
  });
  // Fresh statistics after a bulk change, or the planner keeps scanning the whole table instead of using the
  // search indexes (PGlite has no autovacuum to do it later).
  if (report.created + report.updated > 0) {
    await options.db.execute(
      sql`ANALYZE products, product_images, product_discounts, categories, child_categories, brands, search_words`,
    );
  }

  options.onProgress?.(total, total);
  return report;
}

function productValues(item: Resolved): ProductValues {
  const r = item.row;
  return {
    sku: r.sku,
    title: r.title,
    permalink: r.permalink,
    categoryId: item.categoryId,
    childCategoryId: item.childCategoryId,
    brandId: item.brandId,
    priceCents: r.priceCents,
    stock: r.stock,
    weightGrams: r.weightGrams,
    shortDescription: r.shortDescription,
    longDescription: r.longDescription,
    seoTitle: r.seoTitle,
    seoDescription: r.seoDescription,
    seoTags: r.seoTags,
    canonicalUrl: r.canonicalUrl,
    schemaMarkup: r.schemaMarkup,
    badge: r.badge,
    isFeatured: r.isFeatured,
    searchBrand: item.searchBrand,
    searchCategory: item.searchCategory,
    importHash: item.hash,
  };
}

/**
 * Stable hash of everything an import writes for a product: the row's fields (not its line number), in sorted
 * key order, plus the stored image paths.
 */
function importHash(item: Resolved): string {
  const { line: _line, images: _images, ...fields } = item.row;
  const sorted = Object.keys(fields)
    .sort()
    .map((k) => [k, (fields as Record<string, unknown>)[k]]);
  return createHash('sha256')
    .update(JSON.stringify([IMPORT_HASH_VERSION, sorted, item.imagePaths]))
    .digest('hex');
}

interface ExistingProduct {
  id: number;
  sku: string;
  permalink: string;
  importHash: string | null;
  categoryId: number | null;
  childCategoryId: number | null;
  brandId: number | null;
}

/** Products of the file already in the database, by lower-case SKU. */
async function loadExistingProducts(
  tx: Tx,
  rows: readonly CatalogRow[],
): Promise<Map<string, ExistingProduct>> {
  const out = new Map<string, ExistingProduct>();
  const skus = rows.map((r) => r.sku.toLowerCase());
  for (const batch of chunks(skus, BATCH)) {
    const found = await tx
      .select({
        id: products.id,
        sku: products.sku,
        permalink: products.permalink,
        importHash: products.importHash,
        categoryId: products.categoryId,
        childCategoryId: products.childCategoryId,
        brandId: products.brandId,
      })
      .from(products)
      .where(inArray(sql`lower(${products.sku})`, batch));
    for (const p of found) out.set(p.sku.toLowerCase(), p);
  }
  return out;
}

/**
 * Permalinks are unique: a row whose permalink belongs to a product that is not in this file gets
 * `<permalink>-<sku slug>` (then `-2`, `-3` ...) with a warning. Rows' permalinks are already unique among
 * themselves (see `finishCatalogRows`).
 */
async function settlePermalinks(tx: Tx, rows: readonly CatalogRow[], warnings: string[]): Promise<void> {
  const inFile = new Set(rows.map((r) => r.sku.toLowerCase()));
  const taken = new Set(rows.map((r) => r.permalink));
  /** Permalinks held by products outside this file, for the candidates asked about. */
  const foreignHolders = async (candidates: string[]) => {
    const holders = new Map<string, string>();
    for (const batch of chunks(candidates, BATCH)) {
      const found = await tx
        .select({ sku: products.sku, permalink: products.permalink })
        .from(products)
        .where(inArray(products.permalink, batch));
      for (const p of found) if (!inFile.has(p.sku.toLowerCase())) holders.set(p.permalink, p.sku);
    }
    return holders;
  };

  let pending = [...rows];
  let holders = await foreignHolders(pending.map((r) => r.permalink));
  for (let round = 0; round < 20 && pending.length > 0; round++) {
    const clashing = pending.filter((r) => holders.has(r.permalink));
    if (clashing.length === 0) break;
    for (const row of clashing) {
      const wanted = row.permalink;
      const base = `${wanted}-${slugify(row.sku)}`.replace(/-+$/, '');
      let candidate = base;
      for (let n = 2; taken.has(candidate) || holders.has(candidate); n++) candidate = `${base}-${n}`;
      warnings.push(
        `line ${row.line}: permalink "${wanted}" belongs to product "${holders.get(wanted)}", which is not in this file; using "${candidate}"`,
      );
      taken.add(candidate);
      row.permalink = candidate;
    }
    pending = clashing;
    holders = new Map([...holders, ...(await foreignHolders(clashing.map((r) => r.permalink)))]);
  }
}

interface Named {
  id: number;
  title: string;
}

/**
 * Finds or creates the categories, child categories and brands the rows name, and returns lookups by row.
 */
async function resolveTaxonomy(tx: Tx, rows: readonly CatalogRow[]) {
  // Categories: matched by slug against sku or permalink.
  const cats = await tx
    .select({
      id: categories.id,
      title: categories.title,
      sku: categories.sku,
      permalink: categories.permalink,
      position: categories.position,
    })
    .from(categories);
  const catBySlug = new Map<string, Named>();
  for (const c of cats) {
    catBySlug.set(c.permalink, c);
    catBySlug.set(c.sku, c);
  }
  let nextPosition = Math.max(0, ...cats.map((c) => c.position + 1));
  const newCats: (typeof categories.$inferInsert)[] = [];
  const plannedCatSlugs = new Set<string>();
  for (const r of rows) {
    if (!r.categoryTitle) continue;
    const slug = slugify(r.categoryTitle);
    if (catBySlug.has(slug) || plannedCatSlugs.has(slug)) continue;
    plannedCatSlugs.add(slug);
    newCats.push({ title: r.categoryTitle, sku: slug, permalink: slug, position: nextPosition++ });
  }
  for (const batch of chunks(newCats, BATCH)) {
    const inserted = await tx
      .insert(categories)
      .values(batch)
      .returning({ id: categories.id, title: categories.title, sku: categories.sku });
    for (const c of inserted) catBySlug.set(c.sku, c);
  }
  const categoryOf = (r: CatalogRow) =>
    r.categoryTitle ? (catBySlug.get(slugify(r.categoryTitle)) ?? null) : null;

  // Child categories: matched within their category by the slug of their title (or their child_sku).
  const children = await tx
    .select({
      id: childCategories.id,
      categoryId: childCategories.categoryId,
      childSku: childCategories.childSku,
      childTitle: childCategories.childTitle,
      position: childCategories.position,
    })
    .from(childCategories);
  const childKey = (categoryId: number, title: string) => `${categoryId}|${slugify(title)}`;
  const childByKey = new Map<string, Named>();
  const takenChildSkus = new Set<string>();
  const nextChildPosition = new Map<number, number>();
  for (const c of children) {
    const named = { id: c.id, title: c.childTitle };
    childByKey.set(childKey(c.categoryId, c.childTitle), named);
    childByKey.set(`${c.categoryId}|${c.childSku}`, named);
    takenChildSkus.add(c.childSku);
    nextChildPosition.set(c.categoryId, Math.max(nextChildPosition.get(c.categoryId) ?? 0, c.position + 1));
  }
  const newChildren: (typeof childCategories.$inferInsert & { key: string })[] = [];
  const plannedChildKeys = new Set<string>();
  for (const r of rows) {
    const cat = categoryOf(r);
    if (!cat || !r.childCategoryTitle) continue;
    const key = childKey(cat.id, r.childCategoryTitle);
    if (childByKey.has(key) || plannedChildKeys.has(key)) continue;
    plannedChildKeys.add(key);
    let sku = slugify(r.childCategoryTitle);
    if (takenChildSkus.has(sku)) sku = slugify(`${cat.title} ${r.childCategoryTitle}`);
    const base = sku;
    for (let n = 2; takenChildSkus.has(sku); n++) sku = `${base}-${n}`;
    takenChildSkus.add(sku);
    const position = nextChildPosition.get(cat.id) ?? 0;
    nextChildPosition.set(cat.id, position + 1);
    newChildren.push({ key, categoryId: cat.id, childSku: sku, childTitle: r.childCategoryTitle, position });
  }
  for (const batch of chunks(newChildren, BATCH)) {
    const inserted = await tx
      .insert(childCategories)
      .values(batch.map(({ key: _key, ...c }) => c))
      .returning({
        id: childCategories.id,
        childSku: childCategories.childSku,
        childTitle: childCategories.childTitle,
      });
    const bySku = new Map(inserted.map((c) => [c.childSku, c]));
    for (const planned of batch) {
      const c = bySku.get(planned.childSku);
      if (c) childByKey.set(planned.key, { id: c.id, title: c.childTitle });
    }
  }

  // Brands: matched by permalink.
  const brandRows = await tx
    .select({ id: brands.id, title: brands.title, permalink: brands.permalink })
    .from(brands);
  const brandBySlug = new Map<string, Named>(brandRows.map((b) => [b.permalink, b]));
  const newBrands: (typeof brands.$inferInsert)[] = [];
  const plannedBrandSlugs = new Set<string>();
  for (const r of rows) {
    if (!r.brandTitle) continue;
    const slug = slugify(r.brandTitle);
    if (brandBySlug.has(slug) || plannedBrandSlugs.has(slug)) continue;
    plannedBrandSlugs.add(slug);
    newBrands.push({ title: r.brandTitle, permalink: slug });
  }
  for (const batch of chunks(newBrands, BATCH)) {
    const inserted = await tx
      .insert(brands)
      .values(batch)
      .returning({ id: brands.id, title: brands.title, permalink: brands.permalink });
    for (const b of inserted) brandBySlug.set(b.permalink, b);
  }

  return {
    category: categoryOf,
    child(r: CatalogRow): Named | null {
      const cat = categoryOf(r);
      return cat && r.childCategoryTitle
        ? (childByKey.get(childKey(cat.id, r.childCategoryTitle)) ?? null)
        : null;
    },
    brand: (r: CatalogRow) => (r.brandTitle ? (brandBySlug.get(slugify(r.brandTitle)) ?? null) : null),
  };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
