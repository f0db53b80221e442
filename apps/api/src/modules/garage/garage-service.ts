/**
 * My Garage (issue 15 §5, decision 0033): a member's saved vehicles, at most MAX_GARAGE_VEHICLES, each a vehicle
 * of the store's list in the model year the member chose. Every read and write is scoped to the member's own user
 * id (DESIGN §5.4), so another member's entry id answers 404. Writes that add lock the member's row first, so two
 * requests at once can neither pass the limit nor race on the same vehicle and year.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  GARAGE_MESSAGES,
  MAX_GARAGE_VEHICLES,
  garageEntryNotFoundMessage,
  garageUnknownVehicleMessage,
  garageYearNotCoveredMessage,
  type GarageAdd,
  type GarageVehicle,
} from '@store/shared/garage';
import { vehicleCoversYear, vehicleLabel } from '@store/shared/vehicle-label';
import type { Database } from '../../db/client';
import { garageVehicles, users, vehicles } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { presentVehicle } from '../vehicles/vehicle-service';

type EntryRow = typeof garageVehicles.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;

/** A garage entry as the API answers it (also the trade account's fleet, issue 39 §5). */
export function presentEntry(entry: EntryRow, vehicleRow: VehicleRow): GarageVehicle {
  const vehicle = presentVehicle(vehicleRow);
  return {
    id: entry.id,
    vehicle_id: entry.vehicleId,
    year: entry.year,
    name: entry.name,
    vehicle,
    label: vehicleLabel(vehicle, entry.year),
    created_at: entry.createdAt.toISOString(),
  };
}

/** The member's garage, oldest first. */
export async function listGarage(db: Database, userId: number): Promise<GarageVehicle[]> {
  const rows = await db
    .select({ entry: garageVehicles, vehicle: vehicles })
    .from(garageVehicles)
    .innerJoin(vehicles, eq(vehicles.id, garageVehicles.vehicleId))
    .where(eq(garageVehicles.userId, userId))
    .orderBy(asc(garageVehicles.id));
  return rows.map((r) => presentEntry(r.entry, r.vehicle));
}

/** Holds the member's row until the transaction ends: adds for one member run one at a time. */
async function lockMember(tx: Database, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function findEntry(db: Database, userId: number, vehicleId: number, year: number) {
  const [row] = await db
    .select()
    .from(garageVehicles)
    .where(
      and(
        eq(garageVehicles.userId, userId),
        eq(garageVehicles.vehicleId, vehicleId),
        eq(garageVehicles.year, year),
      ),
    );
  return row;
}

async function setName(db: Database, userId: number, id: number, name: string | null): Promise<EntryRow> {
  const [row] = await db
    .update(garageVehicles)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(garageVehicles.id, id), eq(garageVehicles.userId, userId)))
    .returning();
  if (!row) throw new HttpError(404, garageEntryNotFoundMessage(id));
  return row;
}

async function insertEntry(
  db: Database,
  userId: number,
  vehicleId: number,
  year: number,
  name: string | null,
): Promise<EntryRow> {
  const [row] = await db.insert(garageVehicles).values({ userId, vehicleId, year, name }).returning();
  if (!row) throw new Error('garage insert returned no row');
  return row;
}

/**
 * Keeps `input.vehicle_id` in the model year `input.year` (default: the vehicle's first year). The same vehicle
 * and year again answers the entry already there (renamed when a name is sent), with `created: false`. 400 for a
 * vehicle the store does not list or a year it was not sold in; 409 when the garage is full.
 */
