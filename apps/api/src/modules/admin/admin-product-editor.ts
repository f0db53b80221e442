/**
 * The back office's product editor (issue 36 §1): load, create, save, duplicate, archive and unarchive a product
 * with every field the shop shows, and store an uploaded picture.
 *
 * - Prices are shelf prices inc. GST in cents (decision 0046); a sale is one `product_discounts` row (SPEC §4).
 * - The long description is cleaned by `sanitizeDescription`, the function imports use (DESIGN §5 rule 7).
 * - Part numbers are stored as imports store them (`", "`-joined, decision 0031); fitment rows are the product's
 *   whole fitment list, one `fitments` row per vehicle and position (decision 0030), new ones with source `staff`.
 * - Pictures go through the import's pipeline (`createImagePreparer`: size, WebP copies, decision 0026).
 * - Every write takes the product's row lock, compares the `version` the editor opened (409 `conflict` when
 *   another save came first, nothing written), bumps `products.version`, and writes one audit row of the changed
 *   fields in the same transaction. Product rows are seen by the read model through `changed_at`; a change of
 *   fitment or of archived state also bumps the catalog version (decision 0019: the fitment index and the
 *   listings are rebuilt). The route then awaits `app.catalog.refresh()`.
 *
 * Errors: HttpError 400 with `errors` naming each field, 404 for an unknown SKU, 409 for a stale version.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql, TransactionRollbackError } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import {
  PRODUCT_EDITOR_MESSAGES as M,
  PRODUCT_IMAGE_TYPES,
  UPLOADED_IMAGE_PATH,
  type EditorProduct,
  type ProductCreate,
  type ProductSave,
  type ProductTaxonomy,
  type UploadedImage,
} from '@store/shared/admin-product-editor';
import { moneyCents } from '@store/shared/admin-products';
import {
  DISCOUNT_PERCENT,
  discountedPriceCents,
  discountFromSalePrice,
  type Discount,
  type DiscountType,
} from '@store/shared/discount';
import type { FieldError } from '@store/shared/error-answers';
import { centsToDecimalString } from '@store/shared/money';
import { splitPartNumbers } from '@store/shared/part-number';
import { slugify } from '@store/shared/slug';
import type { Database } from '../../db/client';
import { describeDatabaseError } from '../../db/describe-database-error';
import {
  brands,
  categories,
  childCategories,
  fitments,
  productDiscounts,
  productImages,
  products,
  vehicles,
} from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import type { FileStore } from '../../storage/file-store';
import { bumpCatalogVersion } from '../catalog/catalog-version';
import { createImagePreparer } from '../catalog-import/prepare-product-images';
import { sanitizeDescription } from '../catalog-import/sanitize-description';
import { presentVehicle } from '../vehicles/vehicle-service';
import { recordAudit } from './record-audit';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type ProductRow = typeof products.$inferSelect;
type Fields = ProductCreate;

/** The picture types uploads keep, by sniffed MIME type → stored extension. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

const bySku = (sku: string) => sql`lower(${products.sku}) = lower(${sku})`;

function discountOf(type: number | null, value: number | null): Discount | null {
  return type === null || value === null ? null : { type: type as DiscountType, value };
}

/** The product `sku` as the editor reads it, or null. */
export async function loadEditorProduct(db: Database, sku: string): Promise<EditorProduct | null> {
  const [row] = await db
    .select({
      p: products,
      discountType: productDiscounts.discountType,
      discountValue: productDiscounts.discountValue,
    })
    .from(products)
    .leftJoin(productDiscounts, eq(productDiscounts.productId, products.id))
    .where(bySku(sku));
  if (!row) return null;
  const { p } = row;
  const [images, fits] = await Promise.all([
    db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, p.id))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    db
      .select({ f: fitments, v: vehicles })
      .from(fitments)
      .innerJoin(vehicles, eq(vehicles.id, fitments.vehicleId))
      .where(eq(fitments.productId, p.id))
      .orderBy(
        asc(vehicles.make),
        asc(vehicles.model),
        asc(vehicles.yearFrom),
        asc(vehicles.id),
        asc(fitments.position),
      ),
  ]);
  const discount = discountOf(row.discountType, row.discountValue);
  return {
    id: p.id,
    version: p.version,
    archived_at: p.archivedAt?.toISOString() ?? null,
    sku: p.sku,
    title: p.title,
    permalink: p.permalink,
    short_description: p.shortDescription,
    long_description: p.longDescription,
    category_id: p.categoryId,
    child_category_id: p.childCategoryId,
    brand_id: p.brandId,
    price: centsToDecimalString(p.priceCents),
    sale_price:
      discount && discount.type !== DISCOUNT_PERCENT
        ? centsToDecimalString(discountedPriceCents(p.priceCents, discount))
        : null,
    discount_percent: discount?.type === DISCOUNT_PERCENT ? discount.value : null,
    stock: p.stock,
    weight_grams: p.weightGrams,
    dangerous_goods_class: p.dangerousGoodsClass,
    bulky: p.bulky,
    length_mm: p.lengthMm,
    width_mm: p.widthMm,
    height_mm: p.heightMm,
    reorder_level: p.reorderLevel,
    part_numbers: splitPartNumbers(p.partNumbers),
    universal_fit: p.universalFit,
    fitments: fits.map(({ f, v }) => ({
      vehicle_id: v.id,
      label: presentVehicle(v).label,
      make: v.make,
      model: v.model,
      position: f.position,
      notes: f.notes,
      source: f.source,
    })),
    seo_title: p.seoTitle,
    seo_description: p.seoDescription,
    is_featured: p.isFeatured,
    images: images.map((i) => ({ path: i.path, featured: i.isFeatured, width: i.width, height: i.height })),
    updated_at: p.updatedAt.toISOString(),
  };
}

