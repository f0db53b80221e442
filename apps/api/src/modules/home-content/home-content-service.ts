/**
 * The home page's merchandising (issue 36 §2, decision 0051): the owner's hero slides, side banners and offer
 * banners (`home_content_items`) and the featured products' order (`home_featured_products`), written by the back
 * office and read by the storefront.
 *
 * What the home page shows at an instant is `liveHomeContent`: per kind, the owner's items inside their window in
 * position order (at most `HOME_CONTENT_LIMITS[kind].shown`), or, when the owner has made none of that kind, the
 * demo content of the store settings. With it comes `until`, the next start or end time: what is shown is right
 * until then, and every cache of it (the settings reader, the store config's Cache-Control, rendered pages' stamps)
 * ends there.
 *
 * Every write is one transaction with its audit row; creating and reordering take the table's advisory lock so
 * that two saves at once can neither pass the limit of a kind nor interleave positions (decision 0041).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  HOME_CONTENT_KINDS,
  HOME_CONTENT_LIMITS,
  HOME_CONTENT_MESSAGES as M,
  HOME_IMAGE_FOLDER,
  isLiveAt,
  nextWindowChange,
  type FeaturedProductItem,
  type HomeContentInput,
  type HomeContentItem,
  type HomeContentKind,
  type HomeContentList,
} from '@store/shared/home-content';
import type { Banner, HeroSlide, HomeImageInfo } from '@store/shared/store-settings';
import type { Database } from '../../db/client';
import { homeContentItems, homeFeaturedProducts, productImages, products } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { FileKeyError, type FileStore } from '../../storage/file-store';
import { recordAudit } from '../admin/record-audit';
import { createImagePreparer, pictureInfoOf } from '../catalog-import/prepare-product-images';
import type { StoreSettingsRow } from '../content/content-service';

export type HomeContentRow = typeof homeContentItems.$inferSelect;

/** Everything the storefront needs of the owner's home content: every item (any window) and the featured order. */
export interface HomeContentRows {
  items: HomeContentRow[];
  /** Product ids in the owner's order. */
  featuredOrder: number[];
}

/** What the home page shows at one instant, and until when. */
export interface LiveHomeContent {
  hero_slides: HeroSlide[];
  side_banners: Banner[];
  offer_banners: Banner[];
  /** The next start or end time after the instant, or null: the above holds until then. */
  until: Date | null;
}

/** Serialises writes that count or renumber a kind's rows (a transaction-scoped advisory lock). */
const LOCK_KEY = 360_002;

async function lockTable(tx: Database): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
}

/** Every item (position order within each kind) and the featured order. */
export async function loadHomeContent(db: Database): Promise<HomeContentRows> {
  const [items, featured] = await Promise.all([
    db
      .select()
      .from(homeContentItems)
      .orderBy(asc(homeContentItems.kind), asc(homeContentItems.position), asc(homeContentItems.id)),
    db.select().from(homeFeaturedProducts).orderBy(asc(homeFeaturedProducts.position)),
  ]);
  return { items, featuredOrder: featured.map((f) => f.productId) };
}

function imageInfoOf(row: HomeContentRow): HomeImageInfo | undefined {
  if (row.imageWidth === null && row.imageWidths.length === 0) return undefined;
  return { width: row.imageWidth, height: row.imageHeight, widths: row.imageWidths };
}

function asSlide(row: HomeContentRow): HeroSlide {
  const info = imageInfoOf(row);
  return {
    image: row.image,
    title: row.heading,
    subtitle: row.text,
    cta: row.cta || 'Shop now',
    link: row.link,
    ...(info ? { image_info: info } : {}),
  };
}

function asBanner(row: HomeContentRow): Banner {
  const info = imageInfoOf(row);
  return {
    image: row.image,
    title: row.heading,
    subtitle: row.text,
    link: row.link,
    ...(row.cta ? { cta: row.cta } : {}),
    ...(info ? { image_info: info } : {}),
  };
}

