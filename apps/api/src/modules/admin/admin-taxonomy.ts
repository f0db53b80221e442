/**
 * The back office's categories, child categories and brands (issue 36 §2, decision 0050): list, create, rename
 * (the title only, or the address too), move up or down, retire and restore, and their pictures. Shapes and
 * messages in `packages/shared/src/admin-taxonomy.ts`.
 *
 * Every change runs in one transaction that first takes the taxonomy's advisory lock (so two staff members'
 * renames and moves happen one after the other on every instance, decision 0041), checks names and addresses under
 * it, writes its audit row, and bumps the catalog version (decision 0019) so every instance reloads the taxonomy;
 * the route then refreshes this process's read model before it answers. A rename that changes an address records
 * the old one in `permalink_redirects`. Nothing is ever deleted: a retired row keeps its products, which stay on
 * sale.
 */
import { and, asc, count, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import {
  ADMIN_TAXONOMY_MESSAGES as M,
  type AdminBrand,
  type AdminBrandInput,
  type AdminCategory,
  type AdminCategoryInput,
  type AdminChildCategoryInput,
  type BrandImageSlot,
  type TaxonomyKind,
} from '@store/shared/admin-taxonomy';
import { slugify } from '@store/shared/slug';
import { MAX_DB_ID, type Database } from '../../db/client';
import { brands, categories, childCategories, permalinkRedirects, products } from '../../db/schema';
import { describeDatabaseError } from '../../db/describe-database-error';
import { HttpError } from '../../plugins/error-handling';
import { bumpCatalogVersion } from '../catalog/catalog-version';
import { recordAudit } from './record-audit';
import type { StoredTaxonomyImage } from './store-taxonomy-image';

/** pg_advisory_xact_lock key of every taxonomy change ("36" and "0050"). */
const TAXONOMY_LOCK = 360_050;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Runs `change` in a transaction holding the taxonomy lock, then bumps the catalog version in it. */
async function taxonomyChange<T>(db: Database, change: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${TAXONOMY_LOCK})`);
      const out = await change(tx);
      await bumpCatalogVersion(tx);
      return out;
    });
  } catch (err) {
    throw uniqueError(err);
  }
}

/** A unique index the checks below missed (they run under the lock, so only a bug reaches it): a 409 all the same. */
function uniqueError(err: unknown): unknown {
  const constraint = describeDatabaseError(err)?.constraint;
  if (!constraint || describeDatabaseError(err)?.sqlstate !== '23505') return err;
  const field = constraint.includes('title')
    ? 'title'
    : constraint.startsWith('brands')
      ? 'permalink'
      : 'sku';
  const message = 'That name or address is already used. Choose another.';
  return new HttpError(409, message, [{ field, message }]);
}

const notFound = (kind: TaxonomyKind) => new HttpError(404, M.notFound(kind));
const fieldError = (status: number, field: string, message: string) =>
  new HttpError(status, message, [{ field, message }]);

/** The address a new row gets from its name when none is given; 400 on `title` when the name has no letters. */
function addressFrom(title: string, given: string | undefined): string {
  const value = given ?? slugify(title).slice(0, 100).replace(/-+$/, '');
  if (!value) throw fieldError(400, 'title', M.titleNoSlug);
  return value;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Every category in menu order with its child categories (retired ones included) and product counts. */
export async function listCategoryTree(db: Database): Promise<AdminCategory[]> {
  const [cats, children, catCounts, childCounts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    db.select().from(childCategories).orderBy(asc(childCategories.position), asc(childCategories.id)),
    db
      .select({ id: products.categoryId, n: count() })
      .from(products)
      .where(isNotNull(products.categoryId))
      .groupBy(products.categoryId),
    db
      .select({ id: products.childCategoryId, n: count() })
      .from(products)
      .where(isNotNull(products.childCategoryId))
      .groupBy(products.childCategoryId),
  ]);
  const catN = new Map(catCounts.map((r) => [r.id, r.n]));
  const childN = new Map(childCounts.map((r) => [r.id, r.n]));
  return cats.map((c) => ({
    id: c.id,
    title: c.title,
    sku: c.sku,
    permalink: c.permalink,
    thumbnail_image: c.thumbnailImage,
    position: c.position,
    retired_at: iso(c.retiredAt),
    product_count: catN.get(c.id) ?? 0,
    child_categories: children
      .filter((ch) => ch.categoryId === c.id)
      .map((ch) => ({
        id: ch.id,
        title: ch.childTitle,
        child_sku: ch.childSku,
        position: ch.position,
        retired_at: iso(ch.retiredAt),
        product_count: childN.get(ch.id) ?? 0,
      })),
  }));
}

/** Every brand A-Z (retired ones included) with product counts. */
export async function listAdminBrands(db: Database): Promise<AdminBrand[]> {
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(brands)
      .orderBy(asc(sql`lower(${brands.title})`), asc(brands.id)),
    db
      .select({ id: products.brandId, n: count() })
      .from(products)
      .where(isNotNull(products.brandId))
      .groupBy(products.brandId),
  ]);
  const n = new Map(counts.map((r) => [r.id, r.n]));
  return rows.map((b) => ({
    id: b.id,
    title: b.title,
    permalink: b.permalink,
    logo_image: b.logoImage,
    cover_image: b.coverImage,
    retired_at: iso(b.retiredAt),
    product_count: n.get(b.id) ?? 0,
  }));
}

// --- checks, under the lock ---------------------------------------------------------------------------------

async function checkCategoryTitle(tx: Tx, title: string, exceptId: number | null) {
  const [clash] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(sql`lower(${categories.title})`, sql`lower(${title})`),
        exceptId === null ? undefined : ne(categories.id, exceptId),
      ),
    );
  if (clash) throw fieldError(409, 'title', M.titleTaken('category', title));
}

async function checkCategoryAddress(tx: Tx, value: string, exceptId: number | null) {
  const [clash] = await tx
    .select({ title: categories.title })
    .from(categories)
    .where(
      and(
        or(eq(categories.sku, value), eq(categories.permalink, value)),
        exceptId === null ? undefined : ne(categories.id, exceptId),
      ),
    );
  if (clash) throw fieldError(409, 'sku', M.addressTaken('category', value, clash.title));
}

async function checkChildTitle(tx: Tx, categoryId: number, title: string, exceptId: number | null) {
  const [clash] = await tx
    .select({ id: childCategories.id })
    .from(childCategories)
    .where(
      and(
        eq(childCategories.categoryId, categoryId),
        eq(sql`lower(${childCategories.childTitle})`, sql`lower(${title})`),
        exceptId === null ? undefined : ne(childCategories.id, exceptId),
      ),
    );
  if (clash) throw fieldError(409, 'title', M.titleTaken('child_category', title));
}

async function checkChildAddress(tx: Tx, value: string, exceptId: number | null) {
  const [clash] = await tx
    .select({ title: childCategories.childTitle })
    .from(childCategories)
    .where(
      and(
        eq(childCategories.childSku, value),
        exceptId === null ? undefined : ne(childCategories.id, exceptId),
      ),
    );
  if (clash) throw fieldError(409, 'child_sku', M.addressTaken('child_category', value, clash.title));
}

async function checkBrandTitle(tx: Tx, title: string, exceptId: number | null) {
  const [clash] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(
      and(
        eq(sql`lower(${brands.title})`, sql`lower(${title})`),
        exceptId === null ? undefined : ne(brands.id, exceptId),
      ),
    );
  if (clash) throw fieldError(409, 'title', M.titleTaken('brand', title));
}

async function checkBrandAddress(tx: Tx, value: string, exceptId: number | null) {
  const [clash] = await tx
    .select({ title: brands.title })
    .from(brands)
    .where(and(eq(brands.permalink, value), exceptId === null ? undefined : ne(brands.id, exceptId)));
  if (clash) throw fieldError(409, 'permalink', M.addressTaken('brand', value, clash.title));
}

/**
 * Records that `oldValues` of a row now lead to `targetId`, and frees `newValue` from any redirect (a live row's
 * address is its own, decision 0050).
 */
async function recordRedirects(
  tx: Tx,
  kind: TaxonomyKind,
  targetId: number,
  oldValues: readonly string[],
  newValue: string,
) {
  await tx
    .delete(permalinkRedirects)
    .where(and(eq(permalinkRedirects.kind, kind), eq(permalinkRedirects.oldValue, newValue)));
  for (const oldValue of new Set(oldValues)) {
    if (oldValue === newValue) continue;
    await tx
      .insert(permalinkRedirects)
      .values({ kind, oldValue, targetId })
      .onConflictDoUpdate({
        target: [permalinkRedirects.kind, permalinkRedirects.oldValue],
        set: { targetId, createdAt: new Date() },
      });
  }
}

/** Keeps the products' search text (`search_category`, catalog/search-index.ts) in step with renamed titles. */
async function refreshSearchCategory(tx: Tx, where: { categoryId?: number; childId?: number }) {
  const condition =
    where.categoryId !== undefined
      ? sql`category_id = ${where.categoryId}`
      : sql`child_category_id = ${where.childId ?? 0}`;
  await tx.execute(sql`
    UPDATE products SET search_category = concat_ws(' ',
      (SELECT title FROM categories WHERE id = products.category_id),
      (SELECT child_title FROM child_categories WHERE id = products.child_category_id))
    WHERE ${condition}`);
}

/**
 * Moves row `id` one place `direction` among `siblings` (ids in their current order) and numbers them 0, 1, ...
 * again, so positions stay distinct however many moves ran at once. Returns false when it is already at that end.
 */
async function reorder(
  siblings: readonly number[],
  id: number,
  direction: 'up' | 'down',
  write: (id: number, position: number) => Promise<unknown>,
): Promise<boolean> {
  const at = siblings.indexOf(id);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= siblings.length) return false;
  const order = [...siblings];
  order[at] = siblings[to] as number;
  order[to] = id;
  for (const [position, rowId] of order.entries()) await write(rowId, position);
  return true;
}

// --- categories ------------------------------------------------------------------------------------------------

/** Adds a category at the end of the menu. Throws HttpError 409 naming `title` or `sku` when either is taken. */
export async function createCategory(
  db: Database,
  input: AdminCategoryInput,
  staffId: number,
): Promise<void> {
  const sku = addressFrom(input.title, input.sku);
  await taxonomyChange(db, async (tx) => {
    await checkCategoryTitle(tx, input.title, null);
    await checkCategoryAddress(tx, sku, null);
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${categories.position}), -1)` })
      .from(categories);
    const [row] = await tx
      .insert(categories)
      .values({ title: input.title, sku, permalink: sku, position: Number(last?.position ?? -1) + 1 })
      .returning({ id: categories.id });
    if (!row) throw new Error('category insert returned no row');
    await recordRedirects(tx, 'category', row.id, [], sku);
    await recordAudit(tx, {
      staffId,
      action: 'category.create',
      entityType: 'category',
      entityId: String(row.id),
      before: null,
      after: { title: input.title, sku },
    });
  });
}

