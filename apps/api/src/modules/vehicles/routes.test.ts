/**
 * The vehicle selector's API (issue 15 §4): each list narrowed by the one before, names matched whatever their
 * case, clear 400s for bad queries and a 404 for an unknown vehicle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VEHICLE_CSV_COLUMNS } from '@store/shared/vehicle';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCatalog } from '../../../tests/seed-catalog';
import { importFitments } from './import-fitments';
import { importVehicles } from './import-vehicles';

const LIST = [
  VEHICLE_CSV_COLUMNS.join(','),
  'Toyota,HiLux,KUN26R,SR5,2005,3,2015,6,Ute,1KD-FTV,3.0,Diesel,126,4WD',
  'Toyota,HiLux,GUN126R,SR5,2015,7,,,Ute,1GD-FTV,2.8,Diesel,130,4WD',
  'Toyota,HiLux,TGN121R,Workmate,2015,7,,,Cab Chassis,2TR-FE,2.7,Petrol,122,2WD',
  'Toyota,Corolla,ZRE182R,,2012,10,2018,7,Hatch,2ZR-FE,1.8,Petrol,103,FWD',
  'Ford,Ranger,PX2,XLT,2015,6,2018,5,Ute,P5AT,3.2,Diesel,147,4WD',
  'Tesla,Model Y,Gen 1,,2022,,,,SUV,,,Electric,220,RWD',
].join('\n');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importVehicles(t.database.db, LIST);
});
afterAll(() => t?.close());

const get = async (url: string) => {
  const res = await t.app.inject({ url });
  return {
    status: res.statusCode,
    body: res.json() as { data: unknown; message?: string; errors?: unknown[] },
  };
};

describe('the vehicle selector’s lists', () => {
  it('makes A to Z; models of a make; years of a model, newest first, up to this year for one still sold', async () => {
    expect((await get('/api/vehicles/makes')).body.data).toEqual(['Ford', 'Tesla', 'Toyota']);
    expect((await get('/api/vehicles/models?make=toyota')).body.data).toEqual(['Corolla', 'HiLux']);
    expect((await get('/api/vehicles/models?make=Holden')).body.data).toEqual([]);
    const thisYear = new Date().getFullYear();
    const years = (await get('/api/vehicles/years?make=Toyota&model=hilux')).body.data as number[];
    expect(years[0]).toBe(thisYear);
    expect(years.at(-1)).toBe(2005);
    expect(years).toHaveLength(thisYear - 2005 + 1);
    expect((await get('/api/vehicles/years?make=Toyota&model=Corolla')).body.data).toEqual([
      2018, 2017, 2016, 2015, 2014, 2013, 2012,
    ]);
  });

  it('the variants of a model in a year, with labels; and one vehicle by id', async () => {
    const in2015 = (await get('/api/vehicles?make=Toyota&model=HiLux&year=2015')).body.data as {
      id: number;
      series: string;
      label: string;
      engine_litres: number | null;
    }[];
    expect(in2015.map((v) => v.series)).toEqual(['GUN126R', 'KUN26R', 'TGN121R']);
    expect(in2015[0]?.label).toBe('Toyota HiLux GUN126R SR5 2.8 TD 4WD Ute, 07/2015-');
    expect(in2015[0]?.engine_litres).toBe(2.8);
    const in2017 = (await get('/api/vehicles?make=toyota&model=hilux&year=2017')).body.data as {
      series: string;
    }[];
    expect(in2017.map((v) => v.series)).toEqual(['GUN126R', 'TGN121R']);

    const one = await get(`/api/vehicles/${in2015[0]?.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ make: 'Toyota', model: 'HiLux', series: 'GUN126R', power_kw: 130 });
    const ev = (await get('/api/vehicles?make=Tesla&model=Model Y&year=2024')).body.data as {
      engine_litres: number | null;
      label: string;
    }[];
    expect(ev[0]?.engine_litres).toBeNull();
    expect(ev[0]?.label).toBe('Tesla Model Y Gen 1 EV RWD SUV, 2022-');
  });

  it('answer 400 with what to fix, and 404 for a vehicle that is not there', async () => {
    const noMake = await get('/api/vehicles/models');
    expect(noMake.status).toBe(400);
    expect(JSON.stringify(noMake.body)).toContain('make is required');
    const badYear = await get('/api/vehicles?make=Toyota&model=HiLux&year=twenty');
    expect(badYear.status).toBe(400);
    expect(JSON.stringify(badYear.body)).toContain('year must be a year such as 2017');
    expect((await get('/api/vehicles?make=Toyota&model=HiLux&year=1900')).status).toBe(400);
    expect((await get('/api/vehicles/abc')).status).toBe(400);
    const missing = await get('/api/vehicles/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No vehicle with id 999999');
  });
});

describe('GET /api/products/{sku}/fitment', () => {
  beforeAll(async () => {
    await seedCatalog(t.database.db);
    await importFitments(
      t.database.db,
      [
        'SKU,Make,Model,Series,Year From,Year To,Engine,Position,Notes,Source',
        'KL-H4-6055,Toyota,HiLux,,2010,,3.0,Front,with ABS,',
        'KL-H4-6055,Toyota,HiLux,GUN126R,,,,Front,from 07/2015,staff',
        'KL-H4-6055,Ford,Ranger,PX2,,,,Rear,,cross-reference',
        'BL-LED-H4,Universal,,,,,,,,',
      ].join('\n'),
    );
  });

  it('lists the vehicles a part fits, by make and model, with position, notes and source', async () => {
    const res = await get('/api/products/kl-h4-6055/fitment');
    expect(res.status).toBe(200);
    const data = res.body.data as {
      sku: string;
      universal: boolean;
      groups: {
        make: string;
        model: string;
        fits: { vehicle: { series: string }; position: string; notes: string; source: string }[];
      }[];
    };
    expect(data.universal).toBe(false);
    expect(
      data.groups.map((g) => [
        g.make,
        g.model,
        g.fits.map((f) => `${f.vehicle.series} ${f.position} ${f.notes} ${f.source}`),
      ]),
    ).toEqual([
      ['Ford', 'Ranger', ['PX2 Rear  cross_reference']],
      ['Toyota', 'HiLux', ['KUN26R Front with ABS manufacturer', 'GUN126R Front from 07/2015 staff']],
    ]);
  });

  it('says universal for a part that fits every vehicle, nothing for a part without fitment data, 404 for no part', async () => {
    expect((await get('/api/products/BL-LED-H4/fitment')).body.data).toMatchObject({
      universal: true,
      groups: [],
    });
    expect((await get('/api/products/KL-H7-55/fitment')).body.data).toMatchObject({
      universal: false,
      groups: [],
    });
    const missing = await get('/api/products/NO-SUCH/fitment');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No product with SKU "NO-SUCH"');
  });
});