/** The demo content of each kind, from the store settings (`store.json`'s `hero_slides` and `banners`). */
function demoContent(settings: Pick<StoreSettingsRow, 'heroSlides' | 'banners'>) {
  const b = settings.banners;
  return {
    hero_slide: settings.heroSlides,
    side_banner: b.side ?? [],
    offer_banner: [b.batteries, b.headlights, b.wheel_nuts].filter((x): x is Banner => x !== undefined),
  };
}

/** What the home page shows at `now` (see the module comment). */
export function liveHomeContent(
  settings: Pick<StoreSettingsRow, 'heroSlides' | 'banners'>,
  items: readonly HomeContentRow[],
  now: Date,
): LiveHomeContent {
  const demo = demoContent(settings);
  const pick = (kind: HomeContentKind) => {
    const own = items.filter((i) => i.kind === kind);
    if (own.length === 0) return null;
    return own
      .filter((i) => isLiveAt(i, now))
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .slice(0, HOME_CONTENT_LIMITS[kind].shown);
  };
  const hero = pick('hero_slide');
  const side = pick('side_banner');
  const offer = pick('offer_banner');
  return {
    hero_slides: hero ? hero.map(asSlide) : demo.hero_slide,
    side_banners: side ? side.map(asBanner) : demo.side_banner,
    offer_banners: offer ? offer.map(asBanner) : demo.offer_banner,
    until: nextWindowChange(items, now),
  };
}

/** One item as the back office shows it. */
export function presentHomeItem(row: HomeContentRow, now: Date): HomeContentItem {
  return {
    id: row.id,
    kind: row.kind,
    position: row.position,
    image: row.image,
    image_info: { width: row.imageWidth, height: row.imageHeight, widths: row.imageWidths },
    heading: row.heading,
    text: row.text,
    cta: row.cta,
    link: row.link,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    live: isLiveAt(row, now),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The featured products in the home carousel's order: the owner's order first, then the rest newest first. */
export async function listFeaturedProducts(db: Database): Promise<FeaturedProductItem[]> {
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      title: products.title,
      featuredImage: sql<
        string | null
      >`(SELECT ${productImages.path} FROM ${productImages} WHERE ${productImages.productId} = ${products.id} ORDER BY ${productImages.isFeatured} DESC, ${productImages.position} LIMIT 1)`,
      position: homeFeaturedProducts.position,
    })
    .from(products)
    .leftJoin(homeFeaturedProducts, eq(homeFeaturedProducts.productId, products.id))
    .where(eq(products.isFeatured, true))
    .orderBy(
      sql`${homeFeaturedProducts.position} ASC NULLS LAST`,
      desc(products.createdAt),
      desc(products.id),
    );
  return rows.map((r) => ({ id: r.id, sku: r.sku, title: r.title, featured_image: r.featuredImage }));
}

/** `GET /api/admin/home-content`'s answer at `now`. */
export async function listHomeContent(
  db: Database,
  settings: Pick<StoreSettingsRow, 'heroSlides' | 'banners'>,
  now: Date,
): Promise<HomeContentList> {
  const [{ items }, featured] = await Promise.all([loadHomeContent(db), listFeaturedProducts(db)]);
  const demo = demoContent(settings);
  const fallback = Object.fromEntries(
    HOME_CONTENT_KINDS.map((k) => [k, items.some((i) => i.kind === k) ? 0 : demo[k].length]),
  ) as HomeContentList['fallback'];
  return { data: items.map((i) => presentHomeItem(i, now)), featured, fallback };
}

/**
 * Measures the picture at `image` (a key of the media store) and makes its WebP copies, as imports do.
 * Throws HttpError 400 on `image` when there is no such file.
 */
async function measureImage(media: FileStore, image: string): Promise<HomeImageInfo> {
  const found = await media.stat(image).catch((error: unknown) => {
    if (error instanceof FileKeyError) return null;
    throw error;
  });
  if (!found)
    throw new HttpError(400, M.imageMissing(image), [{ field: 'image', message: M.imageMissing(image) }]);
  return pictureInfoOf(await createImagePreparer({ media, concurrency: 1 }).prepare(image));
}

/** The audited fields of an item. */
function snapshot(row: HomeContentRow) {
  return {
    kind: row.kind,
    position: row.position,
    image: row.image,
    heading: row.heading,
    text: row.text,
    cta: row.cta,
    link: row.link,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
  };
}

