/**
 * The vehicle list's import (issue 15 §1): good and bad files, all or nothing, and a second import of the same file
 * changing nothing; through the CLI as `npm run vehicles:import` runs it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VEHICLE_CSV_COLUMNS } from '@store/shared/vehicle';
import type { DatabaseHandle } from '../../db/client';
import { vehicles } from '../../db/schema';
import { createTestDatabase } from '../../../tests/test-db';
import { runVehiclesImport } from '../../cli/vehicles-import';
import { DEMO_VEHICLES_FILE, hasNoVehicles, loadDemoVehicles } from '../../cli/load-demo-vehicles';
import { CatalogFileError } from '../catalog-import/catalog-row';
import { importVehicles } from './import-vehicles';
import { RowsRefusedError } from './rows-refused-error';

const HEADER = VEHICLE_CSV_COLUMNS.join(',');
const HILUX_SR5 = 'Toyota,HiLux,GUN126R,SR5,2015,7,,,Ute,1GD-FTV,2.8,Diesel,130,4WD';
const HILUX_WORKMATE = 'Toyota,HiLux,TGN121R,Workmate,2015,7,,,Cab Chassis,2TR-FE,2.7,Petrol,122,2WD';
const COMMODORE_VF = 'Holden,Commodore,VF,SS,2013,6,2017,10,Sedan,L77,6.0,Petrol,260,RWD';
const MODEL_Y = 'Tesla,Model Y,Gen 1,,2022,,,,SUV,,,Electric,220,RWD';
const file = (...rows: string[]) => [HEADER, ...rows].join('\n');

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

const stored = () => handle.db.select().from(vehicles).orderBy(asc(vehicles.id));

describe('importVehicles', () => {
  it('creates the vehicles of a good file, then changes nothing when the same file comes again', async () => {
    const first = await importVehicles(handle.db, file(HILUX_SR5, HILUX_WORKMATE, COMMODORE_VF));
    expect(first).toEqual({ created: 3, updated: 0, unchanged: 0 });
    const rows = await stored();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      make: 'Toyota',
      model: 'HiLux',
      series: 'GUN126R',
      submodel: 'SR5',
      yearFrom: 2015,
      monthFrom: 7,
      yearTo: null,
      monthTo: null,
      body: 'Ute',
      engineCode: '1GD-FTV',
      engineDecilitres: 28,
      fuel: 'Diesel',
      powerKw: 130,
      drive: '4WD',
    });
    const again = await importVehicles(handle.db, file(HILUX_SR5, HILUX_WORKMATE, COMMODORE_VF));
    expect(again).toEqual({ created: 0, updated: 0, unchanged: 3 });
    expect((await stored()).map((r) => r.updatedAt.getTime())).toEqual(
      rows.map((r) => r.updatedAt.getTime()),
    );
  });

  it('updates a vehicle whose facts changed, matched by its key whatever the case and spacing', async () => {
    const facelift = 'toyota ,  hilux,GUN126R,sr5,2015,7,,,ute,1gd-ftv,2.8,diesel,150,4wd';
    const result = await importVehicles(handle.db, file(facelift, HILUX_WORKMATE));
    expect(result).toEqual({ created: 0, updated: 1, unchanged: 1 });
    const [sr5] = await handle.db.select().from(vehicles).where(eq(vehicles.series, 'GUN126R'));
    expect(sr5?.powerKw).toBe(150);
    // The choice lists are canonical whatever the file's case.
    expect(sr5?.body).toBe('Ute');
    expect(sr5?.fuel).toBe('Diesel');
    expect(sr5?.drive).toBe('4WD');
  });

  it('refuses a bad file whole, naming each bad row by line and column', async () => {
    const before = await stored();
    const bad = file(
      MODEL_Y.replace('Gen 1', ''), // line 2: no series
      HILUX_SR5.replace('2015,7,,', '2015,7,2012,'), // line 3: ends before it starts
      COMMODORE_VF.replace('Sedan', 'Limousine'), // line 4: a body the store does not know
      HILUX_WORKMATE.replace(',2.7,', ',2.7 L,'), // line 5: engine size written as text
      'Mazda,CX-5,KE,,2012,2,2017,1,SUV,PE-VPS,2.0,Petrol,114,FWD',
      'mazda,cx-5,KE,,2012,2,2017,1,SUV,PE-VPS,2.0,Petrol,114,FWD', // line 7: line 6 again
      'Ford,Ranger,PX,,1890,,,,Ute,P4AT,2.2,Diesel,110,4WD', // line 8: no cars in 1890
    );
    const error = await importVehicles(handle.db, bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RowsRefusedError);
    const rejections = (error as RowsRefusedError).rejections;
    expect(rejections).toEqual([
      { line: 2, column: 'Series', reason: 'Series is required' },
      { line: 3, column: 'Year To', reason: 'Year To must not be before Year From' },
      {
        line: 4,
        column: 'Body',
        reason: 'Body must be one of Ute, Cab Chassis, Sedan, Hatch, Wagon, SUV, Van, Coupe',
      },
      { line: 5, column: 'Engine Litres', reason: 'Engine Litres must be like 2.8 (one decimal)' },
      {
        line: 7,
        column: 'Make',
        reason:
          'the same vehicle as line 6 (make, model, series, submodel, start, body, engine code and drive)',
      },
      { line: 8, column: 'Year From', reason: 'Year From must be from 1950 to 2100' },
    ]);
    // Nothing of the file was written, not even its good row (the CX-5).
    expect(await stored()).toEqual(before);
  });

  it('refuses a file without the vehicle list’s columns, saying which', async () => {
    const error = await importVehicles(handle.db, 'Make,Model,Year\nToyota,HiLux,2017').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CatalogFileError);
    expect((error as Error).message).toContain('"Series"');
    expect((error as Error).message).toContain(HEADER);
  });
});

describe('the demo vehicle list', () => {
  it('imports whole, covering at least 30 models, and a second time changes nothing', async () => {
    const fresh = await createTestDatabase();
    try {
      expect(await hasNoVehicles(fresh.db)).toBe(true);
      const first = await loadDemoVehicles(fresh.db, DEMO_VEHICLES_FILE);
      expect(first.created).toBeGreaterThanOrEqual(200);
      expect(await hasNoVehicles(fresh.db)).toBe(false);
      const models = await fresh.db
        .selectDistinct({ make: vehicles.make, model: vehicles.model })
        .from(vehicles);
      expect(models.length).toBeGreaterThanOrEqual(30);
      expect(await loadDemoVehicles(fresh.db, DEMO_VEHICLES_FILE)).toEqual({
        created: 0,
        updated: 0,
        unchanged: first.created,
      });
    } finally {
      await fresh.close();
    }
  });
});

describe('npm run vehicles:import', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vehicles-import-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function run(args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runVehiclesImport(args, {
      out: (t) => out.push(t),
      err: (t) => err.push(t),
      cwd: dir,
      openDb: async () => ({ db: handle.db, close: async () => undefined }),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('imports a file and says what it did; a bad file exits 1 listing its rows; no file exits 2', async () => {
    await writeFile(path.join(dir, 'good.csv'), file(MODEL_Y));
    const good = await run(['good.csv']);
    expect(good.code).toBe(0);
    expect(good.out).toMatch(/^Imported good\.csv: 1 created, 0 updated, 0 unchanged \(\d+\.\ds\)$/);

    await writeFile(path.join(dir, 'bad.csv'), file(MODEL_Y.replace('2022', '20x2')));
    const bad = await run(['bad.csv']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('line 2, column "Year From": Year From must be a whole number');
    expect(bad.err).toContain('Nothing was imported');

    const missing = await run(['nowhere.csv']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('Cannot read');
    expect((await run([])).code).toBe(2);
  });
});