/** Categories with their children, and brands, A to Z as the editor's selects list them. */
export async function productTaxonomy(db: Database): Promise<ProductTaxonomy> {
  const [cats, children, brandRows] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.title)),
    db.select().from(childCategories).orderBy(asc(childCategories.position), asc(childCategories.childTitle)),
    db.select({ id: brands.id, title: brands.title }).from(brands).orderBy(asc(brands.title)),
  ]);
  return {
    categories: cats.map((c) => ({
      id: c.id,
      title: c.title,
      children: children
        .filter((ch) => ch.categoryId === c.id)
        .map((ch) => ({ id: ch.id, title: ch.childTitle })),
    })),
    brands: brandRows,
  };
}

/**
 * Stores an uploaded picture under `products/upload-<hash>.<ext>` (the same bytes twice are one file) and runs the
 * import's pipeline on it (size, WebP copies). Throws HttpError 415 when its bytes are not a JPEG, PNG, WebP, GIF
 * or AVIF, 400 when the picture cannot be read.
 */
export async function storeUploadedImage(media: FileStore, bytes: Buffer): Promise<UploadedImage> {
  const sniffed = await fileTypeFromBuffer(bytes);
  const ext = sniffed && PRODUCT_IMAGE_TYPES.includes(sniffed.mime) ? EXTENSIONS[sniffed.mime] : undefined;
  if (!ext) throw new HttpError(415, M.imageNotImage, [{ field: 'file', message: M.imageNotImage }]);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  const stored = `products/upload-${hash}.${ext}`;
  // Named by its bytes: a file already there is this picture.
  if (!(await media.stat(stored))) await media.put(stored, bytes, sniffed?.mime);
  const prepared = await createImagePreparer({ media, concurrency: 1 }).prepare(stored);
  if (prepared.width === null) {
    throw new HttpError(400, M.imageUnreadable, [{ field: 'file', message: M.imageUnreadable }]);
  }
  return { path: stored, width: prepared.width, height: prepared.height };
}

function refuse(errors: FieldError[]): never {
  throw new HttpError(400, errors[0]?.message ?? 'The product was not saved.', errors);
}

/** What a product is, as its audit rows compare it: money in cents, lists as text. */
interface Snapshot {
  [key: string]: unknown;
}

