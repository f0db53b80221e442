/**
 * My Garage through the real app (issue 15 §5, decision 0033): add, list, rename, remove; the same vehicle and
 * year kept once; at most 10; bad bodies refused naming their field; members only; one member never reaches
 * another's entries (DESIGN §5.4); a guest's garage merged at sign-in; and a garage outliving its session.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { GARAGE_MESSAGES, type GarageVehicle } from '@store/shared/garage';
import { VEHICLE_CSV_COLUMNS } from '@store/shared/vehicle';
import { vehicles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCustomer } from '../../../tests/seeders';
import { importVehicles } from '../vehicles/import-vehicles';

const LIST = [
  VEHICLE_CSV_COLUMNS.join(','),
  'Toyota,HiLux,KUN26R,SR5,2005,3,2015,6,Ute,1KD-FTV,3.0,Diesel,126,4WD',
  'Toyota,HiLux,GUN126R,SR5,2015,7,,,Ute,1GD-FTV,2.8,Diesel,130,4WD',
  'Toyota,Corolla,ZRE182R,,2012,10,2018,7,Hatch,2ZR-FE,1.8,Petrol,103,FWD',
  'Ford,Ranger,PX2,XLT,2015,6,2018,5,Ute,P5AT,3.2,Diesel,147,4WD',
].join('\n');
const PASSWORD = 'Str0ng!pass';
/** An id no vehicle has. */
const NO_VEHICLE = 999_999;

let t: TestApp;
/** Vehicle ids by series. */
const id: Record<'KUN26R' | 'GUN126R' | 'ZRE182R' | 'PX2', number> = {
  KUN26R: 0,
  GUN126R: 0,
  ZRE182R: 0,
  PX2: 0,
};

beforeAll(async () => {
  t = await createTestApp();
  await importVehicles(t.database.db, LIST);
  for (const v of await t.database.db.select({ id: vehicles.id, series: vehicles.series }).from(vehicles)) {
    id[v.series as keyof typeof id] = v.id;
  }
});
afterAll(() => t?.close());

let counter = 0;
/** A distinct client address per call, so the per-IP limits stay out of the way. */
const nextIp = () => `10.15.${Math.floor(++counter / 250)}.${(counter % 250) + 1}`;

interface Answer {
  status: number;
  text: string;
  body: {
    message?: string;
    errors?: { field: string; message: string }[];
    data?: unknown;
    token?: string;
  };
}

async function call(options: InjectOptions & { token?: string }): Promise<Answer> {
  const { token, ...rest } = options;
  const res = await t.app.inject({
    remoteAddress: nextIp(),
    ...rest,
    headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, text: res.body, body: res.body ? (res.json() as Answer['body']) : {} };
}

/** Signs up a new member (password PASSWORD) and answers their email and bearer token. */
async function signUp(): Promise<{ email: string; token: string }> {
  const { email, token } = await seedCustomer(t, { password: PASSWORD });
  return { email, token };
}

const garageOf = async (token: string) => {
  const res = await call({ url: '/api/garage', token });
  expect(res.status, res.text).toBe(200);
  return res.body.data as GarageVehicle[];
};
const add = (token: string, payload: Record<string, unknown>) =>
  call({ method: 'POST', url: '/api/garage', token, payload });
const added = async (token: string, payload: Record<string, unknown>) => {
  const res = await add(token, payload);
  expect(res.status, res.text).toBe(201);
  return res.body.data as GarageVehicle;
};
const rename = (token: string, entry: number | string, payload: unknown) =>
  call({ method: 'PATCH', url: `/api/garage/${entry}`, token, payload: payload as Record<string, unknown> });
const remove = (token: string, entry: number | string) =>
  call({ method: 'DELETE', url: `/api/garage/${entry}`, token });
const merge = (token: string, list: unknown) =>
  call({ method: 'POST', url: '/api/garage/merge', token, payload: { vehicles: list } });
/** "GUN126R 2017 Work ute" per entry, to compare whole garages in order. */
const summary = (garage: GarageVehicle[]) =>
  garage.map((g) => `${g.vehicle.series} ${g.year}${g.name === null ? '' : ` ${g.name}`}`);

describe('members only', () => {
  it('answers 401 with the sign-in message without a bearer, or with one that is not live', async () => {
    const requests: InjectOptions[] = [
      { method: 'GET', url: '/api/garage' },
      { method: 'POST', url: '/api/garage', payload: { vehicle_id: id.GUN126R } },
      { method: 'POST', url: '/api/garage/merge', payload: { vehicles: [] } },
      { method: 'PATCH', url: '/api/garage/1', payload: { name: 'x' } },
      { method: 'DELETE', url: '/api/garage/1' },
    ];
    for (const request of requests) {
      for (const token of [undefined, 'A'.repeat(43)]) {
        const res = await call({ ...request, ...(token ? { token } : {}) });
        expect(res.status, `${request.method} ${request.url}`).toBe(401);
        expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.sessionRequired });
      }
    }
  });
});

