/**
 * `npx tsx src/cli/fitment-generate.ts --catalog <catalog.csv> --vehicles <vehicles.csv> [--out <fitments.csv>]
 * [--seed S] [--per-product N] [--universal F]`: writes a synthetic fitment file (decision 0030, the columns of
 * FITMENT_CSV_COLUMNS) for the products of a catalog CSV (its SKU column, e.g. from `npm run catalog:generate`) and
 * the vehicles of a vehicle list (the columns of `npm run vehicles:import`, e.g. data/demo-vehicles/vehicles.csv),
 * as a store owner's fitment app would export it. Used by the benchmark (`npm run bench`).
 *
 * Each row names one range of the vehicle list: a make, model and series, now and then narrowed by a Year From or
 * an engine code, some with a Position, Notes or a Source. Per product, distinct ranges are picked (mostly of one
 * make, as a part usually fits one maker's models) until their expansion reaches about `--per-product` vehicles
 * (default 20); a share `--universal` of the products (default 0.1) get one Universal row instead. The generator
 * expands every range itself, as the import does, so it never writes a range that matches no vehicle and can say
 * how many fitments the file makes. Deterministic: the same inputs and --seed (default 1) give the same file.
 */
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { seededRandom } from '../modules/catalog-import/generate-catalog-csv';
import { FITMENT_CSV_COLUMNS, parseEngineFilter, UNIVERSAL_MAKE } from '@store/shared/fitment';
import { isMainModule } from './is-main-module';

/** The fields of a vehicle list row a range is matched on. */
export interface GeneratorVehicle {
  make: string;
  model: string;
  series: string;
  yearFrom: number;
  /** null: still sold. */
  yearTo: number | null;
  engineCode: string;
}

/** What a generated fitment file holds. */
export interface FitmentTotals {
  /** Rows written (ranges and Universal rows). */
  rows: number;
  /** Fitment rows the import makes of them (one per product, vehicle and position). */
  fitments: number;
  /** Products marked Universal. */
  universal: number;
}

const POSITIONS = ['Front', 'Rear', 'Driver', 'Passenger', 'Front Left', 'Front Right'];
const NOTES = [
  'with ABS',
  'except Raptor',
  'with rear disc brakes',
  'halogen headlamps only',
  '4 required',
  'from 08/2016',
  'up to VIN JTF11111',
  'with tow pack',
  'not for cab chassis',
  'with factory alloy wheels',
];

const fold = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** A make, model and series of the vehicle list, and its vehicles. */
interface Group {
  make: string;
  model: string;
  series: string;
  vehicles: GeneratorVehicle[];
}

/** One row's range: the cells it narrows by and how many vehicles it covers. */
interface Range {
  yearFrom: string;
  engine: string;
  covers: number;
}

/** The whole group, or (now and then) the part of it from a year on or with one engine code. */
function pickRange(group: Group, rand: () => number, thisYear: number): Range {
  const roll = rand();
  if (roll < 0.1) {
    const from = Math.min(...group.vehicles.map((v) => v.yearFrom));
    const to = Math.max(...group.vehicles.map((v) => v.yearTo ?? thisYear));
    if (to > from) {
      const cut = from + 1 + Math.floor(rand() * (to - from));
      const covers = group.vehicles.filter((v) => (v.yearTo ?? Number.MAX_SAFE_INTEGER) >= cut).length;
      if (covers > 0) return { yearFrom: String(cut), engine: '', covers };
    }
  } else if (roll < 0.2) {
    const codes = [...new Set(group.vehicles.map((v) => v.engineCode.trim()).filter((c) => c !== ''))].filter(
      (c) => {
        const engine = parseEngineFilter(c);
        return engine !== null && 'code' in engine;
      },
    );
    const code = codes[Math.floor(rand() * codes.length)];
    if (code !== undefined) {
      const covers = group.vehicles.filter((v) => fold(v.engineCode) === fold(code)).length;
      return { yearFrom: '', engine: code, covers };
    }
  }
  return { yearFrom: '', engine: '', covers: group.vehicles.length };
}

