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
import { IntColumn } from './int-column';
import { slicePauser } from './run-in-slices';

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
  /**
   * `statusOf` as the bytes that end a product's JSON in an answer: `,"fitment":{…}}` (decision 0032). Built once
   * per status and notes text, so a page by vehicle encodes no JSON per product. Shared, not to be written.
   */
  fitmentTail(vehicleId: number, productId: number, universal: boolean): Buffer;
  /**
   * `fitmentTail` for one vehicle, its fitting parts looked up once: what a page by vehicle calls for each of its
   * products (issue 15 §7).
   */
  fitmentTails(vehicleId: number): (productId: number, universal: boolean) => Buffer;
  /** Fits the vehicle (with or without notes) or fits every vehicle: what a listing by vehicle keeps. */
  keeps(vehicleId: number, productId: number, universal: boolean): boolean;
  /**
   * The ids of the products with fitment rows for the vehicle, ascending (empty for none): with the universal
   * products, what `keeps` keeps. Shared, not to be written.
   */
  fitting(vehicleId: number): Int32Array;
  /** How many vehicle and product pairs fit, in all (a product fitting a vehicle in two positions counts once). */
  readonly pairs: number;
}

const NONE = new Int32Array(0);

const UNIVERSAL: ProductFitStatus = { status: 'universal', notes: null };
const UNKNOWN: ProductFitStatus = { status: 'unknown', notes: null };
const DOES_NOT_FIT: ProductFitStatus = { status: 'does_not_fit', notes: null };
const FITS: ProductFitStatus = { status: 'fits', notes: null };

/** `,"fitment":…}`: what follows a product's stored JSON, less its closing brace. */
const tailOf = (fit: ProductFitStatus) => Buffer.from(`,"fitment":${JSON.stringify(fit)}}`);
const UNIVERSAL_TAIL = tailOf(UNIVERSAL);
const UNKNOWN_TAIL = tailOf(UNKNOWN);
const DOES_NOT_FIT_TAIL = tailOf(DOES_NOT_FIT);
const FITS_TAIL = tailOf(FITS);