describe('add, list, rename and remove', () => {
  it('keeps a vehicle in the year chosen with its label and name; the first year when none is given', async () => {
    const { token } = await signUp();
    expect(await garageOf(token)).toEqual([]);

    const hilux = await added(token, { vehicle_id: id.GUN126R, year: 2017, name: '  Work ute ' });
    expect(hilux).toMatchObject({
      vehicle_id: id.GUN126R,
      year: 2017,
      name: 'Work ute',
      label: '2017 Toyota HiLux GUN126R SR5 2.8 TD 4WD Ute',
      vehicle: {
        id: id.GUN126R,
        make: 'Toyota',
        model: 'HiLux',
        series: 'GUN126R',
        engine_litres: 2.8,
        label: 'Toyota HiLux GUN126R SR5 2.8 TD 4WD Ute, 07/2015-',
      },
    });
    expect(new Date(hilux.created_at).toISOString()).toBe(hilux.created_at);

    const corolla = await added(token, { vehicle_id: id.ZRE182R, name: '' });
    expect(corolla).toMatchObject({
      year: 2012,
      name: null,
      label: '2012 Toyota Corolla ZRE182R 1.8 FWD Hatch',
    });

    const garage = await garageOf(token);
    expect(garage.map((g) => g.id)).toEqual([hilux.id, corolla.id]);
    expect(garage[0]).toEqual(hilux);
  });

  it('renames (null or an empty name clears it) and removes, 204 with no body', async () => {
    const { token } = await signUp();
    const entry = await added(token, { vehicle_id: id.PX2, year: 2016 });
    expect(entry.name).toBeNull();

    const named = await rename(token, entry.id, { name: ' Farm ute ' });
    expect(named.status, named.text).toBe(200);
    expect(named.body.data).toMatchObject({ id: entry.id, name: 'Farm ute', year: 2016, vehicle_id: id.PX2 });
    expect((await garageOf(token))[0]?.name).toBe('Farm ute');

    const cleared = await rename(token, entry.id, { name: '' });
    expect(cleared.status).toBe(200);
    expect((cleared.body.data as GarageVehicle).name).toBeNull();
    await rename(token, entry.id, { name: 'Again' });
    const nulled = await rename(token, entry.id, { name: null });
    expect((nulled.body.data as GarageVehicle).name).toBeNull();
    expect((await garageOf(token))[0]?.name).toBeNull();

    const kept = await added(token, { vehicle_id: id.ZRE182R, year: 2014 });
    const gone = await remove(token, entry.id);
    expect(gone.status).toBe(204);
    expect(gone.text).toBe('');
    expect((await garageOf(token)).map((g) => g.id)).toEqual([kept.id]);

    const again = await remove(token, entry.id);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(`No vehicle with id ${entry.id} in your garage`);
    expect((await rename(token, entry.id, { name: 'x' })).status).toBe(404);
  });

  it('keeps the same vehicle and year once: 200 with the entry there, renamed only when a name is sent', async () => {
    const { token } = await signUp();
    const first = await added(token, { vehicle_id: id.GUN126R, year: 2019, name: 'Work ute' });

    const same = await add(token, { vehicle_id: id.GUN126R, year: 2019 });
    expect(same.status, same.text).toBe(200);
    expect(same.body.data).toEqual(first);

    const renamed = await add(token, { vehicle_id: id.GUN126R, year: 2019, name: 'Tradie ute' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: first.id, name: 'Tradie ute' });

    // Another year of the same vehicle is another car.
    const otherYear = await added(token, { vehicle_id: id.GUN126R, year: 2020 });
    expect(otherYear.id).not.toBe(first.id);
    // The first year given explicitly is the same entry as the default.
    await added(token, { vehicle_id: id.ZRE182R });
    expect((await add(token, { vehicle_id: id.ZRE182R, year: 2012 })).status).toBe(200);

    expect(summary(await garageOf(token))).toEqual([
      'GUN126R 2019 Tradie ute',
      'GUN126R 2020',
      'ZRE182R 2012',
    ]);
  });

  it('holds 10: the 11th answers 409 and adds nothing; the same vehicle again still answers; a removal makes room', async () => {
    const { token } = await signUp();
    const ten: GarageVehicle[] = [];
    for (let year = 2012; year <= 2018; year++)
      ten.push(await added(token, { vehicle_id: id.ZRE182R, year }));
    for (const year of [2015, 2016, 2017]) ten.push(await added(token, { vehicle_id: id.GUN126R, year }));
    expect(await garageOf(token)).toHaveLength(10);

    const eleventh = await add(token, { vehicle_id: id.PX2, year: 2016 });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body).toEqual({ message: GARAGE_MESSAGES.full });
    expect(GARAGE_MESSAGES.full).toBe('Your garage holds up to 10 vehicles; remove one to add another');
    expect(await garageOf(token)).toHaveLength(10);

    const again = await add(token, { vehicle_id: id.ZRE182R, year: 2013, name: 'Mum’s' });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: ten[1]?.id, name: 'Mum’s' });

    expect((await remove(token, ten[0]?.id ?? 0)).status).toBe(204);
    const room = await added(token, { vehicle_id: id.PX2, year: 2016 });
    const garage = await garageOf(token);
    expect(garage).toHaveLength(10);
    expect(garage.at(-1)?.id).toBe(room.id);
  });
});

