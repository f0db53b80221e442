/**
 * Writes a catalog CSV into the database (DESIGN §4, SPEC §3 Product/Category/Brand): products upserted by SKU,
 * with their images, discounts, categories, child categories and brands. All or nothing: one transaction, and
 * nothing at all when a row is rejected unless `skipInvalid`.
 */
import { hash as sha } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { slugify } from '@store/shared/slug';
import { pgliteClientOf, rowsOf, type Database } from '../../db/client';
import { brands, categories, childCategories, permalinkRedirects } from '../../db/schema';
import type { FileStore } from '../../storage/file-store';
import { bumpCatalogVersion } from '../catalog/catalog-version';
import {
  CATALOG_ROW_FIELDS,
  type CatalogFormat,
  type CatalogRow,
  type Rejection,
  type SkippedRow,
} from './catalog-row';
import { parseCatalogCsvInSlices } from './parse-catalog-csv';
import { IMPORT_SLICE_MS, analyzeTables, chunks, importPause } from './import-pause';
import type { ImageDownloadOptions } from './download-product-images';
import { createImagePreparer, type PreparedImage } from './prepare-product-images';
import { createImageResolver, imageFileName, type ImageResolution } from './resolve-product-images';
import { columnNames, unnestRows, type UnnestColumn, type UnnestType } from './unnest-rows';

/** Rows per statement for taxonomy inserts (a few parameters each). */
const BATCH = 500;
/**
 * Products per statement: each statement sends one array per column (see `unnestRows`), so a batch is limited by
 * its size and by how long it holds the event loop, not by PostgreSQL's 65,535 parameters. On the embedded database
 * a statement runs on the loop: 2,500 products held every request 350-400 ms per insert during a first import of
 * 100,000, 500 hold it about 70 ms; the import took as long on PGlite and less on PostgreSQL (decision 0087).
 */
const PRODUCT_BATCH = 500;
/**
 * Products per statement on PostgreSQL, where a statement runs in the server and the store's event loop stays free
 * meanwhile: a first import of 100,000 took 0.5-1.4 s less than with 500, and the longest turn of the loop did not
 * grow (decision 0087, "Larger statements on PostgreSQL").
 */
const SERVER_PRODUCT_BATCH = 5_000;
/**
 * SKUs or permalinks per lookup (one array parameter). The embedded database runs a statement on the event loop
 * (PGlite is synchronous WebAssembly), so a store importing meanwhile answers nothing until it ends: 2,000 keep each
 * lookup to tens of milliseconds (decision 0087).
 */
const LOOKUP_BATCH = 2_000;
/** Bumped when the meaning of imported fields changes, so the next import rewrites every product once. */
const IMPORT_HASH_VERSION = 1;