async function snapshotOf(tx: Tx | Database, productId: number): Promise<Snapshot> {
  const [row] = await tx
    .select({
      p: products,
      discountType: productDiscounts.discountType,
      discountValue: productDiscounts.discountValue,
    })
    .from(products)
    .leftJoin(productDiscounts, eq(productDiscounts.productId, products.id))
    .where(eq(products.id, productId));
  if (!row) return {};
  const { p } = row;
  const [images, fits] = await Promise.all([
    tx
      .select({ path: productImages.path, featured: productImages.isFeatured })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    tx
      .select({ vehicleId: fitments.vehicleId, position: fitments.position, notes: fitments.notes })
      .from(fitments)
      .where(eq(fitments.productId, productId))
      .orderBy(asc(fitments.vehicleId), asc(fitments.position)),
  ]);
  const discount = discountOf(row.discountType, row.discountValue);
  return {
    title: p.title,
    sku: p.sku,
    permalink: p.permalink,
    short_description: p.shortDescription,
    long_description: p.longDescription,
    category_id: p.categoryId,
    child_category_id: p.childCategoryId,
    brand_id: p.brandId,
    price_cents: p.priceCents,
    discount,
    sale_price_cents: discount ? discountedPriceCents(p.priceCents, discount) : null,
    stock: p.stock,
    weight_grams: p.weightGrams,
    dangerous_goods_class: p.dangerousGoodsClass,
    bulky: p.bulky,
    size_mm: [p.lengthMm, p.widthMm, p.heightMm].join('×'),
    reorder_level: p.reorderLevel,
    part_numbers: p.partNumbers,
    universal_fit: p.universalFit,
    fitments: fits.map((f) => `${f.vehicleId}|${f.position}|${f.notes}`),
    seo_title: p.seoTitle,
    seo_description: p.seoDescription,
    is_featured: p.isFeatured,
    images: images.map((i) => (i.featured ? `${i.path} (featured)` : i.path)),
    archived: p.archivedAt !== null,
  };
}

function changedKeys(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(after).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
}

