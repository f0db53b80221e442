/**
 * Fitments in the catalog read model (issue 15 §4, decision 0032): for each vehicle, the products that fit it and
 * their notes, so that a listing filtered by vehicle and the `fitment` of every product in an answer cost no
 * database round trip. Loaded with each full load of the read model; a fitment or vehicle import bumps the
 * catalog version, which reloads it.
 *
 * Memory: per fitting (vehicle, product) pair 8 bytes (product id and notes number), plus each distinct notes text
 * once. 100,000 products with 20 fitments each: about 16 MB.
 */
import { sql } from 'drizzle-orm';
import { fitNotes, type ProductFitStatus } from '@store/shared/fitment';
import { rowsOf, type Database } from '../../db/client';

/** The products fitting one vehicle. */
interface VehicleFits {
  /** Product ids, ascending. */
  productIds: Int32Array;
  /** Per product: the number of its notes in `FitmentIndex.notes`, or -1 for none. */
  notes: Int32Array;
}

export interface FitmentIndex {
  /** Whether the vehicle list has this id. */
  hasVehicle(vehicleId: number): boolean;
  /** How a product stands with a vehicle (`universal` is the product's own flag). */
  statusOf(vehicleId: number, productId: number, universal: boolean): ProductFitStatus;
  /** Fits the vehicle (with or without notes) or fits every vehicle: what a listing by vehicle keeps. */
  keeps(vehicleId: number, productId: number, universal: boolean): boolean;
}

/** Fitment rows read per round trip. */
const LOAD_CHUNK = 50_000;

const UNIVERSAL: ProductFitStatus = { status: 'universal', notes: null };
const UNKNOWN: ProductFitStatus = { status: 'unknown', notes: null };
const DOES_NOT_FIT: ProductFitStatus = { status: 'does_not_fit', notes: null };
const FITS: ProductFitStatus = { status: 'fits', notes: null };

/** Index of `id` in the ascending `ids`, or -1. */
function find(ids: Int32Array, id: number): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = ids[mid] as number;
    if (v === id) return mid;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** One fitment row as the index reads it. */
export interface FitmentIndexRow {
  vehicleId: number;
  productId: number;
  position: string;
  notes: string;
}

/** Builds an index from fitment rows sorted by vehicle, product (and position). Pure. */
export function buildFitmentIndex(
  vehicleIds: Iterable<number>,
  rows: Iterable<FitmentIndexRow>,
): FitmentIndex {
  const builder = fitmentIndexBuilder(vehicleIds);
  for (const r of rows) builder.add(r);
  return builder.finish();
}

/**
 * An index built a row at a time (rows sorted by vehicle, product, position), so a large fitment table is never
 * held as row objects all at once.
 */
function fitmentIndexBuilder(vehicleIds: Iterable<number>): {
  add(row: FitmentIndexRow): void;
  finish(): FitmentIndex;
} {
  const vehicles = new Set(vehicleIds);
  const byVehicle = new Map<number, VehicleFits>();
  const fitted = new Set<number>();
  const notesText: string[] = [];
  const notesNumber = new Map<string, number>();

  let vehicle = -1;
  let ids: number[] = [];
  let notes: number[] = [];
  let product = -1;
  let pairRows: { position: string; notes: string }[] = [];
  const closePair = () => {
    if (product < 0) return;
    const text = fitNotes(pairRows);
    let n = -1;
    if (text !== '') {
      n = notesNumber.get(text) ?? -1;
      if (n < 0) {
        n = notesText.length;
        notesText.push(text);
        notesNumber.set(text, n);
      }
    }
    ids.push(product);
    notes.push(n);
    product = -1;
    pairRows = [];
  };
  const closeVehicle = () => {
    closePair();
    if (vehicle >= 0)
      byVehicle.set(vehicle, { productIds: Int32Array.from(ids), notes: Int32Array.from(notes) });
    ids = [];
    notes = [];
  };
  const add = (r: FitmentIndexRow) => {
    if (r.vehicleId !== vehicle) {
      closeVehicle();
      vehicle = r.vehicleId;
    }
    if (r.productId !== product) {
      closePair();
      product = r.productId;
    }
    pairRows.push({ position: r.position, notes: r.notes });
    fitted.add(r.productId);
  };
  const finish = (): FitmentIndex => {
    closeVehicle();
    return index;
  };

  const index: FitmentIndex = {
    hasVehicle: (id) => vehicles.has(id),
    statusOf(vehicleId, productId, universal) {
      if (universal) return UNIVERSAL;
      const fits = byVehicle.get(vehicleId);
      const at = fits ? find(fits.productIds, productId) : -1;
      if (fits && at >= 0) {
        const n = fits.notes[at] as number;
        return n < 0 ? FITS : { status: 'fits_with_notes', notes: notesText[n] as string };
      }
      return fitted.has(productId) ? DOES_NOT_FIT : UNKNOWN;
    },
    keeps(vehicleId, productId, universal) {
      if (universal) return true;
      const fits = byVehicle.get(vehicleId);
      return fits !== undefined && find(fits.productIds, productId) >= 0;
    },
  };
  return { add, finish };
}

/** Every vehicle id and fitment row, read a chunk at a time in (vehicle, product, position) order. */
export async function loadFitmentIndex(db: Database): Promise<FitmentIndex> {
  const vehicleIds = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM vehicles`)).map((r) => r.id);
  const builder = fitmentIndexBuilder(vehicleIds);
  let after: [number, number, string] = [0, 0, ''];
  for (;;) {
    const chunk = rowsOf<{ vehicle_id: number; product_id: number; position: string; notes: string }>(
      await db.execute(sql`
        SELECT vehicle_id, product_id, position, notes FROM fitments
        WHERE (vehicle_id, product_id, position) > (${after[0]}, ${after[1]}, ${after[2]})
        ORDER BY vehicle_id, product_id, position
        LIMIT ${LOAD_CHUNK}`),
    );
    for (const r of chunk)
      builder.add({ vehicleId: r.vehicle_id, productId: r.product_id, position: r.position, notes: r.notes });
    const last = chunk[chunk.length - 1];
    if (!last || chunk.length < LOAD_CHUNK) break;
    after = [last.vehicle_id, last.product_id, last.position];
  }
  return builder.finish();
}