/** Input of `importCatalog`. */
export interface ImportCatalogOptions {
  db: Database;
  /**
   * The CSV text (Shopify legacy, Shopify 2024 or WooCommerce), or a file's bytes: a file longer than the longest
   * string V8 holds (a million products) is read as bytes (issue 42 §3).
   */
  csv: string | Buffer;
  /** Folder the catalog's images are taken from by file name. */
  imagesDir?: string | undefined;
  /** The public media store; images are stored under `products/`. */
  media: FileStore;
  /** Import the good rows even when some are rejected. */
  skipInvalid?: boolean | undefined;
  /**
   * Download image URLs (http/https) not found in `imagesDir` or the media folder (issue 12; see
   * `createImageDownloader`): true, or the downloader's settings. Off by default (offline).
   */
  downloadImages?: boolean | Omit<ImageDownloadOptions, 'media'> | undefined;
  /**
   * Pictures measured and copied to WebP at once (default: the machine's cores; see `createImagePreparer`). An
   * import inside the running store (the back office) leaves a core to the shoppers.
   */
  imageConcurrency?: number | undefined;
  /** Called as the file's rows are read and checked, before anything else: (rows done, rows in the file). */
  onCheckProgress?: ((done: number, total: number) => void) | undefined;
  /** Called as products are written: (rows done, rows in total). */
  onProgress?: ((done: number, total: number) => void) | undefined;
  /**
   * Called as images are fetched or copied, measured and given their WebP copies, before products are written:
   * (images done, images in total).
   */
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

/** A stored picture of a product, with what `createImagePreparer` learnt of it. */
interface StoredImage {
  path: string;
  width: number | null;
  height: number | null;
  widths: number[];
}

interface Resolved {
  row: CatalogRow;
  images: StoredImage[];
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
 * images and discount replaced; the catalog version is then bumped (the read model rebuilds its search index)
 * (`bumpCatalogVersion`, announced on commit), unless nothing was written. Products are written thousands to a
 * statement (`unnestRows`). Images are copied before the transaction (see `createImageResolver`), then measured
 * and given WebP copies (`createImagePreparer`, decision 0026); a missing or unreadable image is a warning. Throws
 * CatalogFileError for an unreadable file; a database error rolls everything back and is
 * thrown.
 */
export async function importCatalog(options: ImportCatalogOptions): Promise<ImportReport> {
  const parsed = await parseCatalogCsvInSlices(options.csv, {
    sliceMs: IMPORT_SLICE_MS,
    ...(options.now ? { now: options.now } : {}),
    onProgress: options.onCheckProgress,
  });
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
  const storedImages = await resolveImages(rows, options, report.warnings);
  const productBatch = pgliteClientOf(options.db) ? PRODUCT_BATCH : SERVER_PRODUCT_BATCH;
  let written = false;
  await options.db.transaction(async (tx) => {
    // Stock figures set here are recorded at the default location as movements 'import' (migration 0040's
    // triggers, decision 0069).
    await tx.execute(sql`SELECT set_config('store.stock_reason', 'import', true)`);
    const taxonomy = await resolveTaxonomy(tx, rows);
    const resolved: Resolved[] = rows.map((row, i) => {
      const category = taxonomy.category(row);
      const child = taxonomy.child(row);
      const brand = taxonomy.brand(row);
      return {
        row,
        images: storedImages[i] ?? [],
        categoryId: category?.id ?? null,
        childCategoryId: child?.id ?? null,
        brandId: brand?.id ?? null,
        searchBrand: brand?.title ?? '',
        searchCategory: category ? (child ? `${category.title} ${child.title}` : category.title) : '',
        hash: '',
      };
    });
    const existing = await loadExistingProducts(tx, rows);
    await settlePermalinks(tx, rows, existing, report.warnings);

    const creates: Resolved[] = [];
    const updates: { item: Resolved; id: number; permalinkChanged: boolean }[] = [];
    // About a second of hashing at 100,000 rows: in slices, so a store importing keeps answering (decision 0087).
    for (const item of resolved) {
      const turn = importPause();
      if (turn) await turn;
      const hash = importHash(item.row, item.images);
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
    for await (const ids of chunks(moving, LOOKUP_BATCH)) {
      await tx.execute(
        sql`UPDATE products SET permalink = '__import_' || id WHERE id = ANY(${sql.param(ids)}::int4[])`,
      );
    }

    const changed: { id: number; item: Resolved }[] = [];
    const productColumns = PRODUCT_COLUMNS.map((c) => c.name);
    const assignments = sql.raw(
      // The version moves too (issue 36), so an editor opened before the import cannot overwrite it.
      [
        ...productColumns.map((c) => `"${c}" = excluded."${c}"`),
        'updated_at = now()',
        'version = products.version + 1',
      ].join(', '),
    );
    for await (const batch of chunks(updates, productBatch)) {
      const values = unnestRows([
        { name: 'id', type: 'int4', values: batch.map((u) => u.id) },
        ...productColumnValues(batch.map((u) => u.item)),
      ]);
      await tx.execute(sql`
        INSERT INTO products ("id", ${columnNames(PRODUCT_COLUMNS)}) ${values}
        ON CONFLICT (id) DO UPDATE SET ${assignments}`);
      for (const u of batch) changed.push({ id: u.id, item: u.item });
      report.updated += batch.length;
      done += batch.length;
      options.onProgress?.(done, total);
    }
    for await (const ids of chunks(
      updates.map((u) => u.id),
      LOOKUP_BATCH,
    )) {
      const list = sql`ANY(${sql.param(ids)}::int4[])`;
      await tx.execute(sql`DELETE FROM product_images WHERE product_id = ${list}`);
      await tx.execute(sql`DELETE FROM product_discounts WHERE product_id = ${list}`);
    }

    for await (const batch of chunks(creates, productBatch)) {
      const inserted = rowsOf<{ id: number; sku: string }>(
        await tx.execute(sql`
          INSERT INTO products (${columnNames(PRODUCT_COLUMNS)}) ${unnestRows(productColumnValues(batch))}
          RETURNING id, sku`),
      );
      const idBySku = new Map(inserted.map((p) => [p.sku, Number(p.id)]));
      for (const item of batch) {
        const id = idBySku.get(item.row.sku);
        if (id !== undefined) changed.push({ id, item });
      }
      report.created += batch.length;
      done += batch.length;
      options.onProgress?.(done, total);
    }

    const images = changed.flatMap(({ id, item }) =>
      item.images.map((image, position) => ({ id, image, position })),
    );
    for await (const batch of chunks(images, productBatch * 2)) {
      const columns: UnnestColumn[] = [
        { name: 'product_id', type: 'int4', values: batch.map((i) => i.id) },
        { name: 'path', type: 'text', values: batch.map((i) => i.image.path) },
        { name: 'is_featured', type: 'bool', values: batch.map((i) => i.position === 0) },
        { name: 'position', type: 'int4', values: batch.map((i) => i.position) },
        { name: 'width', type: 'int4', values: batch.map((i) => i.image.width) },
        { name: 'height', type: 'int4', values: batch.map((i) => i.image.height) },
        // An array per row cannot be one more array dimension (unnest would flatten it): sent as its text form.
        { name: 'variant_widths', type: 'text', values: batch.map((i) => `{${i.image.widths.join(',')}}`) },
      ];
      await tx.execute(sql`
        INSERT INTO product_images (${columnNames(columns)})
        SELECT product_id, path, is_featured, position, width, height, variant_widths::int4[]
        FROM (${unnestRows(columns)}) AS r`);
    }
    const discounts = changed.flatMap(({ id, item }) =>
      item.row.discount ? [{ id, ...item.row.discount }] : [],
    );
    for await (const batch of chunks(discounts, productBatch * 2)) {
      const columns: UnnestColumn[] = [
        { name: 'product_id', type: 'int4', values: batch.map((d) => d.id) },
        { name: 'discount_type', type: 'int2', values: batch.map((d) => d.type) },
        { name: 'discount_value', type: 'int4', values: batch.map((d) => d.value) },
      ];
      await tx.execute(sql`INSERT INTO product_discounts (${columnNames(columns)}) ${unnestRows(columns)}`);
    }
    written = changed.length > 0 || taxonomy.created > 0;
    // The catalog read model reloads on a new version; NOTIFY is delivered on commit only (decision 0019).
    if (written) await bumpCatalogVersion(tx);
  });
  // Fresh statistics after a bulk change, or the planner keeps scanning the whole table instead of using the
  // listing indexes (PGlite has no autovacuum to do it later). location_stock is written by migration 0040's
  // trigger as products are (decision 0083).
  if (written) {
    await analyzeTables(options.db, [
      'products',
      'product_images',
      'product_discounts',
      'categories',
      'child_categories',
      'brands',
      'location_stock',
    ]);
  }
  options.onProgress?.(total, total);
  return report;
}

/**
 * The stored images of each row, in row order: copied (or downloaded) before the transaction (files are not
 * transactional; a leftover copy is harmless), each missing one a warning; then each stored picture is measured
 * and given its WebP copies (`createImagePreparer`, decision 0026), a picture that cannot be read or copied a
 * warning too (it is kept, without the size or copies it lacks). The downloader and the preparer keep to their
 * own concurrency limits, so one picture is being measured while others download.
 */
async function resolveImages(
  rows: readonly CatalogRow[],
  options: ImportCatalogOptions,
  warnings: string[],
): Promise<StoredImage[][]> {
  const stored: StoredImage[][] = rows.map(() => []);
  const withImages = rows.flatMap((row, i) => (row.images.length > 0 ? [{ row, i }] : []));
  if (withImages.length === 0) return stored;
  const resolver = createImageResolver({ imagesDir: options.imagesDir, media: options.media });
  const preparer = createImagePreparer({
    media: options.media,
    ...(options.imageConcurrency ? { concurrency: options.imageConcurrency } : {}),
  });
  // Loaded only when there is something to download (it brings file-type and the HTTP stack).
  const download = options.downloadImages ? await import('./download-product-images') : null;
  const downloader = download
    ? download.createImageDownloader({
        media: options.media,
        ...(typeof options.downloadImages === 'object' ? options.downloadImages : {}),
      })
    : null;
  const imageTotal = withImages.reduce((n, { row }) => n + row.images.length, 0);
  let imagesDone = 0;
  options.onImageProgress?.(0, imageTotal);
  type Resolution = ImageResolution & { downloaded?: boolean; prepared?: PreparedImage };
  const resolveImage = async (source: string): Promise<Resolution> => {
    const local: Resolution = await resolver.resolve(source);
    const found =
      'path' in local || !downloader || !download?.isDownloadableUrl(source)
        ? local
        : { ...(await downloader.download(source)), downloaded: true };
    return 'path' in found ? { ...found, prepared: await preparer.prepare(found.path) } : found;
  };
  const resolutions = await Promise.all(
    withImages.map(({ row }) =>
      Promise.all(
        row.images.map(async (source) => {
          const r = await resolveImage(source);
          options.onImageProgress?.(++imagesDone, imageTotal);
          return r;
        }),
      ),
    ),
  );
  withImages.forEach(({ row, i }, k) => {
    const found: StoredImage[] = [];
    row.images.forEach((source, j) => {
      const r = resolutions[k]?.[j];
      if (!r) return;
      if ('path' in r) {
        if (found.some((f) => f.path === r.path)) return;
        const prepared = r.prepared ?? { width: null, height: null, widths: [] };
        found.push({ path: r.path, width: prepared.width, height: prepared.height, widths: prepared.widths });
        if (prepared.problem) {
          warnings.push(
            `line ${row.line}: image "${imageFileName(source) ?? source}" ${prepared.problem}; ` +
              (prepared.width === null
                ? 'product imported with it, without its size or smaller copies'
                : 'product imported with it, without its smaller copies'),
          );
        }
      } else if (r.downloaded) {
        warnings.push(`line ${row.line}: image "${source}" ${r.missing}; product imported without it`);
      } else {
        warnings.push(
          `line ${row.line}: image "${imageFileName(source) ?? source}" ${r.missing}; product imported without it`,
        );
      }
    });
    stored[i] = found;
  });
  return stored;
}

/** The products columns an import writes, with their element types (see `productColumnValues`). */
const PRODUCT_COLUMNS = [
  { name: 'sku', type: 'text' },
  { name: 'title', type: 'text' },
  { name: 'permalink', type: 'text' },
  { name: 'category_id', type: 'int4' },
  { name: 'child_category_id', type: 'int4' },
  { name: 'brand_id', type: 'int4' },
  { name: 'price_cents', type: 'int4' },
  { name: 'stock', type: 'int4' },
  { name: 'weight_grams', type: 'int4' },
  { name: 'dangerous_goods_class', type: 'text' },
  { name: 'bulky', type: 'bool' },
  { name: 'length_mm', type: 'int4' },
  { name: 'width_mm', type: 'int4' },
  { name: 'height_mm', type: 'int4' },
  { name: 'short_description', type: 'text' },
  { name: 'long_description', type: 'text' },
  { name: 'seo_title', type: 'text' },
  { name: 'seo_description', type: 'text' },
  { name: 'seo_tags', type: 'text' },
  { name: 'part_numbers', type: 'text' },
  { name: 'canonical_url', type: 'text' },
  { name: 'schema_markup', type: 'text' },
  { name: 'badge', type: 'text' },
  { name: 'is_featured', type: 'bool' },
  { name: 'search_brand', type: 'text' },
  { name: 'search_category', type: 'text' },
  { name: 'import_hash', type: 'text' },
] as const satisfies readonly { name: string; type: UnnestType }[];

type ProductColumnName = (typeof PRODUCT_COLUMNS)[number]['name'];

/** What each products column holds for an item. */
const PRODUCT_VALUE: Record<ProductColumnName, (item: Resolved) => string | number | boolean | null> = {
  sku: (i) => i.row.sku,
  title: (i) => i.row.title,
  permalink: (i) => i.row.permalink,
  category_id: (i) => i.categoryId,
  child_category_id: (i) => i.childCategoryId,
  brand_id: (i) => i.brandId,
  price_cents: (i) => i.row.priceCents,
  stock: (i) => i.row.stock,
  weight_grams: (i) => i.row.weightGrams,
  dangerous_goods_class: (i) => i.row.dangerousGoodsClass,
  bulky: (i) => i.row.bulky,
  length_mm: (i) => i.row.lengthMm,
  width_mm: (i) => i.row.widthMm,
  height_mm: (i) => i.row.heightMm,
  short_description: (i) => i.row.shortDescription,
  long_description: (i) => i.row.longDescription,
  seo_title: (i) => i.row.seoTitle,
  seo_description: (i) => i.row.seoDescription,
  seo_tags: (i) => i.row.seoTags,
  part_numbers: (i) => (i.row.partNumbers.length > 0 ? i.row.partNumbers.join(', ') : null),
  canonical_url: (i) => i.row.canonicalUrl,
  schema_markup: (i) => i.row.schemaMarkup,
  badge: (i) => i.row.badge,
  is_featured: (i) => i.row.isFeatured,
  search_brand: (i) => i.searchBrand,
  search_category: (i) => i.searchCategory,
  import_hash: (i) => i.hash,
};

/** The products columns of a batch, one array each. */
function productColumnValues(items: readonly Resolved[]): UnnestColumn[] {
  return PRODUCT_COLUMNS.map((c) => ({ ...c, values: items.map(PRODUCT_VALUE[c.name]) }));
}

/** The CatalogRow fields the hash covers, in sorted order (the row's line and its image sources are not). */
const HASHED_FIELDS = CATALOG_ROW_FIELDS.filter((f) => f !== 'line' && f !== 'images').sort();

/**
 * Stable hash of everything an import writes for a product: the row's fields (not its line number), in sorted
 * key order, plus its stored images: the path of each, and for a measured picture its size and copy widths too,
 * so a picture replaced under the same name (another size) rewrites its product. (A product whose images were
 * not measured hashes the same text as ever, so it re-imports as unchanged; one imported before pictures were
 * measured is rewritten once, which stores the sizes it lacked.)
 */
function importHash(row: CatalogRow, images: readonly StoredImage[]): string {
  // A row without part numbers hashes as it did before they existed, so a re-import leaves it alone.
  const sorted = HASHED_FIELDS.filter((k) => k !== 'partNumbers' || row.partNumbers.length > 0).map((k) => [
    k,
    row[k],
  ]);
  const imageKeys = images.map((i) => (i.width === null ? i.path : [i.path, i.width, i.height, i.widths]));
  // The one-shot hash: a Hash object per row takes twice as long (100,000 texts of 700 bytes: 191 against 80 ms).
  return sha('sha256', JSON.stringify([IMPORT_HASH_VERSION, sorted, imageKeys]), 'hex');
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
  for await (const batch of chunks(skus, LOOKUP_BATCH)) {
    const found = rowsOf<{
      id: number;
      sku: string;
      permalink: string;
      import_hash: string | null;
      category_id: number | null;
      child_category_id: number | null;
      brand_id: number | null;
    }>(
      await tx.execute(sql`
        SELECT id, sku, permalink, import_hash, category_id, child_category_id, brand_id
        FROM products WHERE lower(sku) = ANY(${sql.param(batch)}::text[])`),
    );
    for (const p of found) {
      out.set(p.sku.toLowerCase(), {
        id: p.id,
        sku: p.sku,
        permalink: p.permalink,
        importHash: p.import_hash,
        categoryId: p.category_id,
        childCategoryId: p.child_category_id,
        brandId: p.brand_id,
      });
    }
  }
  return out;
}

/**
 * Permalinks are unique: a row whose permalink belongs to a product that is not in this file gets
 * `<permalink>-<sku slug>` (then `-2`, `-3` ...) with a warning. Rows' permalinks are already unique among
 * themselves (see `finishCatalogRows`). A row whose product already has that permalink is not asked about: the
 * product holding it is its own (a re-import asks about nothing).
 */
async function settlePermalinks(
  tx: Tx,
  rows: readonly CatalogRow[],
  existing: ReadonlyMap<string, ExistingProduct>,
  warnings: string[],
): Promise<void> {
  const inFile = new Set(rows.map((r) => r.sku.toLowerCase()));
  const taken = new Set(rows.map((r) => r.permalink));
  /** Permalinks held by products outside this file, for the candidates asked about. */
  const foreignHolders = async (candidates: string[]) => {
    const holders = new Map<string, string>();
    for await (const batch of chunks(candidates, LOOKUP_BATCH)) {
      const found = rowsOf<{ sku: string; permalink: string }>(
        await tx.execute(
          sql`SELECT sku, permalink FROM products WHERE permalink = ANY(${sql.param(batch)}::text[])`,
        ),
      );
      for (const p of found) if (!inFile.has(p.sku.toLowerCase())) holders.set(p.permalink, p.sku);
    }
    return holders;
  };

  let pending = rows.filter((r) => existing.get(r.sku.toLowerCase())?.permalink !== r.permalink);
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
 * Finds or creates the categories, child categories and brands the rows name, and returns lookups by row and how
 * many it created.
 */
async function resolveTaxonomy(tx: Tx, rows: readonly CatalogRow[]) {
  // A catalog names a few hundred categories and brands across thousands of rows: slug each title once.
  const slugs = new Map<string, string>();
  const slugOf = (title: string): string => {
    let slug = slugs.get(title);
    if (slug === undefined) {
      slug = slugify(title);
      slugs.set(title, slug);
    }
    return slug;
  };
  let created = 0;
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
  // Issue 36 (decision 0050): a category renamed in the back office is still found by the name and address a
  // catalog file knew it by (its old address, recorded as a redirect) and by its new name; its own sku and
  // permalink win.
  const moved = await tx
    .select({
      kind: permalinkRedirects.kind,
      oldValue: permalinkRedirects.oldValue,
      id: permalinkRedirects.targetId,
    })
    .from(permalinkRedirects);
  const catById = new Map(cats.map((c) => [c.id, c]));
  for (const r of moved) {
    const c = r.kind === 'category' ? catById.get(r.id) : undefined;
    if (c) catBySlug.set(r.oldValue, c);
  }
  for (const c of cats) catBySlug.set(slugOf(c.title), c);
  for (const c of cats) {
    catBySlug.set(c.permalink, c);
    catBySlug.set(c.sku, c);
  }
  let nextPosition = Math.max(0, ...cats.map((c) => c.position + 1));
  const newCats: (typeof categories.$inferInsert)[] = [];
  const plannedCatSlugs = new Set<string>();
  for (const r of rows) {
    if (!r.categoryTitle) continue;
    const slug = slugOf(r.categoryTitle);
    if (catBySlug.has(slug) || plannedCatSlugs.has(slug)) continue;
    plannedCatSlugs.add(slug);
    newCats.push({ title: r.categoryTitle, sku: slug, permalink: slug, position: nextPosition++ });
  }
  for await (const batch of chunks(newCats, BATCH)) {
    const inserted = await tx
      .insert(categories)
      .values(batch)
      .returning({ id: categories.id, title: categories.title, sku: categories.sku });
    for (const c of inserted) catBySlug.set(c.sku, c);
    created += inserted.length;
  }
  const categoryOf = (r: CatalogRow) =>
    r.categoryTitle ? (catBySlug.get(slugOf(r.categoryTitle)) ?? null) : null;

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
  const childKey = (categoryId: number, title: string) => `${categoryId}|${slugOf(title)}`;
  const childByKey = new Map<string, Named>();
  const takenChildSkus = new Set<string>();
  const nextChildPosition = new Map<number, number>();
  const childById = new Map(children.map((c) => [c.id, c]));
  for (const r of moved) {
    const c = r.kind === 'child_category' ? childById.get(r.id) : undefined;
    if (c) childByKey.set(`${c.categoryId}|${r.oldValue}`, { id: c.id, title: c.childTitle });
  }
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
    let sku = slugOf(r.childCategoryTitle);
    if (takenChildSkus.has(sku)) sku = slugOf(`${cat.title} ${r.childCategoryTitle}`);
    const base = sku;
    for (let n = 2; takenChildSkus.has(sku); n++) sku = `${base}-${n}`;
    takenChildSkus.add(sku);
    const position = nextChildPosition.get(cat.id) ?? 0;
    nextChildPosition.set(cat.id, position + 1);
    newChildren.push({ key, categoryId: cat.id, childSku: sku, childTitle: r.childCategoryTitle, position });
  }
  for await (const batch of chunks(newChildren, BATCH)) {
    const inserted = await tx
      .insert(childCategories)
      .values(batch.map(({ key: _key, ...c }) => c))
      .returning({
        id: childCategories.id,
        childSku: childCategories.childSku,
        childTitle: childCategories.childTitle,
      });
    created += inserted.length;
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
  const brandBySlug = new Map<string, Named>();
  const brandById = new Map(brandRows.map((b) => [b.id, b]));
  for (const r of moved) {
    const b = r.kind === 'brand' ? brandById.get(r.id) : undefined;
    if (b) brandBySlug.set(r.oldValue, b);
  }
  for (const b of brandRows) brandBySlug.set(slugOf(b.title), b);
  for (const b of brandRows) brandBySlug.set(b.permalink, b);
  const newBrands: (typeof brands.$inferInsert)[] = [];
  const plannedBrandSlugs = new Set<string>();
  for (const r of rows) {
    if (!r.brandTitle) continue;
    const slug = slugOf(r.brandTitle);
    if (brandBySlug.has(slug) || plannedBrandSlugs.has(slug)) continue;
    plannedBrandSlugs.add(slug);
    newBrands.push({ title: r.brandTitle, permalink: slug });
  }
  for await (const batch of chunks(newBrands, BATCH)) {
    const inserted = await tx
      .insert(brands)
      .values(batch)
      .returning({ id: brands.id, title: brands.title, permalink: brands.permalink });
    for (const b of inserted) brandBySlug.set(b.permalink, b);
    created += inserted.length;
  }

  return {
    /** Categories, child categories and brands created. */
    created,
    category: categoryOf,
    child(r: CatalogRow): Named | null {
      const cat = categoryOf(r);
      return cat && r.childCategoryTitle
        ? (childByKey.get(childKey(cat.id, r.childCategoryTitle)) ?? null)
        : null;
    },
    brand: (r: CatalogRow) => (r.brandTitle ? (brandBySlug.get(slugOf(r.brandTitle)) ?? null) : null),
  };
}