/**
 * A fitment file for `skus` over `vehicles` (see the file's comment), in pieces: the header line, then the rows of
 * `productsPerChunk` products (default 5,000) at a time, so a million products' fitments are written as they are
 * made (issue 42 §3); returns the file's totals. Pure; throws RangeError on an empty vehicle list or a bad option.
 */
export function generateFitmentCsvChunks(options: {
  skus: readonly string[];
  vehicles: readonly GeneratorVehicle[];
  seed?: number;
  perProduct?: number;
  universal?: number;
  /** The year a vehicle still sold counts up to when a Year From is picked (default 2025, fixed so that the
   * same inputs give the same file in any year). */
  thisYear?: number;
  productsPerChunk?: number;
}): Generator<string, FitmentTotals> {
  const productsPerChunk = options.productsPerChunk ?? 5000;
  if (!Number.isSafeInteger(productsPerChunk) || productsPerChunk < 1)
    throw new RangeError(`productsPerChunk must be a whole number >= 1, got ${productsPerChunk}`);
  const perProduct = options.perProduct ?? 20;
  const universalShare = options.universal ?? 0.1;
  const thisYear = options.thisYear ?? 2025;
  if (!Number.isFinite(perProduct) || perProduct < 1)
    throw new RangeError(`perProduct must be at least 1, got ${perProduct}`);
  if (!(universalShare >= 0 && universalShare <= 1))
    throw new RangeError(`universal must be from 0 to 1, got ${universalShare}`);
  const groupsByKey = new Map<string, Group>();
  for (const v of options.vehicles) {
    const key = [fold(v.make), fold(v.model), fold(v.series)].join('|');
    const group = groupsByKey.get(key) ?? { make: v.make, model: v.model, series: v.series, vehicles: [] };
    groupsByKey.set(key, group);
    group.vehicles.push(v);
  }
  const groups = [...groupsByKey.values()];
  if (!groups.length) throw new RangeError('the vehicle list is empty');
  const byMake = new Map<string, Group[]>();
  for (const g of groups) byMake.set(fold(g.make), [...(byMake.get(fold(g.make)) ?? []), g]);

  // Checked above, at the call; the rows are made as the pieces are asked for.
  return (function* () {
    const rand = seededRandom(options.seed ?? 1);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
    yield stringify([[...FITMENT_CSV_COLUMNS]]);
    let rows: string[][] = [];
    let written = 0;
    let fitments = 0;
    let universal = 0;
    let products = 0;
    for (const sku of options.skus) {
      if (products++ === productsPerChunk) {
        yield stringify(rows);
        written += rows.length;
        rows = [];
        products = 1;
      }
      if (rand() < universalShare) {
        rows.push([sku, UNIVERSAL_MAKE, '', '', '', '', '', '', '', '']);
        universal++;
        continue;
      }
      const used = new Set<Group>();
      let covered = 0;
      let make = pick(groups).make;
      for (let attempt = 0; attempt < 200 && covered < perProduct; attempt++) {
        // Mostly the same make as the last range; sometimes another make's.
        const group = rand() < 0.75 ? pick(byMake.get(fold(make)) ?? groups) : pick(groups);
        if (used.has(group)) continue;
        const range = pickRange(group, rand, thisYear);
        // Do not overshoot by much, unless nothing has been picked yet.
        if (covered > 0 && covered + range.covers > perProduct + 3) continue;
        used.add(group);
        make = group.make;
        const position = rand() < 0.3 ? pick(POSITIONS) : '';
        const notes = rand() < 0.15 ? pick(NOTES) : '';
        const sourceRoll = rand();
        const source = sourceRoll < 0.07 ? 'cross-reference' : sourceRoll < 0.1 ? 'staff' : '';
        rows.push([
          sku,
          group.make,
          group.model,
          group.series,
          range.yearFrom,
          '',
          range.engine,
          position,
          notes,
          source,
        ]);
        covered += range.covers;
      }
      fitments += covered;
    }
    if (rows.length > 0) yield stringify(rows);
    return { rows: written + rows.length, fitments, universal };
  })();
}

