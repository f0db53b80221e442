/**
 * The shopper's vehicles (issue 15 §5, decision 0033): the vehicle the store is shopping for now (`current`,
 * kept in this browser for guests and members alike, so two devices can shop for two cars) and a guest's saved
 * vehicles (up to 10; a member's are kept on the server and a guest's are merged into them at sign-in). Kept in
 * local storage under `garage`; anything unreadable there is dropped rather than breaking the page. Zod-free and
 * small: the shop's shell carries it (decision 0005).
 *
 * The current vehicle is also written to the `vehicle` cookie (`{id}-{year}`), so that the server renders a
 * listing already narrowed to it (decision 0034); the page says which vehicle it was rendered for, and that is
 * what the page shows until it has hydrated.
 */
import { VEHICLE_COOKIE, VEHICLE_COOKIE_MAX_AGE_S, vehicleCookieValue } from '@store/shared/vehicle-choice';
import { useBrowserSnapshot } from '@/lib/use-server-html';

export const GARAGE_STORAGE_KEY = 'garage';
/** Most vehicles a garage keeps (the API's MAX_GARAGE_VEHICLES). */
export const MAX_SAVED_VEHICLES = 10;

/** One of the shopper's vehicles: a variant of the vehicle list and the model year they chose. */
export interface ChosenVehicle {
  vehicle_id: number;
  year: number;
  /** "2017 Toyota HiLux GUN126R SR5 2.8 TD 4WD Ute": the chip's text (issue 37: series, drive and body). */
  label: string;
  /** "2017 Toyota HiLux GUN126R 4WD Ute": what listings and fit checks say they show parts for. */
  short_label: string;
  /** Their own name for it ("Work ute"), or null. */
  name: string | null;
}

interface GarageState {
  current: ChosenVehicle | null;
  /** A guest's saved vehicles, oldest first. */
  saved: ChosenVehicle[];
}

const EMPTY: GarageState = { current: null, saved: [] };

function isChosenVehicle(v: unknown): v is ChosenVehicle {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return (
    Number.isInteger(c.vehicle_id) &&
    (c.vehicle_id as number) > 0 &&
    Number.isInteger(c.year) &&
    typeof c.label === 'string' &&
    typeof c.short_label === 'string' &&
    (c.name === null || typeof c.name === 'string')
  );
}

function readStored(): GarageState {
  try {
    const raw = globalThis.localStorage?.getItem(GARAGE_STORAGE_KEY);
    if (!raw) return EMPTY;
    const value = JSON.parse(raw) as Record<string, unknown>;
    const saved = Array.isArray(value.saved) ? value.saved.filter(isChosenVehicle) : [];
    return {
      current: isChosenVehicle(value.current) ? value.current : null,
      saved: saved.slice(0, MAX_SAVED_VEHICLES),
    };
  } catch {
    return EMPTY;
  }
}

const listeners = new Set<() => void>();
let state: GarageState | undefined;
/** The vehicle the page was rendered for on the server (the server snapshot, so hydration matches it). */
let renderedVehicle: ChosenVehicle | null = null;

/** Writes (or deletes) the `vehicle` cookie for `current`; nothing outside a browser. */
function writeVehicleCookie(current: ChosenVehicle | null) {
  if (typeof document === 'undefined') return;
  try {
    document.cookie = current
      ? `${VEHICLE_COOKIE}=${vehicleCookieValue(current)}; path=/; max-age=${VEHICLE_COOKIE_MAX_AGE_S}; samesite=lax`
      : `${VEHICLE_COOKIE}=; path=/; max-age=0; samesite=lax`;
  } catch {
    // Cookies blocked: pages are rendered without the vehicle and narrowed once the app has started.
  }
}

function get(): GarageState {
  if (state === undefined) state = readStored();
  return state;
}

