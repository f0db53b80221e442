import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/providers';
import { ApiError } from '@/lib/api-client';
import {
  chooseVehicle,
  clearVehicle,
  GARAGE_STORAGE_KEY,
  MAX_SAVED_VEHICLES,
  removeSavedVehicle,
  renameSavedVehicle,
  resetGarageForTests,
  savedVehicles,
  syncVehicleCookie,
  type ChosenVehicle,
} from './garage-store';

const vehicle = (id: number, year = 2017): ChosenVehicle => ({
  vehicle_id: id,
  year,
  label: `${year} Toyota HiLux ${id}`,
  short_label: `${year} Toyota HiLux`,
  name: null,
});

const cookie = () => document.cookie;

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'vehicle=; path=/; max-age=0';
  resetGarageForTests();
});
afterEach(() => resetGarageForTests());

describe('garage store', () => {
  it('keeps the current vehicle in local storage and in the vehicle cookie; Clear removes both', () => {
    chooseVehicle(vehicle(7), { save: true });
    expect(JSON.parse(localStorage.getItem(GARAGE_STORAGE_KEY) ?? '{}').current.vehicle_id).toBe(7);
    expect(cookie()).toContain('vehicle=7-2017');
    chooseVehicle(vehicle(9, 2020));
    expect(cookie()).toContain('vehicle=9-2020');
    clearVehicle();
    expect(cookie()).not.toContain('vehicle=');
    expect(JSON.parse(localStorage.getItem(GARAGE_STORAGE_KEY) ?? '{}').current).toBeNull();
  });

  it('writes the cookie at start for a vehicle chosen before cookies were kept', () => {
    localStorage.setItem(GARAGE_STORAGE_KEY, JSON.stringify({ current: vehicle(12, 2015), saved: [] }));
    resetGarageForTests();
    syncVehicleCookie();
    expect(cookie()).toContain('vehicle=12-2015');
  });

  it('saves a guest’s vehicles once each, up to 10, and renames and removes them', () => {
    for (let id = 1; id <= MAX_SAVED_VEHICLES + 2; id++) chooseVehicle(vehicle(id), { save: true });
    chooseVehicle(vehicle(1), { save: true });
    expect(savedVehicles().map((v) => v.vehicle_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    renameSavedVehicle(vehicle(3), '  Work ute ');
    expect(savedVehicles().find((v) => v.vehicle_id === 3)?.name).toBe('Work ute');
    renameSavedVehicle(vehicle(3), '   ');
    expect(savedVehicles().find((v) => v.vehicle_id === 3)?.name).toBeNull();
    // Removing the current vehicle stops shopping for it.
    chooseVehicle(vehicle(4));
    removeSavedVehicle(vehicle(4));
    expect(savedVehicles().map((v) => v.vehicle_id)).not.toContain(4);
    expect(JSON.parse(localStorage.getItem(GARAGE_STORAGE_KEY) ?? '{}').current).toBeNull();
  });

  it('drops what it cannot read in storage rather than breaking', () => {
    localStorage.setItem(
      GARAGE_STORAGE_KEY,
      JSON.stringify({ current: { vehicle_id: 'x' }, saved: [vehicle(5), { nope: true }, 'junk'] }),
    );
    resetGarageForTests();
    expect(savedVehicles().map((v) => v.vehicle_id)).toEqual([5]);
    localStorage.setItem(GARAGE_STORAGE_KEY, '{not json');
    resetGarageForTests();
    expect(savedVehicles()).toEqual([]);
  });

  it('forgets a vehicle the API no longer knows (400 naming vehicle), and only that', async () => {
    const client = createQueryClient();
    const fail = (error: ApiError) =>
      client
        .fetchQuery({ queryKey: [error.message], queryFn: () => Promise.reject(error), retry: false })
        .catch(() => undefined);
    chooseVehicle(vehicle(7));
    await fail(
      new ApiError(400, 'min_price must not be above max_price', [{ field: 'min_price', message: 'x' }]),
    );
    await fail(new ApiError(500, 'database away'));
    expect(cookie()).toContain('vehicle=7-2017');
    await fail(
      new ApiError(400, 'There is no vehicle 7', [{ field: 'vehicle', message: 'There is no vehicle 7' }]),
    );
    expect(cookie()).not.toContain('vehicle=');
    expect(JSON.parse(localStorage.getItem(GARAGE_STORAGE_KEY) ?? '{}').current).toBeNull();
  });
});
