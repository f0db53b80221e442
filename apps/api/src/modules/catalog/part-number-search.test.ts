/**
 * Part numbers (issue 15 §3, decision 0031): read from the WooCommerce and Shopify catalog files, answered as
 * `part_numbers`, and found by search however they are typed, first like an exact SKU.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema, type Product } from '@store/shared/product';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { importCatalog } from '../catalog-import/import-catalog';
import { parseCatalogCsv } from '../catalog-import/parse-catalog-csv';
import { createLocalFileStore } from '../../storage/local-file-store';

const WOO_HEADER = 'Type,SKU,Name,Published,Regular price,Categories,Brands,Tags,Meta: _part_numbers';
const WOO = [
  WOO_HEADER,
  'simple,PAD-HILUX-F,Stopwell Ceramic Brake Pads Front,1,89.95,Brakes > Brake Pads,Stopwell,brake pads,"DB1170, 04465-0K240, GCT 1170"',
  'simple,PAD-RANGER-F,Stopwell Ceramic Brake Pads Front Ranger,1,94.95,Brakes > Brake Pads,Stopwell,brake pads,"DB2242, AB31-2K021-BA"',
  // Another brand's pad sold under the same cross-reference number.
  'simple,HD-1170,Ironside Heavy Duty Brake Pads,1,119.95,Brakes > Brake Pads,Ironside,brake pads,DB1170HD; DB-1170',
  // Its title mentions the number too, so the words find it as well as the part number.
  'simple,KIT-1170,Brake Pad Fitting Kit for DB1170 pads,1,19.95,Brakes > Brake Pads,Stopwell,,',
  'simple,OIL-5W30,Lubrix 5W-30 Engine Oil 5L,1,49.95,Oils & Fluids > Engine Oil,Lubrix,engine oil,',
].join('\n');

let t: TestApp;
let mediaDir: string;
/** The media folder as the importer's store. */
const mediaStore = () => createLocalFileStore({ root: mediaDir });
beforeAll(async () => {
  t = await createTestApp();
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'part-numbers-media-'));
  const report = await importCatalog({ db: t.database.db, csv: WOO, media: mediaStore() });
  expect(report.rejections).toEqual([]);
});
afterAll(async () => {
  await t?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

async function search(text: string): Promise<Product[]> {
  const res = await t.app.inject({ url: `/api/search-product?search=${encodeURIComponent(text)}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Product[] }).data;
}

describe('part numbers in product answers', () => {
  it('answers them as a list, as the file wrote them; [] for a product without', async () => {
    const pad = productSchema.parse(
      (await t.app.inject({ url: '/api/products/PAD-HILUX-F' })).json<{ data: unknown }>().data,
    );
    expect(pad.part_numbers).toEqual(['DB1170', '04465-0K240', 'GCT 1170']);
    const oil = (await t.app.inject({ url: '/api/products/OIL-5W30' })).json<{ data: Product }>().data;
    expect(oil.part_numbers).toEqual([]);
  });

  it('re-importing the same file changes nothing; changing a part number rewrites only that product', async () => {
    const again = await importCatalog({ db: t.database.db, csv: WOO, media: mediaStore() });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 5 });
    const edited = WOO.replace('"DB2242, AB31-2K021-BA"', '"DB2242, AB31-2K021-BB"');
    const changed = await importCatalog({ db: t.database.db, csv: edited, media: mediaStore() });
    expect(changed).toMatchObject({ created: 0, updated: 1, unchanged: 4 });
    expect((await search('AB312K021BB')).map((p) => p.sku)).toEqual(['PAD-RANGER-F']);
    expect(await search('AB31-2K021-BA')).toEqual([]);
  });
});

describe('search by part number', () => {
  it.each(['DB1170', 'db 1170', 'DB-1170', ' db1170 ', 'Db.1170'])(
    'finds %j first among the parts carrying it, then what the words find',
    async (query) => {
      const skus = (await search(query)).map((p) => p.sku);
      // Both pads carry DB1170 (newest first); the kit only mentions it in its title, so it comes after.
      expect(skus.slice(0, 2).sort()).toEqual(['HD-1170', 'PAD-HILUX-F']);
      expect(new Set(skus).size).toBe(skus.length);
      if (skus.includes('KIT-1170')) expect(skus.indexOf('KIT-1170')).toBeGreaterThan(1);
    },
  );

  it('finds an OE number with or without its dashes, and a number written with a space', async () => {
    for (const q of ['04465-0K240', '044650K240', '04465 0k240'])
      expect((await search(q)).map((p) => p.sku)).toEqual(['PAD-HILUX-F']);
    expect((await search('GCT1170')).map((p) => p.sku)).toEqual(['PAD-HILUX-F']);
  });

  it('puts an exact SKU before other products sharing its key', async () => {
    const skus = (await search('HD-1170')).map((p) => p.sku);
    expect(skus[0]).toBe('HD-1170');
  });

  it('does not spell-correct a part number into other products', async () => {
    expect(await search('DB9999')).toEqual([]);
  });
});

describe('part number cells', () => {
  it('reads a Shopify list metafield (a JSON list) and drops the same number written twice', () => {
    const csv = [
      'Handle,Title,Variant SKU,Variant Price,Status,Part numbers (product.metafields.custom.part_numbers)',
      'pads,Front Pads,PADS-1,89.95,active,"[""DB1170"",""db-1170"",""04465-0K240""]"',
      'plugs,Spark Plugs,PLUG-1,12.95,active,"BKR6E, 6962"',
    ].join('\n');
    const result = parseCatalogCsv(csv);
    expect(result.rejections).toEqual([]);
    expect(result.rows.map((r) => [r.sku, r.partNumbers])).toEqual([
      ['PADS-1', ['DB1170', '04465-0K240']],
      ['PLUG-1', ['BKR6E', '6962']],
    ]);
  });

  it('refuses a cell that is not a list, or a number with no letter or digit, naming line and column', () => {
    const csv = [
      WOO_HEADER,
      'simple,A-1,One,1,10,Brakes,Stopwell,,"[""DB1170"""',
      'simple,A-2,Two,1,10,Brakes,Stopwell,,"DB1170, --"',
      `simple,A-3,Three,1,10,Brakes,Stopwell,,${'X'.repeat(41)}`,
      'simple,A-4,Four,1,10,Brakes,Stopwell,,DB1170',
    ].join('\n');
    const result = parseCatalogCsv(csv);
    expect(result.rows.map((r) => r.sku)).toEqual(['A-4']);
    expect(result.rejections.map((r) => [r.line, r.column])).toEqual([
      [2, 'Meta: _part_numbers'],
      [3, 'Meta: _part_numbers'],
      [4, 'Meta: _part_numbers'],
    ]);
    expect(result.rejections[0]?.reason).toMatch(/separated by commas/);
    expect(result.rejections[1]?.reason).toMatch(/no letter or digit/);
    expect(result.rejections[2]?.reason).toMatch(/longer than 40/);
  });
});
