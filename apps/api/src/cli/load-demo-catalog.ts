/**
 * Loads the demo catalog of `data/demo-catalog/` (issue: demo catalog on first start): products through
 * the same importer store owners use, then the home content, brand logos and category thumbnails of
 * `store.json`. Throws when the demo files are broken, since a store without its catalog is no use.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  storeSettingsInputSchema,
  type Banner,
  type BannerSet,
  type HomeImageInfo,
  type StoreSettingsInput,
} from '@store/shared/store-settings';
import type { Database } from '../db/client';
import { brands, categories, locations } from '../db/schema';
import { REPO_ROOT } from '../env';
import { bumpCatalogVersion } from '../modules/catalog/catalog-version';
import { importCatalog, type ImportReport } from '../modules/catalog-import/import-catalog';
import { createImagePreparer, pictureInfoOf } from '../modules/catalog-import/prepare-product-images';
import { saveStoreSettings } from '../modules/content/content-service';
import type { FileStore } from '../storage/file-store';
import type { PictureInfo } from '@store/shared/product';
import { createLocalFileStore } from '../storage/local-file-store';

export const DEMO_CATALOG_DIR = path.join(REPO_ROOT, 'data/demo-catalog');

const demoStoreSchema = z.object({
  settings: storeSettingsInputSchema,
  /** Issue 41: the demo's locations' street and phone (migration 0039 makes the Guildford warehouse without them). */
  locations: z
    .array(z.object({ code: z.string(), street_address: z.string(), phone: z.string() }))
    .default([]),
  brands: z.array(
    z.object({
      title: z.string(),
      permalink: z.string(),
      logo_image: z.string().nullable().optional(),
      cover_image: z.string().nullable().optional(),
    }),
  ),
  categories: z.array(z.object({ sku: z.string(), thumbnail_image: z.string() })),
});

/**
 * Imports `dir`'s products.csv (images from its images/ folder) into `db`, then copies the brand and home pictures
 * into the media store (`brands/...`, `home/...`) and saves store.json's settings, brand logos and category pictures, bumping the catalog
 * version in that transaction. Returns the import's report. Throws when a product row is rejected or store.json
 * does not match its schema.
 */
export async function loadDemoCatalog(
  db: Database,
  media: FileStore,
  dir: string = DEMO_CATALOG_DIR,
): Promise<ImportReport> {
  const csv = await readFile(path.join(dir, 'products.csv'), 'utf8');
  const report = await importCatalog({
    db,
    csv,
    imagesDir: path.join(dir, 'images'),
    media,
  });
  if (report.rejected > 0) {
    const lines = report.rejections.map((r) => `line ${r.line}, column "${r.column}": ${r.reason}`);
    throw new Error(`The demo catalog has bad rows:\n${lines.join('\n')}`);
  }

  for (const sub of ['brands', 'home']) {
    const source = createLocalFileStore({ root: path.join(dir, sub) });
    for await (const file of source.list('')) {
      const bytes = await source.get(file.key);
      if (bytes) await media.put(`${sub}/${file.key}`, bytes);
    }
  }
  const store = demoStoreSchema.parse(JSON.parse(await readFile(path.join(dir, 'store.json'), 'utf8')));
  const settings = await withHomeImageCopies(store.settings, media);
  const infoOf = await taxonomyPictureInfo(store, media);
  await db.transaction(async (tx) => {
    await saveStoreSettings(tx as unknown as Database, settings);
    for (const l of store.locations) {
      await tx
        .update(locations)
        .set({ streetAddress: l.street_address, phone: l.phone })
        .where(eq(locations.code, l.code));
    }
    for (const b of store.brands) {
      await tx
        .update(brands)
        .set({
          logoImage: b.logo_image ?? null,
          logoImageInfo: infoOf(b.logo_image),
          coverImage: b.cover_image ?? null,
          coverImageInfo: infoOf(b.cover_image),
        })
        .where(eq(brands.permalink, b.permalink));
    }
    for (const c of store.categories) {
      await tx
        .update(categories)
        .set({ thumbnailImage: c.thumbnail_image, thumbnailImageInfo: infoOf(c.thumbnail_image) })
        .where(eq(categories.sku, c.sku));
    }
    // Brand logos and category pictures are catalog the read model does not re-read row by row (decision 0019).
    await bumpCatalogVersion(tx);
  });
  return report;
}

/**
 * The demo's brand logos and covers and category thumbnails measured, with their WebP copies made, as an owner's
 * upload gets them (decision 0082). Answers a lookup from a picture's path to what the storefront is told of it
 * (null for no picture).
 */
async function taxonomyPictureInfo(
  store: z.infer<typeof demoStoreSchema>,
  media: FileStore,
): Promise<(path: string | null | undefined) => PictureInfo | null> {
  const preparer = createImagePreparer({ media });
  const paths = [
    ...store.brands.flatMap((b) => [b.logo_image, b.cover_image]),
    ...store.categories.map((c) => c.thumbnail_image),
  ].filter((p): p is string => Boolean(p));
  const info = new Map(
    await Promise.all(paths.map(async (p) => [p, pictureInfoOf(await preparer.prepare(p))] as const)),
  );
  return (path) => (path ? (info.get(path) ?? null) : null);
}

/**
 * The demo's hero slides and banners with their pictures' WebP copies made and described (`image_info`), as an
 * owner's upload gets them (`storeHomeImage`): the storefront then offers a phone the 640 or 960 px copy of a
 * 1,600 px hero instead of the whole picture (decision 0081). A picture the pipeline cannot read keeps no
 * `image_info` and is shown as it is.
 */
async function withHomeImageCopies(
  settings: StoreSettingsInput,
  media: FileStore,
): Promise<StoreSettingsInput> {
  const preparer = createImagePreparer({ media });
  const described = async <T extends { image: string; image_info?: HomeImageInfo }>(item: T): Promise<T> => {
    if (item.image_info) return item;
    const imageInfo = pictureInfoOf(await preparer.prepare(item.image));
    return imageInfo.width === null || imageInfo.widths.length === 0
      ? item
      : { ...item, image_info: imageInfo };
  };
  const b = settings.banners;
  const one = async (banner: Banner | undefined) => (banner ? described(banner) : undefined);
  const banners: BannerSet = {
    side: b.side ? await Promise.all(b.side.map(described)) : undefined,
    batteries: await one(b.batteries),
    headlights: await one(b.headlights),
    wheel_nuts: await one(b.wheel_nuts),
  };
  return { ...settings, hero_slides: await Promise.all(settings.hero_slides.map(described)), banners };
}