function set(next: GarageState) {
  if (next.current !== get().current) writeVehicleCookie(next.current);
  state = next;
  try {
    globalThis.localStorage?.setItem(GARAGE_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage blocked or full: the garage lives in memory for this page only.
  }
  for (const listener of listeners) listener();
}

const sameVehicle = (
  a: Pick<ChosenVehicle, 'vehicle_id' | 'year'>,
  b: Pick<ChosenVehicle, 'vehicle_id' | 'year'>,
) => a.vehicle_id === b.vehicle_id && a.year === b.year;

/**
 * Shops for `vehicle` from now on. `save` (guests): also keeps it among the saved vehicles when there is room
 * (the 10 kept are never pushed out).
 */
export function chooseVehicle(vehicle: ChosenVehicle, options: { save?: boolean } = {}): void {
  const { saved } = get();
  const known = saved.find((v) => sameVehicle(v, vehicle));
  const current = known ? { ...vehicle, name: vehicle.name ?? known.name } : vehicle;
  const keep = options.save && !known && saved.length < MAX_SAVED_VEHICLES;
  // A saved vehicle chosen again takes the store's labels as they are now (issue 37 §5 added series and body).
  const relabelled = saved.map((v) =>
    sameVehicle(v, vehicle) ? { ...v, label: vehicle.label, short_label: vehicle.short_label } : v,
  );
  set({ current, saved: keep ? [...relabelled, current] : relabelled });
}

/** The vehicle the store is shopping for now, read outside React (null: none). */
export function currentVehicle(): ChosenVehicle | null {
  return get().current;
}

/** No vehicle: listings show every part again. */
export function clearVehicle(): void {
  set({ ...get(), current: null });
}

/** A guest's saved vehicles: renames one (null or blank clears the name). */
export function renameSavedVehicle(
  vehicle: Pick<ChosenVehicle, 'vehicle_id' | 'year'>,
  name: string | null,
): void {
  const clean = name?.trim() ? name.trim() : null;
  const { current, saved } = get();
  set({
    current: current && sameVehicle(current, vehicle) ? { ...current, name: clean } : current,
    saved: saved.map((v) => (sameVehicle(v, vehicle) ? { ...v, name: clean } : v)),
  });
}

/** A guest's saved vehicles: removes one (and stops shopping for it when it was the current one). */
export function removeSavedVehicle(vehicle: Pick<ChosenVehicle, 'vehicle_id' | 'year'>): void {
  const { current, saved } = get();
  set({
    current: current && sameVehicle(current, vehicle) ? null : current,
    saved: saved.filter((v) => !sameVehicle(v, vehicle)),
  });
}

/** After a guest's vehicles were merged into an account at sign-in: the browser keeps only the current one. */
export function forgetSavedVehicles(): void {
  set({ ...get(), saved: [] });
}

/** The guest's saved vehicles (read outside React, for the merge at sign-in). */
export function savedVehicles(): ChosenVehicle[] {
  return get().saved;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The vehicle the store is shopping for: while rendering on the server and hydrating, the one the page was
 * rendered for (the `vehicle` cookie's, or none); then the browser's.
 */
export function useCurrentVehicle(): ChosenVehicle | null {
  return useBrowserSnapshot(
    subscribe,
    () => get().current,
    () => renderedVehicle,
  );
}

/**
 * The vehicle the page is rendered for: on the server, around each render of a page asked with the `vehicle`
 * cookie (entry-server.tsx); in the browser, the one the server's page says, before hydration (main.tsx).
 */
export function setRenderedVehicle(vehicle: ChosenVehicle | null): void {
  renderedVehicle = vehicle;
}

/** At start in the browser: the cookie says this browser's current vehicle (one chosen before it existed too). */
export function syncVehicleCookie(): void {
  writeVehicleCookie(get().current);
}

/** A guest's saved vehicles; [] on the server and while hydrating. */
export function useSavedVehicles(): ChosenVehicle[] {
  return useBrowserSnapshot(
    subscribe,
    () => get().saved,
    () => EMPTY.saved,
  );
}

/** Tests: forget what was read, so the next read comes from storage again. */
export function resetGarageForTests(): void {
  state = undefined;
}