/** A permalink no other product has: `base`, then `base-2`, `base-3` ... */
async function freePermalink(tx: Tx, base: string, exceptId: number | null): Promise<string> {
  const taken = new Set(
    (
      await tx
        .select({ permalink: products.permalink })
        .from(products)
        .where(
          and(
            sql`(${products.permalink} = ${base} OR ${products.permalink} LIKE ${`${base}-%`})`,
            exceptId === null ? undefined : ne(products.id, exceptId),
          ),
        )
    ).map((r) => r.permalink),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** An unused SKU made from `base`: `base`, then `base-2` ... (duplicates). */
async function freeSku(tx: Tx, base: string): Promise<string> {
  const taken = new Set(
    (
      await tx
        .select({ sku: sql<string>`lower(${products.sku})` })
        .from(products)
        .where(sql`lower(${products.sku}) LIKE lower(${`${base}%`})`)
    ).map((r) => r.sku),
  );
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`.toLowerCase())) return `${base}-${n}`;
}

interface Checked {
  permalink: string;
  discount: Discount | null;
  longDescription: string | null;
  searchBrand: string;
  searchCategory: string;
  images: {
    path: string;
    featured: boolean;
    width: number | null;
    height: number | null;
    widths: number[];
  }[];
}

/**
 * Checks what the schema cannot (rows that must exist, uniqueness, pictures that are the product's or uploads)
 * and works out the stored values. Every problem is collected, each at its field.
 */
async function check(tx: Tx, body: Fields, current: ProductRow | null, media: FileStore): Promise<Checked> {
  const errors: FieldError[] = [];
  const productId = current?.id ?? null;

  const [skuHolder] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(bySku(body.sku), productId === null ? undefined : ne(products.id, productId)));
  if (skuHolder) errors.push({ field: 'sku', message: M.skuTaken(body.sku) });

  let permalink = body.permalink;
  if (permalink === '' && current) permalink = current.permalink;
  else if (permalink === '') {
    const base = slugify(body.title).slice(0, 180).replace(/-+$/, '');
    if (base === '') errors.push({ field: 'title', message: M.permalinkFromTitle });
    else permalink = await freePermalink(tx, base, null);
  } else if (permalink !== current?.permalink) {
    const [holder] = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        and(eq(products.permalink, permalink), productId === null ? undefined : ne(products.id, productId)),
      );
    if (holder) errors.push({ field: 'permalink', message: M.permalinkTaken(permalink) });
  }

  let searchCategory = '';
  if (body.category_id !== null) {
    const [category] = await tx.select().from(categories).where(eq(categories.id, body.category_id));
    if (!category) errors.push({ field: 'category_id', message: M.category });
    else {
      searchCategory = category.title;
      if (body.child_category_id !== null) {
        const [child] = await tx
          .select()
          .from(childCategories)
          .where(eq(childCategories.id, body.child_category_id));
        if (!child || child.categoryId !== category.id) {
          errors.push({ field: 'child_category_id', message: M.childCategory });
        } else searchCategory = `${category.title} ${child.childTitle}`;
      }
    }
  }
  let searchBrand = '';
  if (body.brand_id !== null) {
    const [brand] = await tx.select().from(brands).where(eq(brands.id, body.brand_id));
    if (!brand) errors.push({ field: 'brand_id', message: M.brand });
    else searchBrand = brand.title;
  }

  const vehicleIds = [...new Set(body.fitments.map((f) => f.vehicle_id))];
  if (vehicleIds.length > 0) {
    const found = new Set(
      (await tx.select({ id: vehicles.id }).from(vehicles).where(inArray(vehicles.id, vehicleIds))).map(
        (v) => v.id,
      ),
    );
    body.fitments.forEach((f, i) => {
      if (!found.has(f.vehicle_id)) errors.push({ field: `fitments.${i}.vehicle_id`, message: M.vehicle });
    });
  }

  const priceCents = moneyCents(body.price);
  let discount: Discount | null = null;
  if (body.sale_price !== null) discount = discountFromSalePrice(priceCents, moneyCents(body.sale_price));
  else if (body.discount_percent !== null)
    discount = { type: DISCOUNT_PERCENT, value: body.discount_percent };

  const own = new Map(
    productId === null
      ? []
      : (await tx.select().from(productImages).where(eq(productImages.productId, productId))).map((i) => [
          i.path,
          i,
        ]),
  );
  const preparer = createImagePreparer({ media, concurrency: 2 });
  const images: Checked['images'] = [];
  for (const [i, image] of body.images.entries()) {
    const kept = own.get(image.path);
    if (kept) {
      images.push({
        path: kept.path,
        featured: image.featured,
        width: kept.width,
        height: kept.height,
        widths: kept.variantWidths,
      });
      continue;
    }
    const exists = UPLOADED_IMAGE_PATH.test(image.path) ? (await media.stat(image.path)) !== null : false;
    if (!exists) {
      errors.push({ field: `images.${i}.path`, message: M.image });
      continue;
    }
    const prepared = await preparer.prepare(image.path);
    images.push({
      path: image.path,
      featured: image.featured,
      width: prepared.width,
      height: prepared.height,
      widths: prepared.widths,
    });
  }
  // One featured picture: the one marked, else the first.
  const featuredAt = Math.max(
    0,
    images.findIndex((i) => i.featured),
  );
  images.forEach((im, i) => (im.featured = i === featuredAt));

  if (errors.length > 0) refuse(errors);
  return {
    permalink,
    discount,
    longDescription: body.long_description === null ? null : sanitizeDescription(body.long_description),
    searchBrand,
    searchCategory,
    images,
  };
}

/** Writes the discount, pictures and fitment rows of `productId` as `body` has them. Answers whether fitment changed. */
async function writeChildren(tx: Tx, productId: number, body: Fields, checked: Checked): Promise<boolean> {
  await tx.delete(productDiscounts).where(eq(productDiscounts.productId, productId));
  if (checked.discount) {
    await tx
      .insert(productDiscounts)
      .values({ productId, discountType: checked.discount.type, discountValue: checked.discount.value });
  }
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  if (checked.images.length > 0) {
    await tx.insert(productImages).values(
      checked.images.map((im, position) => ({
        productId,
        path: im.path,
        isFeatured: im.featured,
        position,
        width: im.width,
        height: im.height,
        variantWidths: im.widths,
      })),
    );
  }
  const before = await tx.select().from(fitments).where(eq(fitments.productId, productId));
  const key = (vehicleId: number, position: string) => `${vehicleId}|${position}`;
  const old = new Map(before.map((f) => [key(f.vehicleId, f.position), f]));
  const same =
    before.length === body.fitments.length &&
    body.fitments.every((f) => old.get(key(f.vehicle_id, f.position))?.notes === f.notes);
  if (same) return false;
  await tx.delete(fitments).where(eq(fitments.productId, productId));
  if (body.fitments.length > 0) {
    await tx.insert(fitments).values(
      body.fitments.map((f) => ({
        productId,
        vehicleId: f.vehicle_id,
        position: f.position,
        notes: f.notes,
        // A row the editor kept keeps where it came from; a new one is the staff member's word.
        source: old.get(key(f.vehicle_id, f.position))?.source ?? 'staff',
      })),
    );
  }
  return true;
}

function rowValues(body: Fields, checked: Checked) {
  return {
    sku: body.sku,
    title: body.title,
    permalink: checked.permalink,
    categoryId: body.category_id,
    childCategoryId: body.category_id === null ? null : body.child_category_id,
    brandId: body.brand_id,
    priceCents: moneyCents(body.price),
    stock: body.stock,
    weightGrams: body.weight_grams,
    dangerousGoodsClass: body.dangerous_goods_class,
    bulky: body.bulky,
    lengthMm: body.length_mm,
    widthMm: body.width_mm,
    heightMm: body.height_mm,
    shortDescription: body.short_description || null,
    longDescription: checked.longDescription,
    seoTitle: body.seo_title || null,
    seoDescription: body.seo_description || null,
    isFeatured: body.is_featured,
    reorderLevel: body.reorder_level,
    universalFit: body.universal_fit,
    partNumbers: body.part_numbers.length > 0 ? body.part_numbers.join(', ') : null,
    searchBrand: checked.searchBrand,
    searchCategory: checked.searchCategory,
  };
}

/** Creates a product (active at once) by `staffId`; audited as 'product.create'. Answers its SKU. */
export async function createProduct(
  db: Database,
  body: ProductCreate,
  staffId: number,
  media: FileStore,
): Promise<string> {
  return inserting(body, () => createProductOnce(db, body, staffId, media));
}

/**
 * Two creates (or saves) at once may both find a SKU or permalink free and both try to take it: the unique index
 * refuses the second, answered as the field's own message rather than a 500.
 */
async function inserting<T>(body: ProductCreate, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const failure = describeDatabaseError(error);
    if (failure?.sqlstate !== '23505') throw error;
    const field = failure.constraint?.includes('permalink') ? 'permalink' : 'sku';
    const message = field === 'sku' ? M.skuTaken(body.sku) : M.permalinkTaken(body.permalink || body.title);
    throw new HttpError(400, message, [{ field, message }]);
  }
}

async function createProductOnce(
  db: Database,
  body: ProductCreate,
  staffId: number,
  media: FileStore,
): Promise<string> {
  return db.transaction(async (tx) => {
    const checked = await check(tx, body, null, media);
    const [created] = await tx
      .insert(products)
      .values(rowValues(body, checked))
      .returning({ id: products.id, sku: products.sku });
    if (!created) throw new Error('insert returned no row');
    const fitmentChanged = await writeChildren(tx, created.id, body, checked);
    if (fitmentChanged || body.universal_fit) await bumpCatalogVersion(tx);
    await recordAudit(tx, {
      staffId,
      action: 'product.create',
      entityType: 'product',
      entityId: created.sku,
      before: null,
      after: await snapshotOf(tx, created.id),
    });
    return created.sku;
  });
}

/** The product `sku` locked for this transaction, checked against the version the editor opened. */
async function lockProduct(tx: Tx, sku: string, version: number | null): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(bySku(sku)).for('update');
  if (!row) throw new HttpError(404, M.notFound);
  if (version !== null && row.version !== version) throw new HttpError(409, M.conflict);
  return row;
}

/**
 * Saves the whole product `sku` as `body` has it, if its version is still `body.version` (else 409, nothing
 * written); audited as 'product.update' with the changed fields. Answers the SKU after (it may be renamed) and
 * whether anything changed.
 */
export async function saveProduct(
  db: Database,
  sku: string,
  body: ProductSave,
  staffId: number,
  media: FileStore,
): Promise<{ sku: string; changed: boolean }> {
  return inserting(body, () => saveProductOnce(db, sku, body, staffId, media));
}

async function saveProductOnce(
  db: Database,
  sku: string,
  body: ProductSave,
  staffId: number,
  media: FileStore,
): Promise<{ sku: string; changed: boolean }> {
  return db
    .transaction(async (tx) => {
      const current = await lockProduct(tx, sku, body.version);
      const checked = await check(tx, body, current, media);
      const before = await snapshotOf(tx, current.id);
      const fitmentChanged = await writeChildren(tx, current.id, body, checked);
      await tx.update(products).set(rowValues(body, checked)).where(eq(products.id, current.id));
      const after = await snapshotOf(tx, current.id);
      const keys = changedKeys(before, after);
      if (keys.length === 0) {
        // Nothing to keep: undo the rewrite of the same rows (and keep the version the editor holds).
        tx.rollback();
      }
      await tx
        .update(products)
        .set({ version: sql`${products.version} + 1`, updatedAt: sql`now()` })
        .where(eq(products.id, current.id));
      if (fitmentChanged || keys.includes('universal_fit')) await bumpCatalogVersion(tx);
      await recordAudit(tx, {
        staffId,
        action: 'product.update',
        entityType: 'product',
        entityId: body.sku,
        before: Object.fromEntries(keys.map((k) => [k, before[k]])),
        after: Object.fromEntries(keys.map((k) => [k, after[k]])),
      });
      return { sku: body.sku, changed: true };
    })
    .catch((error: unknown) => {
      if (isRollback(error)) return { sku, changed: false };
      throw error;
    });
}

function isRollback(error: unknown): boolean {
  return error instanceof TransactionRollbackError;
}

/**
 * Archives (or makes active again) the product `sku` at `version` (409 when stale): an archived product leaves the
 * shop, search, sitemaps and listings, and stays in the back office and in orders. Audited; bumps the catalog.
 */
export async function setProductArchived(
  db: Database,
  sku: string,
  version: number,
  archived: boolean,
  staffId: number,
): Promise<{ sku: string; changed: boolean }> {
  return db.transaction(async (tx) => {
    const current = await lockProduct(tx, sku, version);
    if ((current.archivedAt !== null) === archived) return { sku: current.sku, changed: false };
    await tx
      .update(products)
      .set({
        archivedAt: archived ? sql`now()` : null,
        version: sql`${products.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(products.id, current.id));
    await bumpCatalogVersion(tx);
    await recordAudit(tx, {
      staffId,
      action: archived ? 'product.archive' : 'product.unarchive',
      entityType: 'product',
      entityId: current.sku,
      before: { archived: !archived },
      after: { archived },
    });
    return { sku: current.sku, changed: true };
  });
}