/** How a product stands with a vehicle, as a number: a notes number (0 and up) or one of these. */
const IS_UNIVERSAL = -1;
const IS_UNKNOWN = -2;
const IS_NOT_FITTING = -3;
const IS_FITTING = -4;

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
  addVehicle(vehicleId: number, productIds: Int32Array, noted: readonly NotedRow[]): void;
  finish(): FitmentIndex;
} {
  const vehicles = new Set(vehicleIds);
  const byVehicle = new Map<number, VehicleFits>();
  /**
   * Whether a product has any fitment, a byte per product id (grown as ids come): a Set of a million products took
   * 20 million adds and its rehashes at 20 million fitments (decision 0079).
   */
  let fitted = new Uint8Array(1024);
  const markFitted = (id: number) => {
    if (id >= fitted.length) {
      const grown = new Uint8Array(Math.max(id + 1, fitted.length * 2));
      grown.set(fitted);
      fitted = grown;
    }
    fitted[id] = 1;
  };
  const notesText: string[] = [];
  const notesNumber = new Map<string, number>();

  /** Pairs of vehicle and product added (see `FitmentIndex.pairs`). */
  let pairs = 0;
  let vehicle = -1;
  let ids: number[] = [];
  let notes: number[] = [];
  let product = -1;
  let pairRows: { position: string; notes: string }[] = [];
  /** The number of a pair's notes text, or -1 for none. */
  const numberOf = (rows: readonly { position: string; notes: string }[]): number => {
    const text = fitNotes(rows);
    if (text === '') return -1;
    let n = notesNumber.get(text) ?? -1;
    if (n < 0) {
      n = notesText.length;
      notesText.push(text);
      notesNumber.set(text, n);
    }
    return n;
  };
  const closePair = () => {
    if (product < 0) return;
    const n = numberOf(pairRows);
    ids.push(product);
    notes.push(n);
    product = -1;
    pairRows = [];
  };
  const closeVehicle = () => {
    closePair();
    if (vehicle >= 0) {
      byVehicle.set(vehicle, { productIds: Int32Array.from(ids), notes: Int32Array.from(notes) });
      pairs += ids.length;
    }
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
    markFitted(r.productId);
  };
  /**
   * One vehicle at once: `productIds` ascending (a product repeated once per position), `noted` the vehicle's rows
   * with a position or notes, sorted by product and position (rows with neither add nothing to a pair's notes).
   */
  const addVehicle = (vehicleId: number, productIds: Int32Array, noted: readonly NotedRow[]) => {
    const unique = new Int32Array(productIds.length);
    const numbers = new Int32Array(productIds.length);
    let n = 0;
    let at = 0;
    for (const id of productIds) {
      if (n > 0 && unique[n - 1] === id) continue;
      while (at < noted.length && (noted[at] as NotedRow)[0] < id) at++;
      unique[n] = id;
      if (at < noted.length && (noted[at] as NotedRow)[0] === id) {
        const pair: { position: string; notes: string }[] = [];
        for (; at < noted.length && (noted[at] as NotedRow)[0] === id; at++) {
          const [, position, notes] = noted[at] as NotedRow;
          pair.push({ position, notes });
        }
        numbers[n] = numberOf(pair);
      } else numbers[n] = -1;
      n++;
      markFitted(id);
    }
    byVehicle.set(vehicleId, { productIds: unique.slice(0, n), notes: numbers.slice(0, n) });
    pairs += n;
  };
  const finish = (): FitmentIndex => {
    closeVehicle();
    return index;
  };

  /** The tails of `fits_with_notes`, by notes number, made when first asked for. */
  const notesTails: (Buffer | undefined)[] = [];
  const standingIn = (fits: VehicleFits | undefined, productId: number, universal: boolean): number => {
    if (universal) return IS_UNIVERSAL;
    const at = fits ? find(fits.productIds, productId) : -1;
    if (fits && at >= 0) {
      const n = fits.notes[at] as number;
      return n < 0 ? IS_FITTING : n;
    }
    return fitted[productId] === 1 ? IS_NOT_FITTING : IS_UNKNOWN;
  };
  const standing = (vehicleId: number, productId: number, universal: boolean): number =>
    standingIn(byVehicle.get(vehicleId), productId, universal);
  const tailOfStanding = (n: number): Buffer => {
    if (n >= 0) return (notesTails[n] ??= tailOf(withNotes(n)));
    if (n === IS_UNIVERSAL) return UNIVERSAL_TAIL;
    if (n === IS_FITTING) return FITS_TAIL;
    return n === IS_NOT_FITTING ? DOES_NOT_FIT_TAIL : UNKNOWN_TAIL;
  };
  const withNotes = (n: number): ProductFitStatus => ({
    status: 'fits_with_notes',
    notes: notesText[n] as string,
  });

  const index: FitmentIndex = {
    hasVehicle: (id) => vehicles.has(id),
    statusOf(vehicleId, productId, universal) {
      const n = standing(vehicleId, productId, universal);
      if (n >= 0) return withNotes(n);
      if (n === IS_UNIVERSAL) return UNIVERSAL;
      if (n === IS_FITTING) return FITS;
      return n === IS_NOT_FITTING ? DOES_NOT_FIT : UNKNOWN;
    },
    fitmentTail: (vehicleId, productId, universal) =>
      tailOfStanding(standing(vehicleId, productId, universal)),
    fitmentTails(vehicleId) {
      const fits = byVehicle.get(vehicleId);
      return (productId, universal) => tailOfStanding(standingIn(fits, productId, universal));
    },
    keeps(vehicleId, productId, universal) {
      if (universal) return true;
      const fits = byVehicle.get(vehicleId);
      return fits !== undefined && find(fits.productIds, productId) >= 0;
    },
    fitting: (vehicleId) => byVehicle.get(vehicleId)?.productIds ?? NONE,
    get pairs() {
      return pairs;
    },
  };
  return { add, addVehicle, finish };
}

/** A fitment row with a position or notes: product id, position, notes. */
type NotedRow = [number, string, string];

const byProductAndPosition = (a: NotedRow, b: NotedRow) =>
  a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);

