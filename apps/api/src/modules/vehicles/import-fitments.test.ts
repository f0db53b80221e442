/**
 * The fitment file's import (issue 15 §2): ranges expanded to the vehicles they cover, universal parts, bad files
 * refused whole with their rows named (unknown SKU, unknown make, years the wrong way round, a range that matches no
 * vehicle), and a second import of the same file changing nothing.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FITMENT_CSV_COLUMNS } from '@store/shared/fitment';
import { VEHICLE_CSV_COLUMNS } from '@store/shared/vehicle';
import { rowsOf, type DatabaseHandle } from '../../db/client';
import { fitments, products, vehicles } from '../../db/schema';
import { readCatalogVersion } from '../catalog/catalog-version';
import { CatalogFileError } from '../catalog-import/catalog-row';
import { runFitmentImport } from '../../cli/fitment-import';
import { seedCatalog } from '../../../tests/seed-catalog';
import { createTestDatabase } from '../../../tests/test-db';
import { importFitments } from './import-fitments';
import { importVehicles } from './import-vehicles';
import { RowsRefusedError } from './rows-refused-error';

const VEHICLES = [
  VEHICLE_CSV_COLUMNS.join(','),
  'Toyota,HiLux,KUN26R,,2005,3,2015,6,Ute,1KD-FTV,3.0,Diesel,126,4WD',
  'Toyota,HiLux,GUN126R,,2015,7,2020,7,Ute,1GD-FTV,2.8,Diesel,130,4WD',
  'Toyota,HiLux,GUN126R,,2020,8,,,Ute,1GD-FTV,2.8,Diesel,150,4WD',
  'Toyota,HiLux,TGN121R,,2015,7,,,Cab Chassis,2TR-FE,2.7,Petrol,122,2WD',
  'Ford,Ranger,PX2,,2015,6,2018,5,Ute,P5AT,3.2,Diesel,147,4WD',
].join('\n');

const HEADER = FITMENT_CSV_COLUMNS.join(',');
const file = (...rows: string[]) => [HEADER, ...rows].join('\n');

let handle: DatabaseHandle;
const ids = new Map<string, number>();
beforeAll(async () => {
  handle = await createTestDatabase();
  await seedCatalog(handle.db);
  await importVehicles(handle.db, VEHICLES);
  for (const v of await handle.db.select().from(vehicles)) ids.set(`${v.series}:${v.powerKw}`, v.id);
  for (const p of await handle.db.select({ id: products.id, sku: products.sku }).from(products))
    ids.set(p.sku, p.id);
});
afterAll(() => handle?.close());

/** The fitments of `sku` as `series:kW|position|notes|source`, sorted. */
async function fitsOf(sku: string): Promise<string[]> {
  const rows = await handle.db
    .select({
      series: vehicles.series,
      kw: vehicles.powerKw,
      position: fitments.position,
      notes: fitments.notes,
      source: fitments.source,
    })
    .from(fitments)
    .innerJoin(vehicles, eq(vehicles.id, fitments.vehicleId))
    .where(eq(fitments.productId, ids.get(sku) ?? 0))
    .orderBy(asc(vehicles.series), asc(vehicles.powerKw), asc(fitments.position));
  return rows.map((r) => `${r.series}:${r.kw}|${r.position}|${r.notes}|${r.source}`);
}