describe('bad input', () => {
  let token = '';
  beforeAll(async () => {
    ({ token } = await signUp());
    await added(token, { vehicle_id: id.GUN126R, year: 2018, name: 'Keep me' });
  });

  it.each([
    [{}, 'vehicle_id', GARAGE_MESSAGES.vehicleId],
    [{ vehicle_id: 'abc' }, 'vehicle_id', GARAGE_MESSAGES.vehicleId],
    [{ vehicle_id: 0 }, 'vehicle_id', GARAGE_MESSAGES.vehicleId],
    [{ vehicle_id: 1.5 }, 'vehicle_id', GARAGE_MESSAGES.vehicleId],
    [{ vehicle_id: 5, year: 1800 }, 'year', GARAGE_MESSAGES.year],
    [{ vehicle_id: 5, year: '2017' }, 'year', GARAGE_MESSAGES.year],
    [{ vehicle_id: 5, name: 'x'.repeat(41) }, 'name', GARAGE_MESSAGES.nameTooLong],
    [{ vehicle_id: 5, name: 7 }, 'name', GARAGE_MESSAGES.nameText],
  ])('POST %j answers 400 naming %s', async (payload, field, message) => {
    const res = await add(token, payload);
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('refuses a name with a control character, naming the field', async () => {
    const res = await add(token, { vehicle_id: id.PX2, year: 2016, name: 'Work\u0000ute' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toContain('name');
  });

  it('refuses a vehicle the store does not list, and a year the vehicle was not sold in', async () => {
    const unknown = await add(token, { vehicle_id: NO_VEHICLE, year: 2017 });
    expect(unknown.status).toBe(400);
    const message = `There is no vehicle ${NO_VEHICLE} in the store's vehicle list`;
    expect(unknown.body).toEqual({ message, errors: [{ field: 'vehicle_id', message }] });

    const tooEarly = await add(token, { vehicle_id: id.GUN126R, year: 2014 });
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body.message).toBe(
      'Toyota HiLux GUN126R was sold from 2015 on: choose a year from 2015 on',
    );
    expect(tooEarly.body.errors).toEqual([{ field: 'year', message: tooEarly.body.message }]);
    const tooLate = await add(token, { vehicle_id: id.KUN26R, year: 2016 });
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.message).toBe(
      'Toyota HiLux KUN26R was sold from 2005 to 2015: choose a year from 2005 to 2015',
    );
  });

  it('PATCH needs a name (null clears), and ids are entry numbers', async () => {
    const [entry] = await garageOf(token);
    const missing = await rename(token, entry?.id ?? 0, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'name', message: GARAGE_MESSAGES.nameRequired }]);
    const number = await rename(token, entry?.id ?? 0, { name: 12 });
    expect(number.body.errors).toEqual([{ field: 'name', message: GARAGE_MESSAGES.nameText }]);
    const long = await rename(token, entry?.id ?? 0, { name: 'y'.repeat(41) });
    expect(long.body.errors).toEqual([{ field: 'name', message: GARAGE_MESSAGES.nameTooLong }]);

    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const patched = await rename(token, bad, { name: 'x' });
      expect(patched.status, bad).toBe(400);
      expect(patched.body.message).toMatch(/id must be a garage entry id such as 12/);
      expect((await remove(token, bad)).status, bad).toBe(400);
    }
  });

  it('merge needs a list of at most 10 vehicles, each well formed', async () => {
    const notList = await merge(token, 'everything');
    expect(notList.status).toBe(400);
    expect(notList.body.errors).toEqual([{ field: 'vehicles', message: GARAGE_MESSAGES.vehiclesList }]);
    const eleven = await merge(
      token,
      Array.from({ length: 11 }, (_, i) => ({ vehicle_id: id.ZRE182R, year: 2012 + (i % 7) })),
    );
    expect(eleven.status).toBe(400);
    expect(eleven.body.message).toBe(GARAGE_MESSAGES.mergeTooMany);
    const badItem = await merge(token, [{ vehicle_id: id.PX2 }, { vehicle_id: 'PX2' }]);
    expect(badItem.status).toBe(400);
    expect(badItem.body.errors).toEqual([
      { field: 'vehicles.1.vehicle_id', message: GARAGE_MESSAGES.vehicleId },
    ]);
  });

  it('changed nothing', async () => {
    expect(summary(await garageOf(token))).toEqual(['GUN126R 2018 Keep me']);
  });
});