/** The vehicles of a vehicle list CSV (the columns of `npm run vehicles:import`). */
export function readVehicleList(text: string): GeneratorVehicle[] {
  const records = parse(text, { columns: true, skip_empty_lines: true, bom: true }) as Record<
    string,
    string
  >[];
  return records.map((r) => ({
    make: r.Make ?? '',
    model: r.Model ?? '',
    series: r.Series ?? '',
    yearFrom: Number(r['Year From']),
    yearTo: r['Year To'] ? Number(r['Year To']) : null,
    engineCode: r['Engine Code'] ?? '',
  }));
}

/**
 * The SKUs of a catalog CSV (its SKU column), from its text or its bytes (a million products' file is longer than
 * one string can be). Only the SKUs are kept of each row as it is read.
 */
export function readCatalogSkus(text: string | Buffer): string[] {
  const skus = parse(text, {
    columns: true,
    skip_empty_lines: true,
    bom: true,
    on_record: (record: Record<string, string>) => record.SKU ?? '',
  }) as unknown as string[];
  return skus.filter((s) => s !== '');
}

const USAGE = `Usage: npx tsx src/cli/fitment-generate.ts --catalog <catalog.csv> --vehicles <vehicles.csv>
                  [--out <fitments.csv>] [--seed <S>] [--per-product <N>] [--universal <F>]

Writes a synthetic fitment file (SKU,Make,Model,Series,Year From,Year To,Engine,Position,Notes,Source) for every
SKU of the catalog, over the vehicle list: about N vehicles per product after expansion (default 20), a share F of
the products Universal (default 0.1). The same files and --seed (default 1) give the same output.`;

async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        catalog: { type: 'string' },
        vehicles: { type: 'string' },
        out: { type: 'string' },
        seed: { type: 'string', default: '1' },
        'per-product': { type: 'string', default: '20' },
        universal: { type: 'string', default: '0.1' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!values.catalog || !values.vehicles) {
    process.stderr.write(`--catalog and --vehicles are required\n\n${USAGE}\n`);
    return 2;
  }
  const seed = Number(values.seed);
  const perProduct = Number(values['per-product']);
  const universal = Number(values.universal);
  if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(perProduct) || perProduct < 1) {
    process.stderr.write(
      `--seed and --per-product must be whole numbers (--per-product at least 1)\n\n${USAGE}\n`,
    );
    return 2;
  }
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const [catalogText, vehiclesText] = await Promise.all([
    readFile(path.resolve(cwd, values.catalog)),
    readFile(path.resolve(cwd, values.vehicles), 'utf8'),
  ]);
  let chunks: Generator<string, FitmentTotals>;
  try {
    chunks = generateFitmentCsvChunks({
      skus: readCatalogSkus(catalogText),
      vehicles: readVehicleList(vehiclesText),
      seed,
      perProduct,
      universal,
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  let totals: FitmentTotals | undefined;
  const pieces = Readable.from(
    (function* () {
      totals = yield* chunks;
    })(),
  );
  const file = values.out ? path.resolve(cwd, values.out) : null;
  // Written as it is made: a million products' fitments are longer than one string can be (issue 42 §3).
  await pipeline(pieces, file ? createWriteStream(file) : process.stdout, { end: file !== null });
  const summary = totals
    ? `${totals.rows} rows, ${totals.fitments} fitments after expansion, ${totals.universal} universal products`
    : '';
  process.stderr.write(file ? `Wrote ${summary} to ${file}\n` : `${summary}\n`);
  return 0;
}

if (isMainModule(import.meta.url, 'fitment-generate.ts')) {
  process.exitCode = await main(process.argv.slice(2));
}