export async function addToGarage(
  db: Database,
  userId: number,
  input: GarageAdd,
): Promise<{ entry: GarageVehicle; created: boolean }> {
  return db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const [vehicle] = await tx.select().from(vehicles).where(eq(vehicles.id, input.vehicle_id));
    if (!vehicle) {
      const message = garageUnknownVehicleMessage(input.vehicle_id);
      throw new HttpError(400, message, [{ field: 'vehicle_id', message }]);
    }
    const year = input.year ?? vehicle.yearFrom;
    if (!vehicleCoversYear({ year_from: vehicle.yearFrom, year_to: vehicle.yearTo }, year)) {
      const message = garageYearNotCoveredMessage({
        make: vehicle.make,
        model: vehicle.model,
        series: vehicle.series,
        year_from: vehicle.yearFrom,
        year_to: vehicle.yearTo,
      });
      throw new HttpError(400, message, [{ field: 'year', message }]);
    }
    const existing = await findEntry(tx, userId, vehicle.id, year);
    if (existing) {
      const entry =
        input.name !== undefined && input.name !== existing.name
          ? await setName(tx, userId, existing.id, input.name)
          : existing;
      return { entry: presentEntry(entry, vehicle), created: false };
    }
    const [held] = await tx
      .select({ n: count() })
      .from(garageVehicles)
      .where(eq(garageVehicles.userId, userId));
    if ((held?.n ?? 0) >= MAX_GARAGE_VEHICLES) throw new HttpError(409, GARAGE_MESSAGES.full);
    const entry = await insertEntry(tx, userId, vehicle.id, year, input.name ?? null);
    return { entry: presentEntry(entry, vehicle), created: true };
  });
}

/** Renames one of the member's entries (null clears the name); 404 when it is not theirs. */
export async function renameGarageVehicle(
  db: Database,
  userId: number,
  id: number,
  name: string | null,
): Promise<GarageVehicle> {
  const entry = await setName(db, userId, id, name);
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, entry.vehicleId));
  if (!vehicle) throw new HttpError(404, garageEntryNotFoundMessage(id));
  return presentEntry(entry, vehicle);
}

/** Removes one of the member's entries; 404 when it is not theirs. */
export async function removeGarageVehicle(db: Database, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(garageVehicles)
    .where(and(eq(garageVehicles.id, id), eq(garageVehicles.userId, userId)))
    .returning({ id: garageVehicles.id });
  if (deleted.length === 0) throw new HttpError(404, garageEntryNotFoundMessage(id));
}

/**
 * Merges a guest's garage (from the browser, at sign-in) into the member's, and answers the whole garage. In the
 * order given, each vehicle is added unless the member has it in that year already; then the member's entry is
 * kept, taking the guest's name only if it has none. Adding stops when the garage is full; the member's own
 * entries always stay. Vehicles the store no longer lists and years a vehicle was not sold in are skipped, since
 * local storage can be older than the vehicle list.
 */
export async function mergeGarage(
  db: Database,
  userId: number,
  guest: readonly GarageAdd[],
): Promise<GarageVehicle[]> {
  await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const ids = [...new Set(guest.map((g) => g.vehicle_id))];
    const known = new Map(
      ids.length === 0
        ? []
        : (await tx.select().from(vehicles).where(inArray(vehicles.id, ids))).map((v) => [v.id, v]),
    );
    const held = await tx.select().from(garageVehicles).where(eq(garageVehicles.userId, userId));
    const byKey = new Map(held.map((e) => [`${e.vehicleId}|${e.year}`, e]));
    for (const g of guest) {
      const vehicle = known.get(g.vehicle_id);
      if (!vehicle) continue;
      const year = g.year ?? vehicle.yearFrom;
      if (!vehicleCoversYear({ year_from: vehicle.yearFrom, year_to: vehicle.yearTo }, year)) continue;
      const key = `${vehicle.id}|${year}`;
      const name = g.name ?? null;
      const existing = byKey.get(key);
      if (existing) {
        if (existing.name === null && name !== null)
          byKey.set(key, await setName(tx, userId, existing.id, name));
        continue;
      }
      if (byKey.size >= MAX_GARAGE_VEHICLES) continue;
      byKey.set(key, await insertEntry(tx, userId, vehicle.id, year, name));
    }
  });
  return listGarage(db, userId);
}