function valuesOf(input: HomeContentInput, info: HomeImageInfo) {
  return {
    image: input.image,
    imageWidth: info.width,
    imageHeight: info.height,
    imageWidths: info.widths,
    heading: input.heading,
    text: input.text,
    cta: input.cta,
    link: input.link,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
  };
}

/** Adds an item at the end of its kind. Throws HttpError 400 (missing picture), 409 (the kind is full). */
export async function createHomeItem(
  db: Database,
  media: FileStore,
  input: HomeContentInput,
  staffId: number,
): Promise<HomeContentRow> {
  const info = await measureImage(media, input.image);
  return db.transaction(async (tx) => {
    await lockTable(tx);
    const [count] = await tx
      .select({
        n: sql<number>`count(*)::int`,
        last: sql<number>`coalesce(max(${homeContentItems.position}), 0)::int`,
      })
      .from(homeContentItems)
      .where(eq(homeContentItems.kind, input.kind));
    if ((count?.n ?? 0) >= HOME_CONTENT_LIMITS[input.kind].kept)
      throw new HttpError(409, M.tooMany(input.kind));
    const [row] = await tx
      .insert(homeContentItems)
      .values({
        kind: input.kind,
        position: (count?.last ?? 0) + 1,
        createdBy: staffId,
        ...valuesOf(input, info),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await recordAudit(tx, {
      staffId,
      action: 'home_content.create',
      entityType: 'home_content',
      entityId: String(row.id),
      before: null,
      after: snapshot(row),
    });
    return row;
  });
}

/**
 * Saves every field of item `id` (its kind stays). Null when there is no such item; HttpError 400 for a kind
 * other than the item's or a missing picture.
 */
export async function updateHomeItem(
  db: Database,
  media: FileStore,
  id: number,
  input: HomeContentInput,
  staffId: number,
): Promise<HomeContentRow | null> {
  const info = await measureImage(media, input.image);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(homeContentItems)
      .where(eq(homeContentItems.id, id))
      .for('update');
    if (!before) return null;
    if (before.kind !== input.kind) {
      const message = `This item is a ${before.kind.replace('_', ' ')}: its kind cannot change. Add a new item instead.`;
      throw new HttpError(400, message, [{ field: 'kind', message }]);
    }
    const [after] = await tx
      .update(homeContentItems)
      .set({ ...valuesOf(input, info), updatedAt: sql`now()` })
      .where(eq(homeContentItems.id, id))
      .returning();
    if (!after) return null;
    const b = snapshot(before);
    const a = snapshot(after);
    const keys = (Object.keys(a) as (keyof typeof a)[]).filter((k) => a[k] !== b[k]);
    if (keys.length > 0) {
      await recordAudit(tx, {
        staffId,
        action: 'home_content.update',
        entityType: 'home_content',
        entityId: String(id),
        before: Object.fromEntries(keys.map((k) => [k, b[k]])),
        after: Object.fromEntries(keys.map((k) => [k, a[k]])),
      });
    }
    return after;
  });
}

/** Deletes item `id` (its picture stays in the media folder: another item may use it). Null when not there. */
export async function deleteHomeItem(
  db: Database,
  id: number,
  staffId: number,
): Promise<HomeContentRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(homeContentItems).where(eq(homeContentItems.id, id)).returning();
    if (!row) return null;
    await recordAudit(tx, {
      staffId,
      action: 'home_content.delete',
      entityType: 'home_content',
      entityId: String(id),
      before: snapshot(row),
      after: null,
    });
    return row;
  });
}