/**
 * Renames a category: its title, and its address (sku and permalink) when `input.sku` differs. The old address
 * keeps answering (a 301 to the new one). Returns whether the address moved; throws 404, or 409 naming the field.
 */
export async function renameCategory(
  db: Database,
  id: number,
  input: AdminCategoryInput,
  staffId: number,
): Promise<{ moved: boolean; changed: boolean }> {
  if (id > MAX_DB_ID) throw notFound('category');
  return taxonomyChange(db, async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id));
    if (!before) throw notFound('category');
    const sku = input.sku ?? before.sku;
    const moved = input.sku !== undefined && (sku !== before.sku || sku !== before.permalink);
    if (input.title === before.title && !moved) return { moved: false, changed: false };
    if (input.title.toLowerCase() !== before.title.toLowerCase())
      await checkCategoryTitle(tx, input.title, id);
    if (moved) await checkCategoryAddress(tx, sku, id);
    await tx
      .update(categories)
      .set({ title: input.title, ...(moved ? { sku, permalink: sku } : {}) })
      .where(eq(categories.id, id));
    if (moved) await recordRedirects(tx, 'category', id, [before.sku, before.permalink], sku);
    if (input.title !== before.title) await refreshSearchCategory(tx, { categoryId: id });
    await recordAudit(tx, {
      staffId,
      action: 'category.rename',
      entityType: 'category',
      entityId: String(id),
      before: { title: before.title, ...(moved ? { sku: before.sku, permalink: before.permalink } : {}) },
      after: { title: input.title, ...(moved ? { sku, permalink: sku } : {}) },
    });
    return { moved, changed: true };
  });
}

