/**
 * The vehicle selector's reads (issue 15 §4, decision 0029): makes, the models of a make, the years of a model, the
 * variants of a model in a year, and one vehicle; and the vehicles one product fits. Names match whatever their case; lists come sorted as a shopper
 * reads them. The vehicle list is small (hundreds to tens of thousands of rows) and indexed by make and model.
 */
import { and, asc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { ProductFitment } from '@store/shared/fitment';
import type { Vehicle, VehicleAnswer } from '@store/shared/vehicle';
import { vehicleLabel } from '@store/shared/vehicle-label';
import type { Database } from '../../db/client';
import { fitments, vehicles } from '../../db/schema';

type VehicleRow = typeof vehicles.$inferSelect;

/** A stored vehicle as the API answers it, with its label. */
export function presentVehicle(row: VehicleRow): VehicleAnswer {
  const vehicle: Vehicle = {
    id: row.id,
    make: row.make,
    model: row.model,
    series: row.series,
    submodel: row.submodel,
    year_from: row.yearFrom,
    month_from: row.monthFrom,
    year_to: row.yearTo,
    month_to: row.monthTo,
    body: row.body as Vehicle['body'],
    engine_code: row.engineCode,
    engine_litres: row.engineDecilitres === null ? null : row.engineDecilitres / 10,
    fuel: row.fuel as Vehicle['fuel'],
    power_kw: row.powerKw,
    drive: row.drive as Vehicle['drive'],
  };
  return { ...vehicle, label: vehicleLabel(vehicle) };
}

const sameText = (column: typeof vehicles.make | typeof vehicles.model, value: string) =>
  sql`lower(${column}) = lower(${value.trim()})`;

/** Every make, A to Z. */
export async function listMakes(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ make: vehicles.make }).from(vehicles).orderBy(asc(vehicles.make));
  return rows.map((r) => r.make);
}

/** The models of `make`, A to Z (none for a make the store does not know). */
export async function listModels(db: Database, make: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ model: vehicles.model })
    .from(vehicles)
    .where(sameText(vehicles.make, make))
    .orderBy(asc(vehicles.model));
  return rows.map((r) => r.model);
}

/**
 * The model years in which `make` `model` was sold, newest first; a vehicle still sold counts up to `thisYear`
 * (default: the current year).
 */
export async function listYears(
  db: Database,
  make: string,
  model: string,
  thisYear = new Date().getFullYear(),
): Promise<number[]> {
  const rows = await db
    .select({ from: vehicles.yearFrom, to: vehicles.yearTo })
    .from(vehicles)
    .where(and(sameText(vehicles.make, make), sameText(vehicles.model, model)));
  const years = new Set<number>();
  for (const { from, to } of rows) for (let y = from; y <= Math.max(from, to ?? thisYear); y++) years.add(y);
  return [...years].sort((a, b) => b - a);
}

/** The variants of `make` `model` sold in `year`: by series, submodel, engine size, body and drive. */
export async function listVariants(
  db: Database,
  make: string,
  model: string,
  year: number,
): Promise<VehicleAnswer[]> {
  const rows = await db
    .select()
    .from(vehicles)
    .where(
      and(
        sameText(vehicles.make, make),
        sameText(vehicles.model, model),
        lte(vehicles.yearFrom, year),
        or(isNull(vehicles.yearTo), gte(vehicles.yearTo, year)),
      ),
    )
    .orderBy(
      asc(vehicles.series),
      asc(vehicles.submodel),
      asc(vehicles.engineDecilitres),
      asc(vehicles.body),
      asc(vehicles.drive),
      asc(vehicles.id),
    );
  return rows.map(presentVehicle);
}

/** The vehicle `id`, or null. */
export async function findVehicle(db: Database, id: number): Promise<VehicleAnswer | null> {
  const [row] = await db.select().from(vehicles).where(eq(vehicles.id, id)).limit(1);
  return row ? presentVehicle(row) : null;
}

/**
 * The vehicles product `productId` fits, grouped by make and model (A to Z; within a model by start year, series
 * and position), with whether it is universal. `sku` is echoed as given by the caller.
 */
export async function productFitment(
  db: Database,
  product: { id: number; sku: string; universal: boolean },
): Promise<ProductFitment> {
  const rows = await db
    .select({
      vehicle: vehicles,
      position: fitments.position,
      notes: fitments.notes,
      source: fitments.source,
    })
    .from(fitments)
    .innerJoin(vehicles, eq(vehicles.id, fitments.vehicleId))
    .where(eq(fitments.productId, product.id))
    .orderBy(
      asc(vehicles.make),
      asc(vehicles.model),
      asc(vehicles.yearFrom),
      asc(vehicles.series),
      asc(vehicles.id),
      asc(fitments.position),
    );
  const groups: ProductFitment['groups'] = [];
  for (const row of rows) {
    let group = groups.at(-1);
    if (!group || group.make !== row.vehicle.make || group.model !== row.vehicle.model) {
      group = { make: row.vehicle.make, model: row.vehicle.model, fits: [] };
      groups.push(group);
    }
    group.fits.push({
      vehicle: presentVehicle(row.vehicle),
      position: row.position,
      notes: row.notes,
      source: row.source,
    });
  }
  return { sku: product.sku, universal: product.universal, groups };
}