describe('one member never reaches another’s garage', () => {
  it('B does not see A’s entries and gets 404 for them on PATCH and DELETE; A’s stay as they were', async () => {
    const a = await signUp();
    const b = await signUp();
    const mine = await added(a.token, { vehicle_id: id.GUN126R, year: 2017, name: 'A’s ute' });
    const theirs = await added(b.token, { vehicle_id: id.GUN126R, year: 2017 });
    expect(theirs.id).not.toBe(mine.id);

    expect((await garageOf(b.token)).map((g) => g.id)).toEqual([theirs.id]);
    const patched = await rename(b.token, mine.id, { name: 'Stolen' });
    expect(patched.status).toBe(404);
    expect(patched.body).toEqual({ message: `No vehicle with id ${mine.id} in your garage` });
    const deleted = await remove(b.token, mine.id);
    expect(deleted.status).toBe(404);
    expect(deleted.body).toEqual({ message: `No vehicle with id ${mine.id} in your garage` });

    expect(await garageOf(a.token)).toEqual([mine]);
    // B's own changes stay in B's garage.
    expect((await remove(b.token, theirs.id)).status).toBe(204);
    expect(await garageOf(a.token)).toEqual([mine]);
  });
});

describe('merging a guest’s garage at sign-in', () => {
  it('adds the guest’s vehicles in order without duplicates, keeps the member’s entries and skips stale ones', async () => {
    const { token } = await signUp();
    const hilux = await added(token, { vehicle_id: id.GUN126R, year: 2017 });
    const corolla = await added(token, { vehicle_id: id.ZRE182R, year: 2013, name: 'Mum’s' });

    const res = await merge(token, [
      { vehicle_id: id.PX2, year: 2016, name: 'Farm ute' },
      { vehicle_id: id.GUN126R, year: 2017, name: 'Work ute' },
      { vehicle_id: id.ZRE182R, year: 2013, name: 'Other name' },
      { vehicle_id: NO_VEHICLE, year: 2017 },
      { vehicle_id: id.GUN126R, year: 2010 },
      { vehicle_id: id.PX2, year: 2016, name: 'Twice' },
      { vehicle_id: id.KUN26R },
    ]);
    expect(res.status, res.text).toBe(200);
    const garage = res.body.data as GarageVehicle[];
    expect(summary(garage)).toEqual([
      'GUN126R 2017 Work ute',
      'ZRE182R 2013 Mum’s',
      'PX2 2016 Farm ute',
      'KUN26R 2005',
    ]);
    expect(garage[0]?.id).toBe(hilux.id);
    expect(garage[1]?.id).toBe(corolla.id);
    expect(garage[2]?.label).toBe('2016 Ford Ranger PX2 XLT 3.2 TD 4WD Ute');
    expect(await garageOf(token)).toEqual(garage);

    // Merging the same list again (a second tab signing in) changes nothing.
    const again = await merge(token, [
      { vehicle_id: id.PX2, year: 2016, name: 'Farm ute' },
      { vehicle_id: id.KUN26R },
    ]);
    expect(again.body.data).toEqual(garage);
    // An empty guest garage answers the member's.
    expect((await merge(token, [])).body.data).toEqual(garage);
  });

  it('stops at 10, in the guest’s order, and the member’s own entries always stay', async () => {
    const { token } = await signUp();
    for (let year = 2012; year <= 2018; year++) await added(token, { vehicle_id: id.ZRE182R, year });
    await added(token, { vehicle_id: id.GUN126R, year: 2015 });
    const before = summary(await garageOf(token));
    expect(before).toHaveLength(8);

    const res = await merge(token, [
      { vehicle_id: id.PX2, year: 2015 },
      { vehicle_id: id.ZRE182R, year: 2012, name: 'Named by guest' },
      { vehicle_id: id.PX2, year: 2016 },
      { vehicle_id: id.PX2, year: 2017 },
      { vehicle_id: id.GUN126R, year: 2015, name: 'Late name' },
      { vehicle_id: id.PX2, year: 2018 },
    ]);
    expect(res.status).toBe(200);
    const after = summary(res.body.data as GarageVehicle[]);
    expect(after).toHaveLength(10);
    expect(after).toEqual([
      'ZRE182R 2012 Named by guest',
      ...before.slice(1, 7),
      'GUN126R 2015 Late name',
      'PX2 2015',
      'PX2 2016',
    ]);
    expect(after).not.toContain('PX2 2017');
  });
});

