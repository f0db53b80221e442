/**
 * The demo store's vehicles and fitments (issue 15 §1-2): the demo fitment file imports whole against the demo
 * catalog and the demo vehicle list, with no row refused, and a second import changes nothing. It also holds the
 * facts the journeys pick their parts by: a 2017 HiLux 2.8 diesel has parts that fit it, and parts that do not.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNIVERSAL_MAKE } from '@store/shared/fitment';
import { productImageVariantPath, productImageVariantWidths } from '@store/shared/product-image';
import type { PictureInfo } from '@store/shared/product';
import type { DatabaseHandle } from '../db/client';
import { brands, categories, fitments, products, storeSettings, vehicles } from '../db/schema';
import { readCatalogVersion } from '../modules/catalog/catalog-version';
import { readCsvTable } from '../modules/catalog-import/read-csv-table';
import { RowsRefusedError } from '../modules/vehicles/rows-refused-error';
import { createTestDatabase } from '../../tests/test-db';
import { loadDemoCatalog } from './load-demo-catalog';
import { createLocalFileStore } from '../storage/local-file-store';
import { DEMO_FITMENTS_FILE, hasNoVehicles, loadDemoFitments, loadDemoVehicles } from './load-demo-vehicles';

let handle: DatabaseHandle;
let mediaDir: string;
beforeAll(async () => {
  handle = await createFreshStore();
}, 180_000);
afterAll(async () => {
  await handle?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

async function createFreshStore(): Promise<DatabaseHandle> {
  const h = await createTestDatabase();
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'demo-fitments-media-'));
  await loadDemoCatalog(h.db, createLocalFileStore({ root: mediaDir }));
  expect(await hasNoVehicles(h.db)).toBe(true);
  await loadDemoVehicles(h.db);
  return h;
}

/** The demo fitment file's rows, as records by column. */
function demoRows(): Record<string, string>[] {
  const table = readCsvTable(readFileSync(DEMO_FITMENTS_FILE, 'utf8'));
  return table.records.map((r) => Object.fromEntries(table.headers.map((h, i) => [h, r.values[i] ?? ''])));
}

/** What `sku` fits on the demo list's HiLux GUN126R sold in 2017: `position|notes`, sorted. */
async function fitsOn2017HiLux(sku: string): Promise<string[]> {
  const rows = await handle.db
    .select({ position: fitments.position, notes: fitments.notes })
    .from(fitments)
    .innerJoin(products, eq(products.id, fitments.productId))
    .innerJoin(vehicles, eq(vehicles.id, fitments.vehicleId))
    .where(
      and(
        eq(products.sku, sku),
        eq(vehicles.model, 'HiLux'),
        eq(vehicles.series, 'GUN126R'),
        lte(vehicles.yearFrom, 2017),
        or(isNull(vehicles.yearTo), gte(vehicles.yearTo, 2017)),
      ),
    );
  return [...new Set(rows.map((r) => `${r.position}|${r.notes}`))].sort();
}

describe('the demo fitments', () => {
  it('import whole against the demo catalog and vehicles, and a second import changes nothing', async () => {
    const rows = demoRows();
    const skus = new Set(rows.map((r) => r.SKU));
    const universal = new Set(rows.filter((r) => r.Make === UNIVERSAL_MAKE).map((r) => r.SKU));

    const first = await loadDemoFitments(handle.db).catch((e: unknown) => {
      // Name the refused rows, so a broken demo file says what to fix.
      if (e instanceof RowsRefusedError) expect(e.rejections).toEqual([]);
      throw e;
    });
    expect(first.products).toBe(skus.size);
    expect(first.universal).toBe(universal.size);
    expect(first.created).toBeGreaterThanOrEqual(rows.length - universal.size);
    expect(first.updated + first.removed + first.unchanged).toBe(0);

    const version = await readCatalogVersion(handle.db);
    expect(await loadDemoFitments(handle.db)).toEqual({
      created: 0,
      updated: 0,
      removed: 0,
      unchanged: first.created,
      products: first.products,
      universal: first.universal,
    });
    expect(await readCatalogVersion(handle.db)).toBe(version);
  });

  it('fit a 2017 HiLux 2.8 diesel with pads, rotors, filters, wipers and a battery, and not with Corolla pads', async () => {
    // The journeys' parts (data/demo-vehicles/README.md).
    expect(await fitsOn2017HiLux('BR-BP1810-SM')).toEqual(['Front|4WD with 4-piston front calipers']);
    expect(await fitsOn2017HiLux('MU-MO1120')).toEqual(['|']);
    expect(await fitsOn2017HiLux('BR-RT319-HLX')).toEqual(['Front|']);
    expect(await fitsOn2017HiLux('BR-BP1999-CR')).toEqual([]);
    for (const sku of ['MU-MA1640', 'MU-MF1201', 'WT-WB-22', 'WT-WB-16', 'VC-N70ZZ-DUAL'])
      expect(await fitsOn2017HiLux(sku), sku).not.toEqual([]);
    const [oil] = await handle.db
      .select({ universal: products.universalFit })
      .from(products)
      .where(eq(products.sku, 'LB-5W30-5L'));
    expect(oil?.universal).toBe(true);
  });
});

describe('the demo home pictures', () => {
  it("have their WebP copies made and described, as an owner's upload has (decision 0081)", async () => {
    const [settings] = await handle.db.select().from(storeSettings);
    const b = settings?.banners ?? {};
    const pictures = [
      ...(settings?.heroSlides ?? []),
      ...(b.side ?? []),
      ...[b.batteries, b.headlights, b.wheel_nuts].filter((x) => x !== undefined),
    ];
    expect(pictures.length).toBeGreaterThanOrEqual(8);
    for (const picture of pictures) {
      const info = picture.image_info;
      expect(info, picture.image).toBeDefined();
      if (!info?.width) throw new Error(`${picture.image} has no width`);
      expect(info.widths).toEqual(productImageVariantWidths(info.width));
      expect(info.widths.length).toBeGreaterThan(0);
      for (const w of info.widths) {
        expect(
          existsSync(path.join(mediaDir, productImageVariantPath(picture.image, w))),
          `${picture.image} ${w}w`,
        ).toBe(true);
      }
    }
  });
});

describe('the demo category and brand pictures', () => {
  it('have their WebP copies made and described, as an owner upload has (decision 0082)', async () => {
    const pictures = [
      ...(await handle.db.select().from(categories)).map((c) => ({
        image: c.thumbnailImage,
        info: c.thumbnailImageInfo,
      })),
      ...(await handle.db.select().from(brands)).flatMap((b) => [
        { image: b.logoImage, info: b.logoImageInfo },
        { image: b.coverImage, info: b.coverImageInfo },
      ]),
    ].filter((p): p is { image: string; info: PictureInfo | null } => p.image !== null);
    expect(pictures.length).toBeGreaterThanOrEqual(30);
    for (const { image, info } of pictures) {
      if (!info?.width) throw new Error(`${image} has no width`);
      expect(info.widths, image).toEqual(productImageVariantWidths(info.width));
      expect(info.widths.length, image).toBeGreaterThan(0);
      for (const w of info.widths) {
        expect(existsSync(path.join(mediaDir, productImageVariantPath(image, w))), `${image} ${w}w`).toBe(
          true,
        );
      }
    }
  });
});