/** Moves a category one place up or down the menu. Throws 404, or 409 when it is already first or last. */
export async function moveCategory(
  db: Database,
  id: number,
  direction: 'up' | 'down',
  staffId: number,
): Promise<string> {
  if (id > MAX_DB_ID) throw notFound('category');
  return taxonomyChange(db, async (tx) => {
    const rows = await tx
      .select({ id: categories.id, title: categories.title, position: categories.position })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id));
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound('category');
    const ok = await reorder(
      rows.map((r) => r.id),
      id,
      direction,
      (rowId, position) => tx.update(categories).set({ position }).where(eq(categories.id, rowId)),
    );
    if (!ok) throw new HttpError(409, M.cannotMove(row.title, direction));
    await recordAudit(tx, {
      staffId,
      action: 'category.move',
      entityType: 'category',
      entityId: String(id),
      before: { position: rows.indexOf(row) },
      after: { position: rows.indexOf(row) + (direction === 'up' ? -1 : 1) },
    });
    return row.title;
  });
}

/** Retires (or restores) a category. Its products stay on sale; its address leads to the shop. Throws 404. */
export async function setCategoryRetired(
  db: Database,
  id: number,
  retired: boolean,
  staffId: number,
): Promise<string> {
  if (id > MAX_DB_ID) throw notFound('category');
  return taxonomyChange(db, async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id));
    if (!before) throw notFound('category');
    if ((before.retiredAt !== null) === retired) return before.title;
    await tx
      .update(categories)
      .set({ retiredAt: retired ? new Date() : null })
      .where(eq(categories.id, id));
    await recordAudit(tx, {
      staffId,
      action: retired ? 'category.retire' : 'category.restore',
      entityType: 'category',
      entityId: String(id),
      before: { retired: !retired },
      after: { retired },
    });
    return before.title;
  });
}