describe('a member’s garage outlives the session', () => {
  it('is there after sign-out and sign-in, for the new session only', async () => {
    const { email, token } = await signUp();
    const entry = await added(token, { vehicle_id: id.GUN126R, year: 2017, name: 'Work ute' });
    expect((await call({ method: 'POST', url: '/api/logout', token })).status).toBe(200);
    expect((await call({ url: '/api/garage', token })).status).toBe(401);

    const login = await call({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
    expect(login.status, login.text).toBe(200);
    const fresh = login.body.token as string;
    expect(fresh).not.toBe(token);
    expect(await garageOf(fresh)).toEqual([entry]);
  });
});

describe('the API document', () => {
  it('describes the garage calls under the garage tag, with the bearer', async () => {
    const doc = (await call({ url: '/api/docs/json' })).body as unknown as {
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
    };
    const ops = [
      doc.paths['/api/garage']?.get,
      doc.paths['/api/garage']?.post,
      doc.paths['/api/garage/merge']?.post,
      doc.paths['/api/garage/{id}']?.patch,
      doc.paths['/api/garage/{id}']?.delete,
    ];
    for (const op of ops) {
      expect(op?.tags).toEqual(['garage']);
      expect(op?.security).toEqual([{ bearerAuth: [] }]);
    }
  });
});