/** Heap pages of `fitments` the first statement of loadFitmentIndex reads: about 28,000 fitments. */
const FIRST_PAGES_PER_READ = 256;
/** What one of loadFitmentIndex's statements should take (ms): the pages a statement reads follow it. */
const READ_MS = 40;

/**
 * Every vehicle id and fitment row, read a part of the table at a time and put together per vehicle here, then
 * sorted. Issue 15 §7: reading the 2 million fitment rows of 100,000 products one result row each took 15 s
 * and more on PGlite (its per-row decoding of the answer, not the scan), so each statement aggregates per vehicle:
 * the product ids as one array text, and as JSON only the rows with a position or notes.
 *
 * Each statement reads a range of the table's pages (`ctid`, a TID range scan, PostgreSQL 14+), sized so it takes
 * about READ_MS (decision 0087): on the embedded database a statement holds the event loop, and the two statements
 * over the whole table this replaced held it 0.7 and 1.2 s at 1.9 million fitments (10 times that at a million
 * products). The last range has no end, so rows added while it reads are not lost. A fitment written meanwhile may
 * be read in its old place and its new one; the write moves the catalog version, which loads the index again.
 * `pagesPerRead` fixes the pages a statement reads (tests); by default they follow READ_MS.
 */
export async function loadFitmentIndex(db: Database, pagesPerRead?: number): Promise<FitmentIndex> {
  const vehicleIds = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM vehicles`)).map((r) => r.id);
  const builder = fitmentIndexBuilder(vehicleIds);
  const [size] = rowsOf<{ pages: number }>(
    await db.execute(
      sql`SELECT (pg_relation_size('fitments') / current_setting('block_size')::int)::int AS pages`,
    ),
  );
  const pages = size?.pages ?? 0;
  const ids = new Map<number, IntColumn>();
  const noted = new Map<number, string[]>();
  // Turns of the event loop between pieces of work: at 20 million fitments (50,000 a vehicle) putting them
  // together is seconds of work, done while the view being replaced answers requests (decision 0079).
  const pause = slicePauser();
  let step = pagesPerRead ?? FIRST_PAGES_PER_READ;
  for (let from = 0; ;) {
    const to = from + step;
    const last = to >= pages;
    const started = performance.now();
    const part = rowsOf<{ vehicle_id: number; ids: string; noted: string | null }>(
      await db.execute(sql`
        SELECT vehicle_id, array_agg(product_id)::text AS ids,
          json_agg(json_build_array(product_id, position, notes))
            FILTER (WHERE position <> '' OR notes <> '')::text AS noted
        FROM fitments
        WHERE ctid >= ${`(${from},0)`}::tid ${last ? sql`` : sql`AND ctid < ${`(${to},0)`}::tid`}
        GROUP BY vehicle_id`),
    );
    const took = performance.now() - started;
    // PGlite answers in the same thread: a turn after each statement, not only after rows to put together.
    const turn = pause();
    if (turn) await turn;
    for (const row of part) {
      let list = ids.get(row.vehicle_id);
      // Small to start: a real vehicle list has tens of thousands of vehicles.
      if (!list) ids.set(row.vehicle_id, (list = new IntColumn(64)));
      // `{1,2,3}`: whole numbers, no quotes.
      for (const id of row.ids.slice(1, -1).split(',')) list.push(Number(id));
      if (row.noted !== null) {
        const texts = noted.get(row.vehicle_id);
        if (texts) texts.push(row.noted);
        else noted.set(row.vehicle_id, [row.noted]);
      }
      const turn = pause();
      if (turn) await turn;
    }
    from = to;
    if (last) break;
    if (pagesPerRead === undefined) {
      step = Math.min(65_536, Math.max(16, Math.round((step * READ_MS) / Math.max(took, 1))));
    }
  }
  for (const [vehicleId, list] of ids) {
    const texts = noted.get(vehicleId) ?? [];
    builder.addVehicle(
      vehicleId,
      list.values().sort(),
      texts.flatMap((text) => JSON.parse(text) as NotedRow[]).sort(byProductAndPosition),
    );
    const turn = pause();
    if (turn) await turn;
  }
  return builder.finish();
}