describe('importFitments', () => {
  const GOOD = file(
    // Every HiLux from 2016 with the 2.8 L diesel: both GUN126R outputs.
    'KL-H4-6055,Toyota,HiLux,,2016,,2.8L diesel,Front,with ABS,',
    // The same part in the rear, from a cross-reference.
    'kl-h4-6055,toyota,hilux,GUN126R,,2019,,Rear,,cross-reference',
    // By engine code, any year.
    'KL-H7-55,Toyota,HiLux,,,,2TR-FE,,,staff',
    'BL-LED-H4,Universal,,,,,,,,',
  );

  it('expands each range to the vehicles it covers, marks universal parts, and says what it did', async () => {
    const versionBefore = await readCatalogVersion(handle.db);
    const result = await importFitments(handle.db, GOOD);
    expect(result).toEqual({ created: 4, updated: 0, removed: 0, unchanged: 0, products: 3, universal: 1 });
    expect(await fitsOf('KL-H4-6055')).toEqual([
      'GUN126R:130|Front|with ABS|manufacturer',
      'GUN126R:130|Rear||cross_reference',
      'GUN126R:150|Front|with ABS|manufacturer',
    ]);
    expect(await fitsOf('KL-H7-55')).toEqual(['TGN121R:122|||staff']);
    const [led] = await handle.db.select().from(products).where(eq(products.sku, 'BL-LED-H4'));
    expect(led?.universalFit).toBe(true);
    expect(await fitsOf('BL-LED-H4')).toEqual([]);
    // Every instance's read model reloads.
    expect(await readCatalogVersion(handle.db)).toBe(versionBefore + 1);
  });

  it('leaves the planner statistics of what it wrote, and of the vehicles imported before (decision 0083)', async () => {
    // pg_class.reltuples is -1 until a table is first analysed; the planner then guesses its rows instead.
    const planned = async (table: string) => {
      const rows = rowsOf<{ reltuples: number; counted: number }>(
        await handle.db.execute(
          sql`SELECT c.reltuples::float8 AS reltuples, (SELECT count(*) FROM ${sql.identifier(table)})::int AS counted
            FROM pg_class c WHERE c.relname = ${table}`,
        ),
      );
      return rows[0];
    };
    for (const table of ['fitments', 'vehicles']) {
      const stats = await planned(table);
      expect(stats?.counted, table).toBeGreaterThan(0);
      expect(stats?.reltuples, table).toBe(stats?.counted);
    }
  });

  it('changes nothing when the same file comes again', async () => {
    const versionBefore = await readCatalogVersion(handle.db);
    expect(await importFitments(handle.db, GOOD)).toEqual({
      created: 0,
      updated: 0,
      removed: 0,
      unchanged: 4,
      products: 3,
      universal: 1,
    });
    expect(await readCatalogVersion(handle.db)).toBe(versionBefore);
  });

  it('takes the file as the whole list of each SKU it names: new notes updated, fitments left out removed', async () => {
    const result = await importFitments(
      handle.db,
      file(
        'KL-H4-6055,Toyota,HiLux,GUN126R,2020,,,Front,from 08/2020,',
        'BL-LED-H4,Toyota,HiLux,TGN121R,,,,,,',
      ),
    );
    // 2020 on: both GUN126R outputs (the 130 kW one was sold until 07/2020), in front; the rear one goes.
    expect(result).toEqual({ created: 1, updated: 2, removed: 1, unchanged: 0, products: 2, universal: 0 });
    expect(await fitsOf('KL-H4-6055')).toEqual([
      'GUN126R:130|Front|from 08/2020|manufacturer',
      'GUN126R:150|Front|from 08/2020|manufacturer',
    ]);
    // Not named by this file: kept.
    expect(await fitsOf('KL-H7-55')).toEqual(['TGN121R:122|||staff']);
    const [led] = await handle.db.select().from(products).where(eq(products.sku, 'BL-LED-H4'));
    expect(led?.universalFit).toBe(false);
  });

  it('refuses a bad file whole, naming each bad row by line and column', async () => {
    const before = await handle.db
      .select()
      .from(fitments)
      .orderBy(asc(fitments.productId), asc(fitments.vehicleId));
    const bad = file(
      'KL-H4-6055,Toyota,HiLux,,2016,,,Front,,', // line 2: good, but not imported with the rest
      'NO-SUCH-SKU,Toyota,HiLux,,2016,,,,,', // line 3
      'KL-H4-6055,Holden,Commodore,,2014,,,,,', // line 4: a make the vehicle list lacks
      'KL-H4-6055,Toyota,HiLux,,2019,2016,,,,', // line 5: years the wrong way round
      'KL-H4-6055,Toyota,HiLux,KUN26R,2017,2019,,,,', // line 6: KUN26R ended in 2015
      'KL-H4-6055,Toyota,Corolla,,,,,,,', // line 7: a model the vehicle list lacks
      'KL-H4-6055,Toyota,HiLux,,,,,,,OEM', // line 8: a source the store does not know
      'KL-H4-6055,Universal,HiLux,,,,,,,', // line 9: a universal row naming a model
    );
    const error = await importFitments(handle.db, bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RowsRefusedError);
    expect((error as RowsRefusedError).rejections).toEqual([
      { line: 3, column: 'SKU', reason: 'no product has SKU "NO-SUCH-SKU" (import the catalog first)' },
      { line: 4, column: 'Make', reason: 'no vehicle of the make "Holden" is in the vehicle list' },
      { line: 5, column: 'Year To', reason: 'Year To must not be before Year From' },
      {
        line: 6,
        column: 'Year From',
        reason: 'Toyota HiLux KUN26R 2017-2019 matches no vehicle in the vehicle list',
      },
      { line: 7, column: 'Model', reason: 'the vehicle list has no Toyota "Corolla"' },
      {
        line: 8,
        column: 'Source',
        reason: 'Source must be manufacturer, cross-reference or staff (empty: manufacturer)',
      },
      { line: 9, column: 'Model', reason: 'a Universal row names no Model' },
    ]);
    expect(
      await handle.db.select().from(fitments).orderBy(asc(fitments.productId), asc(fitments.vehicleId)),
    ).toEqual(before);
  });

  it('takes a fitment repeated with the same notes once, and refuses one repeated with other notes or source', async () => {
    const before = await fitsOf('KL-H7-55');
    const error = await importFitments(
      handle.db,
      file(
        'KL-H7-55,Toyota,HiLux,GUN126R,,,,Front,with ABS,', // line 2: both GUN126R
        'KL-H7-55,Toyota,HiLux,GUN126R,2021,,,Front,with ABS,', // line 3: the 150 kW one again, same notes
        'KL-H7-55,Toyota,HiLux,,2021,,2.8L diesel,Front,with tow pack,', // line 4: the same one, other notes
        'KL-H7-55,Toyota,HiLux,GUN126R,,2019,,Front,with ABS,staff', // line 5: the 130 kW one, other source
        'KL-H7-55,Toyota,HiLux,GUN126R,,,,Rear,with tow pack,', // line 6: another position, fine
      ),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RowsRefusedError);
    const conflict = (earlier: number, line: number) => ({
      line,
      column: 'Notes',
      reason: `line ${earlier} already fits this SKU to some of the same vehicles in the same position with other notes or source`,
    });
    // Line 3 repeated line 2's fitment of the 150 kW HiLux: a later row meets it as line 3's.
    expect((error as RowsRefusedError).rejections).toEqual([conflict(3, 4), conflict(2, 5)]);
    expect(await fitsOf('KL-H7-55')).toEqual(before);

    const repeated = await importFitments(
      handle.db,
      file(
        'KL-H7-55,Toyota,HiLux,GUN126R,,,,Front,with ABS,',
        'KL-H7-55,Toyota,HiLux,GUN126R,2020,,,Front,with ABS,',
        'KL-H7-55,Toyota,HiLux,,,,2TR-FE,,,staff',
      ),
    );
    expect(repeated).toEqual({ created: 2, updated: 0, removed: 0, unchanged: 1, products: 1, universal: 0 });
    expect(await fitsOf('KL-H7-55')).toEqual([
      'GUN126R:130|Front|with ABS|manufacturer',
      'GUN126R:150|Front|with ABS|manufacturer',
      'TGN121R:122|||staff',
    ]);
    // As it was, for the tests after this one.
    await importFitments(handle.db, file('KL-H7-55,Toyota,HiLux,,,,2TR-FE,,,staff'));
    expect(await fitsOf('KL-H7-55')).toEqual(before);
  });

  it('refuses a file without SKU, Make or Model, or with a column it does not read, saying which', async () => {
    const before = await handle.db.select().from(fitments);
    const noMake = await importFitments(handle.db, 'SKU,Model\nKL-H4-6055,HiLux').catch((e: unknown) => e);
    expect(noMake).toBeInstanceOf(CatalogFileError);
    expect((noMake as Error).message).toBe(
      'The fitment file has no "Make" column. Its header names SKU, Make, Model, and any of Series, Year From, Year To, Engine, Position, Notes, Source (a column left out is empty in every row).',
    );
    const misspelt = await importFitments(
      handle.db,
      'SKU,Make,Model,Yr From\nKL-H4-6055,Toyota,HiLux,2017',
    ).catch((e: unknown) => e);
    expect(misspelt).toBeInstanceOf(CatalogFileError);
    expect((misspelt as Error).message).toMatch(
      /^The fitment file has columns this store does not read: "Yr From"\. /,
    );
    expect(await handle.db.select().from(fitments)).toEqual(before);
  });

  it('reads a column left out as empty in every row', async () => {
    const result = await importFitments(handle.db, 'SKU,Make,Model,Position\nKL-H4-6055,Toyota,HiLux,Front');
    const rows = await handle.db
      .select({
        vehicleId: fitments.vehicleId,
        position: fitments.position,
        notes: fitments.notes,
        source: fitments.source,
      })
      .from(fitments)
      .where(eq(fitments.productId, ids.get('KL-H4-6055') as number));
    // Every HiLux of the list, in any year and with any engine, front, with no notes, from the manufacturer.
    const hiluxIds = (
      await handle.db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.model, 'HiLux'))
    ).map((v) => v.id);
    expect(hiluxIds.length).toBeGreaterThan(1);
    expect(rows.map((r) => r.vehicleId).sort()).toEqual(hiluxIds.sort());
    expect(new Set(rows.map((r) => `${r.position}|${r.notes}|${r.source}`))).toEqual(
      new Set(['Front||manufacturer']),
    );
    expect(result.products).toBe(1);
  });
});

