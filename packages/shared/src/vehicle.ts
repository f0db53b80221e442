/**
 * Vehicles as parts catalogues model them (issue 15, decision 0029): a make, model and series (the generation or
 * chassis code Australian catalogues use: HiLux GUN126R, Commodore VF), an optional submodel where parts differ by
 * trim, the years (and months, where known) it was sold, and the body, engine and drive parts differ by. One
 * source of truth for the vehicle list's CSV rows (`npm run vehicles:import`), the API's answers and the label a
 * shopper sees.
 */
import { z } from 'zod';

export const VEHICLE_BODIES = [
  'Ute',
  'Cab Chassis',
  'Sedan',
  'Hatch',
  'Wagon',
  'SUV',
  'Van',
  'Coupe',
] as const;
export const VEHICLE_FUELS = ['Petrol', 'Diesel', 'Hybrid', 'Electric', 'LPG'] as const;
export const VEHICLE_DRIVES = ['2WD', '4WD', 'AWD', 'FWD', 'RWD'] as const;

/** The earliest and latest model years the store takes. */
export const VEHICLE_YEAR_MIN = 1950;
export const VEHICLE_YEAR_MAX = 2100;

/** The vehicle list's CSV columns, in order (decision 0029). */
export const VEHICLE_CSV_COLUMNS = [
  'Make',
  'Model',
  'Series',
  'Submodel',
  'Year From',
  'Month From',
  'Year To',
  'Month To',
  'Body',
  'Engine Code',
  'Engine Litres',
  'Fuel',
  'Power kW',
  'Drive',
] as const;
export type VehicleCsvColumn = (typeof VEHICLE_CSV_COLUMNS)[number];

/** One vehicle as stored and answered (`GET /api/vehicles/{id}`). Years are model years; months 1-12. */
export const vehicleSchema = z.object({
  id: z.number().int(),
  make: z.string(),
  model: z.string(),
  series: z.string(),
  /** Trim family where parts differ by it (e.g. "SR5", "Raptor"); empty otherwise. */
  submodel: z.string(),
  year_from: z.number().int(),
  month_from: z.number().int().nullable(),
  /** Null while the vehicle is still sold. */
  year_to: z.number().int().nullable(),
  month_to: z.number().int().nullable(),
  body: z.enum(VEHICLE_BODIES),
  engine_code: z.string(),
  /** Engine size in litres, one decimal (2.8); null for electric vehicles. */
  engine_litres: z.number().nullable(),
  fuel: z.enum(VEHICLE_FUELS),
  power_kw: z.number().int().nullable(),
  drive: z.enum(VEHICLE_DRIVES),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** A vehicle with the label the store shows for it. */
export const vehicleAnswerSchema = vehicleSchema.extend({ label: z.string() });
export type VehicleAnswer = z.infer<typeof vehicleAnswerSchema>;

const text = (column: VehicleCsvColumn, max: number) =>
  z.string().trim().min(1, `${column} is required`).max(max, `${column} is at most ${max} characters`);
const optionalText = (column: VehicleCsvColumn, max: number) =>
  z.string().trim().max(max, `${column} is at most ${max} characters`);
const optionalWhole = (column: VehicleCsvColumn, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((s) => s === '' || /^\d+$/.test(s), `${column} must be a whole number`)
    .transform((s) => (s === '' ? null : Number(s)))
    .refine((n) => n === null || (n >= min && n <= max), `${column} must be from ${min} to ${max}`);
const year = (column: VehicleCsvColumn) => optionalWhole(column, VEHICLE_YEAR_MIN, VEHICLE_YEAR_MAX);
const oneOf = <T extends readonly [string, ...string[]]>(column: VehicleCsvColumn, values: T) =>
  z
    .string()
    .trim()
    .transform((s) => values.find((v) => v.toLowerCase() === s.toLowerCase()) ?? s)
    .pipe(z.enum(values, { error: `${column} must be one of ${values.join(', ')}` }));

/**
 * One row of the vehicle list's CSV (columns as VEHICLE_CSV_COLUMNS, values as text), parsed into a vehicle.
 * Each issue names its column (`path[0]`) and says what to fix.
 */
export const vehicleCsvRowSchema = z
  .object({
    Make: text('Make', 60),
    Model: text('Model', 60),
    Series: text('Series', 60),
    Submodel: optionalText('Submodel', 60),
    'Year From': year('Year From').refine((n) => n !== null, 'Year From is required'),
    'Month From': optionalWhole('Month From', 1, 12),
    'Year To': year('Year To'),
    'Month To': optionalWhole('Month To', 1, 12),
    Body: oneOf('Body', VEHICLE_BODIES),
    'Engine Code': optionalText('Engine Code', 40),
    'Engine Litres': z
      .string()
      .trim()
      .refine((s) => s === '' || /^\d{1,2}(\.\d)?$/.test(s), 'Engine Litres must be like 2.8 (one decimal)')
      .transform((s) => (s === '' ? null : Number(s))),
    Fuel: oneOf('Fuel', VEHICLE_FUELS),
    'Power kW': optionalWhole('Power kW', 1, 2000),
    Drive: oneOf('Drive', VEHICLE_DRIVES),
  })
  .superRefine((row, ctx) => {
    const from = row['Year From'] ?? 0;
    const to = row['Year To'];
    if (to !== null && (to < from || (to === from && (row['Month To'] ?? 12) < (row['Month From'] ?? 1))))
      ctx.addIssue({ code: 'custom', path: ['Year To'], message: 'Year To must not be before Year From' });
    if (row['Month To'] !== null && to === null)
      ctx.addIssue({ code: 'custom', path: ['Month To'], message: 'Month To needs a Year To' });
  })
  .transform((row): Omit<Vehicle, 'id'> => ({
    make: row.Make,
    model: row.Model,
    series: row.Series,
    submodel: row.Submodel,
    year_from: row['Year From'] ?? 0,
    month_from: row['Month From'],
    year_to: row['Year To'],
    month_to: row['Month To'],
    body: row.Body,
    engine_code: row['Engine Code'],
    engine_litres: row['Engine Litres'],
    fuel: row.Fuel,
    power_kw: row['Power kW'],
    drive: row.Drive,
  }));

/**
 * What makes two rows the same vehicle (the import's upsert key): make, model, series, submodel, start, body,
 * engine code and drive, ignoring case and spacing.
 */
export function vehicleKey(v: Omit<Vehicle, 'id'>): string {
  return [
    v.make,
    v.model,
    v.series,
    v.submodel,
    v.year_from,
    v.month_from ?? '',
    v.body,
    v.engine_code,
    v.drive,
  ]
    .map((part) => String(part).trim().replace(/\s+/g, ' ').toLowerCase())
    .join('|');
}