/**
 * Copies the product `sku` (every field, pictures, sale, part numbers and fitment) as a new, archived product
 * with SKU `<sku>-COPY` (`-COPY-2` ...) and title "<title> (copy)", so it reaches the shop only once edited and
 * made active. Audited as 'product.create' with `duplicated_from`. Answers the new SKU.
 */
export async function duplicateProduct(db: Database, sku: string, staffId: number): Promise<string> {
  return db.transaction(async (tx) => {
    const source = await lockProduct(tx, sku, null);
    const newSku = await freeSku(tx, `${source.sku}-COPY`.slice(0, 100));
    const title = `${source.title} (copy)`.slice(0, 200);
    const permalink = await freePermalink(
      tx,
      slugify(title).slice(0, 180).replace(/-+$/, '') || 'product',
      null,
    );
    const {
      id: _id,
      createdAt: _c,
      updatedAt: _u,
      changedAt: _ch,
      importHash: _h,
      version: _v,
      ...rest
    } = source;
    const [created] = await tx
      .insert(products)
      .values({ ...rest, sku: newSku, title, permalink, archivedAt: sql`now()` })
      .returning({ id: products.id });
    if (!created) throw new Error('insert returned no row');
    await tx.execute(sql`
      INSERT INTO product_images (product_id, path, is_featured, position, width, height, variant_widths)
      SELECT ${created.id}, path, is_featured, position, width, height, variant_widths
      FROM product_images WHERE product_id = ${source.id}`);
    await tx.execute(sql`
      INSERT INTO product_discounts (product_id, discount_type, discount_value)
      SELECT ${created.id}, discount_type, discount_value FROM product_discounts WHERE product_id = ${source.id}`);
    await tx.execute(sql`
      INSERT INTO fitments (product_id, vehicle_id, position, notes, source)
      SELECT ${created.id}, vehicle_id, position, notes, source FROM fitments WHERE product_id = ${source.id}`);
    await recordAudit(tx, {
      staffId,
      action: 'product.create',
      entityType: 'product',
      entityId: newSku,
      before: null,
      after: { ...(await snapshotOf(tx, created.id)), duplicated_from: source.sku },
    });
    return newSku;
  });
}