/** Puts `kind`'s items in the order of `ids` (every id of the kind once). HttpError 400 otherwise. */
export async function reorderHomeItems(
  db: Database,
  kind: HomeContentKind,
  ids: readonly number[],
  staffId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTable(tx);
    const rows = await tx
      .select({ id: homeContentItems.id, position: homeContentItems.position })
      .from(homeContentItems)
      .where(eq(homeContentItems.kind, kind))
      .orderBy(asc(homeContentItems.position), asc(homeContentItems.id));
    const have = new Set(rows.map((r) => r.id));
    if (ids.length !== rows.length || new Set(ids).size !== ids.length || ids.some((id) => !have.has(id))) {
      throw new HttpError(400, M.order, [{ field: 'ids', message: M.order }]);
    }
    for (const [index, id] of ids.entries()) {
      await tx
        .update(homeContentItems)
        .set({ position: index + 1, updatedAt: sql`now()` })
        .where(and(eq(homeContentItems.id, id), eq(homeContentItems.kind, kind)));
    }
    await recordAudit(tx, {
      staffId,
      action: 'home_content.reorder',
      entityType: 'home_content',
      entityId: kind,
      before: { ids: rows.map((r) => r.id) },
      after: { ids: [...ids] },
    });
  });
}

/**
 * Makes the products of `skus` (any case) the featured products, in that order: featured on, with their
 * positions; every other product featured off. Resolves to whether anything changed (the caller then refreshes
 * the catalog). HttpError 400 naming SKUs that are no product.
 */
export async function saveFeaturedProducts(
  db: Database,
  skus: readonly string[],
  staffId: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockTable(tx);
    const lower = skus.map((s) => s.toLowerCase());
    const found = lower.length
      ? await tx
          .select({ id: products.id, sku: products.sku })
          .from(products)
          .where(inArray(sql`lower(${products.sku})`, lower))
      : [];
    const idBySku = new Map(found.map((p) => [p.sku.toLowerCase(), p.id]));
    const unknown = skus.filter((s) => !idBySku.has(s.toLowerCase()));
    if (unknown.length > 0) {
      const message = M.featuredUnknown(unknown);
      throw new HttpError(400, message, [{ field: 'skus', message }]);
    }
    const productIds = lower.map((s) => idBySku.get(s) ?? 0);
    const before = await listFeaturedProducts(tx);
    const beforeIds = before.map((p) => p.id);
    const wanted = new Set(productIds);
    const turnOff = beforeIds.filter((id) => !wanted.has(id));
    const turnOn = productIds.filter((id) => !beforeIds.includes(id));
    // updated_at moves so the catalog read model sees the flag change (decision 0019).
    if (turnOff.length) {
      await tx
        .update(products)
        .set({ isFeatured: false, updatedAt: sql`now()` })
        .where(inArray(products.id, turnOff));
    }
    if (turnOn.length) {
      await tx
        .update(products)
        .set({ isFeatured: true, updatedAt: sql`now()` })
        .where(inArray(products.id, turnOn));
    }
    await tx.delete(homeFeaturedProducts);
    if (productIds.length) {
      await tx
        .insert(homeFeaturedProducts)
        .values(productIds.map((productId, i) => ({ productId, position: i + 1 })));
    }
    const changed = JSON.stringify(beforeIds) !== JSON.stringify(productIds);
    if (changed) {
      await recordAudit(tx, {
        staffId,
        action: 'home_content.featured',
        entityType: 'home_content',
        entityId: 'featured',
        before: { product_ids: beforeIds },
        after: { product_ids: [...productIds] },
      });
    }
    return changed;
  });
}

/**
 * Stores an uploaded picture (already checked to be JPEG, PNG or WebP by its bytes) as
 * `home/uploads/<random>.<ext>` in the media store, with its WebP copies; answers the stored path and
 * measurements. A picture sharp cannot read is removed again and refused (HttpError 415).
 */
export async function storeHomeImage(
  media: FileStore,
  bytes: Buffer,
  ext: 'jpg' | 'png' | 'webp',
): Promise<{ path: string; image_info: HomeImageInfo }> {
  const stored = `${HOME_IMAGE_FOLDER}/${randomUUID()}.${ext}`;
  // The store writes it whole: a half-written file never has the real name.
  await media.put(stored, bytes);
  const imageInfo = pictureInfoOf(await createImagePreparer({ media, concurrency: 1 }).prepare(stored));
  if (imageInfo.width === null) {
    await media.delete(stored);
    throw new HttpError(415, M.notImage);
  }
  return { path: stored, image_info: imageInfo };
}