describe('npm run fitment:import', () => {
  it('imports a file and says what it did; a bad file exits 1 listing its rows', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fitment-import-'));
    try {
      const io = (out: string[], err: string[]) => ({
        out: (t: string) => out.push(t),
        err: (t: string) => err.push(t),
        cwd: dir,
        openDb: async () => ({ db: handle.db, close: async () => undefined }),
      });
      await writeFile(path.join(dir, 'good.csv'), file('KL-H7-55,Ford,Ranger,PX2,,,3.2,,,'));
      const out: string[] = [];
      expect(await runFitmentImport(['good.csv'], io(out, []))).toBe(0);
      expect(out.join('\n')).toMatch(
        /^Imported good\.csv: 1 fitments created, 0 updated, 1 removed, 0 unchanged; 1 products \(0 universal\) \(\d+\.\ds\)$/,
      );
      await writeFile(path.join(dir, 'bad.csv'), file('KL-H7-55,Ford,Falcon,,,,,,,'));
      const err: string[] = [];
      expect(await runFitmentImport(['bad.csv'], io([], err))).toBe(1);
      expect(err).toEqual([
        'line 2, column "Model": the vehicle list has no Ford "Falcon"',
        'Nothing was imported because 1 row was refused: fix it and run again.',
      ]);
      // Two reasons on one line and one on another: two rows refused, three reasons listed.
      await writeFile(
        path.join(dir, 'worse.csv'),
        file('KL-H7-55,Ford,Ranger,PX2,2017.5,2016,3.2,,,', 'KL-H7-55,Ford,Falcon,,,,,,,'),
      );
      const worse: string[] = [];
      expect(await runFitmentImport(['worse.csv'], io([], worse))).toBe(1);
      expect(worse).toHaveLength(4);
      expect(worse.at(-1)).toBe('Nothing was imported because 2 rows were refused: fix them and run again.');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