/**
 * Sets a category's thumbnail (a path under the media folder, with what the image pipeline measured of it,
 * decision 0082). Throws 404.
 */
export async function setCategoryThumbnail(
  db: Database,
  id: number,
  { path, image_info }: StoredTaxonomyImage,
  staffId: number,
): Promise<void> {
  if (id > MAX_DB_ID) throw notFound('category');
  await taxonomyChange(db, async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id));
    if (!before) throw notFound('category');
    await tx
      .update(categories)
      .set({ thumbnailImage: path, thumbnailImageInfo: image_info })
      .where(eq(categories.id, id));
    await recordAudit(tx, {
      staffId,
      action: 'category.thumbnail',
      entityType: 'category',
      entityId: String(id),
      before: { thumbnail_image: before.thumbnailImage },
      after: { thumbnail_image: path },
    });
  });
}

// --- child categories ------------------------------------------------------------------------------------------

/** Adds a child category at the end of its category. Throws 404, or 409 naming `title` or `child_sku`. */
export async function createChildCategory(
  db: Database,
  categoryId: number,
  input: AdminChildCategoryInput,
  staffId: number,
): Promise<void> {
  if (categoryId > MAX_DB_ID) throw notFound('category');
  const childSku = addressFrom(input.title, input.child_sku);
  await taxonomyChange(db, async (tx) => {
    const [parent] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, categoryId));
    if (!parent) throw notFound('category');
    await checkChildTitle(tx, categoryId, input.title, null);
    await checkChildAddress(tx, childSku, null);
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${childCategories.position}), -1)` })
      .from(childCategories)
      .where(eq(childCategories.categoryId, categoryId));
    const [row] = await tx
      .insert(childCategories)
      .values({ categoryId, childTitle: input.title, childSku, position: Number(last?.position ?? -1) + 1 })
      .returning({ id: childCategories.id });
    if (!row) throw new Error('child category insert returned no row');
    await recordRedirects(tx, 'child_category', row.id, [], childSku);
    await recordAudit(tx, {
      staffId,
      action: 'child_category.create',
      entityType: 'child_category',
      entityId: String(row.id),
      before: null,
      after: { category_id: categoryId, title: input.title, child_sku: childSku },
    });
  });
}

/** Renames a child category (title, and child_sku when given and different; the old one redirects). */
export async function renameChildCategory(
  db: Database,
  id: number,
  input: AdminChildCategoryInput,
  staffId: number,
): Promise<{ moved: boolean; changed: boolean }> {
  if (id > MAX_DB_ID) throw notFound('child_category');
  return taxonomyChange(db, async (tx) => {
    const [before] = await tx.select().from(childCategories).where(eq(childCategories.id, id));
    if (!before) throw notFound('child_category');
    const childSku = input.child_sku ?? before.childSku;
    const moved = childSku !== before.childSku;
    if (input.title === before.childTitle && !moved) return { moved: false, changed: false };
    if (input.title.toLowerCase() !== before.childTitle.toLowerCase())
      await checkChildTitle(tx, before.categoryId, input.title, id);
    if (moved) await checkChildAddress(tx, childSku, id);
    await tx
      .update(childCategories)
      .set({ childTitle: input.title, childSku })
      .where(eq(childCategories.id, id));
    if (moved) await recordRedirects(tx, 'child_category', id, [before.childSku], childSku);
    if (input.title !== before.childTitle) await refreshSearchCategory(tx, { childId: id });
    await recordAudit(tx, {
      staffId,
      action: 'child_category.rename',
      entityType: 'child_category',
      entityId: String(id),
      before: { title: before.childTitle, ...(moved ? { child_sku: before.childSku } : {}) },
      after: { title: input.title, ...(moved ? { child_sku: childSku } : {}) },
    });
    return { moved, changed: true };
  });
}

/** Moves a child category one place up or down within its category. Throws 404 or 409 as moveCategory. */
export async function moveChildCategory(
  db: Database,
  id: number,
  direction: 'up' | 'down',
  staffId: number,
): Promise<string> {
  if (id > MAX_DB_ID) throw notFound('child_category');
  return taxonomyChange(db, async (tx) => {
    const [row] = await tx.select().from(childCategories).where(eq(childCategories.id, id));
    if (!row) throw notFound('child_category');
    const siblings = await tx
      .select({ id: childCategories.id })
      .from(childCategories)
      .where(eq(childCategories.categoryId, row.categoryId))
      .orderBy(asc(childCategories.position), asc(childCategories.id));
    const ids = siblings.map((s) => s.id);
    const ok = await reorder(ids, id, direction, (rowId, position) =>
      tx.update(childCategories).set({ position }).where(eq(childCategories.id, rowId)),
    );
    if (!ok) throw new HttpError(409, M.cannotMove(row.childTitle, direction));
    await recordAudit(tx, {
      staffId,
      action: 'child_category.move',
      entityType: 'child_category',
      entityId: String(id),
      before: { position: ids.indexOf(id) },
      after: { position: ids.indexOf(id) + (direction === 'up' ? -1 : 1) },
    });
    return row.childTitle;
  });
}

/** Retires (or restores) a child category; its address leads to its category. Throws 404. */
export async function setChildCategoryRetired(
  db: Database,
  id: number,
  retired: boolean,
  staffId: number,
): Promise<string> {
  if (id > MAX_DB_ID) throw notFound('child_category');
  return taxonomyChange(db, async (tx) => {
    const [before] = await tx.select().from(childCategories).where(eq(childCategories.id, id));
    if (!before) throw notFound('child_category');
    if ((before.retiredAt !== null) === retired) return before.childTitle;
    await tx
      .update(childCategories)
      .set({ retiredAt: retired ? new Date() : null })
      .where(eq(childCategories.id, id));
    await recordAudit(tx, {
      staffId,
      action: retired ? 'child_category.retire' : 'child_category.restore',
      entityType: 'child_category',
      entityId: String(id),
      before: { retired: !retired },
      after: { retired },
    });
    return before.childTitle;
  });
}

// --- brands ----------------------------------------------------------------------------------------------------

/** Adds a brand. Throws HttpError 409 naming `title` or `permalink` when either is taken. */
export async function createBrand(db: Database, input: AdminBrandInput, staffId: number): Promise<void> {
  const permalink = addressFrom(input.title, input.permalink);
  await taxonomyChange(db, async (tx) => {
    await checkBrandTitle(tx, input.title, null);
    await checkBrandAddress(tx, permalink, null);
    const [row] = await tx
      .insert(brands)
      .values({ title: input.title, permalink })
      .returning({ id: brands.id });
    if (!row) throw new Error('brand insert returned no row');
    await recordRedirects(tx, 'brand', row.id, [], permalink);
    await recordAudit(tx, {
      staffId,
      action: 'brand.create',
      entityType: 'brand',
      entityId: String(row.id),
      before: null,
      after: { title: input.title, permalink },
    });
  });
}

/** Renames a brand (title, and permalink when given and different; the old one redirects). */
export async function renameBrand(
  db: Database,
  id: number,
  input: AdminBrandInput,
  staffId: number,
): Promise<{ moved: boolean; changed: boolean }> {
  if (id > MAX_DB_ID) throw notFound('brand');
  return taxonomyChange(db, async (tx) => {
    const [before] = await tx.select().from(brands).where(eq(brands.id, id));
    if (!before) throw notFound('brand');
    const permalink = input.permalink ?? before.permalink;
    const moved = permalink !== before.permalink;
    if (input.title === before.title && !moved) return { moved: false, changed: false };
    if (input.title.toLowerCase() !== before.title.toLowerCase()) await checkBrandTitle(tx, input.title, id);
    if (moved) await checkBrandAddress(tx, permalink, id);
    await tx.update(brands).set({ title: input.title, permalink }).where(eq(brands.id, id));
    if (moved) await recordRedirects(tx, 'brand', id, [before.permalink], permalink);
    if (input.title !== before.title)
      await tx.update(products).set({ searchBrand: input.title }).where(eq(products.brandId, id));
    await recordAudit(tx, {
      staffId,
      action: 'brand.rename',
      entityType: 'brand',
      entityId: String(id),
      before: { title: before.title, ...(moved ? { permalink: before.permalink } : {}) },
      after: { title: input.title, ...(moved ? { permalink } : {}) },
    });
    return { moved, changed: true };
  });
}

/** Retires (or restores) a brand; its page leads to the brands page. Throws 404. */
export async function setBrandRetired(
  db: Database,
  id: number,
  retired: boolean,
  staffId: number,
): Promise<string> {
  if (id > MAX_DB_ID) throw notFound('brand');
  return taxonomyChange(db, async (tx) => {
    const [before] = await tx.select().from(brands).where(eq(brands.id, id));
    if (!before) throw notFound('brand');
    if ((before.retiredAt !== null) === retired) return before.title;
    await tx
      .update(brands)
      .set({ retiredAt: retired ? new Date() : null })
      .where(eq(brands.id, id));
    await recordAudit(tx, {
      staffId,
      action: retired ? 'brand.retire' : 'brand.restore',
      entityType: 'brand',
      entityId: String(id),
      before: { retired: !retired },
      after: { retired },
    });
    return before.title;
  });
}

/**
 * Sets a brand's logo or cover picture (a path under the media folder, with what the image pipeline measured of
 * it, decision 0082). Throws 404.
 */
export async function setBrandImage(
  db: Database,
  id: number,
  slot: BrandImageSlot,
  { path, image_info }: StoredTaxonomyImage,
  staffId: number,
): Promise<void> {
  if (id > MAX_DB_ID) throw notFound('brand');
  await taxonomyChange(db, async (tx) => {
    const [before] = await tx.select().from(brands).where(eq(brands.id, id));
    if (!before) throw notFound('brand');
    const column = slot === 'logo' ? 'logoImage' : 'coverImage';
    await tx
      .update(brands)
      .set(
        slot === 'logo'
          ? { logoImage: path, logoImageInfo: image_info }
          : { coverImage: path, coverImageInfo: image_info },
      )
      .where(eq(brands.id, id));
    await recordAudit(tx, {
      staffId,
      action: `brand.${slot}`,
      entityType: 'brand',
      entityId: String(id),
      before: { [`${slot}_image`]: before[column] },
      after: { [`${slot}_image`]: path },
    });
  });
}
