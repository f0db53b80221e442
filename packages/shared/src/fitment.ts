/**
 * Fitments (issue 15 §2, decision 0030): which product fits which vehicle. The fitment file is the year/make/model
 * format store owners already use with fitment apps: one row per SKU and vehicle range, expanded by the import to
 * every vehicle of the vehicle list (`@store/shared/vehicle`) the range covers. A row whose Make is `Universal`
 * marks the product as fitting every vehicle. Written once here for the import, the API and the web app.
 */
import { z } from 'zod';
import { VEHICLE_YEAR_MAX, VEHICLE_YEAR_MIN, vehicleAnswerSchema } from './vehicle';

/**
 * The fitment file's columns. SKU, Make and Model must be there; any other may be left out, and then reads as empty
 * in every row (Source: manufacturer). A column the store does not read is refused, so a misspelt one is never
 * dropped without a word.
 */
export const FITMENT_CSV_COLUMNS = [
  'SKU',
  'Make',
  'Model',
  'Series',
  'Year From',
  'Year To',
  'Engine',
  'Position',
  'Notes',
  'Source',
] as const;
export type FitmentCsvColumn = (typeof FITMENT_CSV_COLUMNS)[number];
/** The columns a fitment file must have. */
export const FITMENT_CSV_REQUIRED_COLUMNS: readonly FitmentCsvColumn[] = ['SKU', 'Make', 'Model'];

/** Where a fitment fact came from, as stored and answered. */
export const FITMENT_SOURCES = ['manufacturer', 'cross_reference', 'staff'] as const;
export type FitmentSource = (typeof FITMENT_SOURCES)[number];

/** The Make that marks a product as fitting every vehicle. */
export const UNIVERSAL_MAKE = 'Universal';

/**
 * What the Engine cell asks for: an engine size in litres, maybe with a fuel ("2.8", "2.8L", "2.8L diesel"), or an
 * engine code ("1GD-FTV"); null for every engine.
 */
export type EngineFilter =
  | { litres: number; fuel: 'Petrol' | 'Diesel' | 'Hybrid' | 'Electric' | 'LPG' | null }
  | { code: string }
  | null;

const FUELS = {
  petrol: 'Petrol',
  diesel: 'Diesel',
  hybrid: 'Hybrid',
  electric: 'Electric',
  lpg: 'LPG',
} as const;

/** Reads an Engine cell (see EngineFilter). */
export function parseEngineFilter(cell: string): EngineFilter {
  const text = cell.trim();
  if (!text) return null;
  const size = /^(\d{1,2}(?:\.\d)?)\s*l?(?:\s+(petrol|diesel|hybrid|electric|lpg))?$/i.exec(text);
  if (size?.[1]) {
    const fuel = size[2] ? FUELS[size[2].toLowerCase() as keyof typeof FUELS] : null;
    return { litres: Number(size[1]), fuel };
  }
  return { code: text };
}

const optionalYear = (column: FitmentCsvColumn) =>
  z
    .string()
    .trim()
    .refine((s) => s === '' || /^\d{4}$/.test(s), `${column} must be a year such as 2015`)
    .transform((s) => (s === '' ? null : Number(s)))
    .refine(
      (n) => n === null || (n >= VEHICLE_YEAR_MIN && n <= VEHICLE_YEAR_MAX),
      `${column} must be from ${VEHICLE_YEAR_MIN} to ${VEHICLE_YEAR_MAX}`,
    );
const cell = (column: FitmentCsvColumn, max: number) =>
  z.string().trim().max(max, `${column} is at most ${max} characters`);

/** One row of a fitment file, parsed. Each issue names its column (`path[0]`) and says what to fix. */
export const fitmentCsvRowSchema = z
  .object({
    SKU: cell('SKU', 200).min(1, 'SKU is required'),
    Make: cell('Make', 60).min(
      1,
      `Make is required (or ${UNIVERSAL_MAKE} for a part that fits every vehicle)`,
    ),
    Model: cell('Model', 60),
    Series: cell('Series', 60),
    'Year From': optionalYear('Year From'),
    'Year To': optionalYear('Year To'),
    Engine: cell('Engine', 40),
    Position: cell('Position', 60),
    Notes: cell('Notes', 500),
    Source: z
      .string()
      .trim()
      .transform((s) => s.toLowerCase().replace(/[\s-]+/g, '_'))
      .transform((s) => (s === '' ? 'manufacturer' : s))
      .pipe(
        z.enum(FITMENT_SOURCES, {
          error: 'Source must be manufacturer, cross-reference or staff (empty: manufacturer)',
        }),
      ),
  })
  .superRefine((row, ctx) => {
    const universal = row.Make.toLowerCase() === UNIVERSAL_MAKE.toLowerCase();
    if (universal) {
      for (const column of ['Model', 'Series', 'Engine', 'Position'] as const)
        if (row[column])
          ctx.addIssue({
            code: 'custom',
            path: [column],
            message: `a ${UNIVERSAL_MAKE} row names no ${column}`,
          });
      if (row['Year From'] !== null || row['Year To'] !== null)
        ctx.addIssue({
          code: 'custom',
          path: ['Year From'],
          message: `a ${UNIVERSAL_MAKE} row names no years`,
        });
      return;
    }
    if (!row.Model) ctx.addIssue({ code: 'custom', path: ['Model'], message: 'Model is required' });
    const from = row['Year From'];
    const to = row['Year To'];
    if (from !== null && to !== null && to < from)
      ctx.addIssue({ code: 'custom', path: ['Year To'], message: 'Year To must not be before Year From' });
  })
  .transform((row) => ({
    sku: row.SKU,
    universal: row.Make.toLowerCase() === UNIVERSAL_MAKE.toLowerCase(),
    make: row.Make,
    model: row.Model,
    series: row.Series,
    yearFrom: row['Year From'],
    yearTo: row['Year To'],
    engine: parseEngineFilter(row.Engine),
    position: row.Position,
    notes: row.Notes,
    source: row.Source,
  }));
export type FitmentCsvRow = z.output<typeof fitmentCsvRowSchema>;

/** One vehicle a product fits, with the position and notes of that fitment (`GET /api/products/{sku}/fitment`). */
export const vehicleFitSchema = z.object({
  vehicle: vehicleAnswerSchema,
  position: z.string(),
  notes: z.string(),
  source: z.enum(FITMENT_SOURCES),
});
export type VehicleFit = z.infer<typeof vehicleFitSchema>;

/**
 * The vehicles a product fits, grouped by make and model (A to Z; within a model by start year and series), or
 * `universal` for a part that fits every vehicle. Both empty: the store has no fitment data for it.
 */
export const productFitmentSchema = z.object({
  sku: z.string(),
  universal: z.boolean(),
  groups: z.array(z.object({ make: z.string(), model: z.string(), fits: z.array(vehicleFitSchema) })),
});
export type ProductFitment = z.infer<typeof productFitmentSchema>;

/**
 * How a product stands with the vehicle a listing was asked for (issue 15 §4, decision 0032): it fits (with the
 * fitment's position and notes: `fits_with_notes`), does not fit (the store knows which vehicles it fits, and this
 * is not one), fits every vehicle (`universal`), or the store has no fitment data for it (`unknown`).
 */
export const FITMENT_STATUSES = ['fits', 'fits_with_notes', 'does_not_fit', 'universal', 'unknown'] as const;
export type FitmentStatus = (typeof FITMENT_STATUSES)[number];

/** `fitment` of a product in an answer asked with `vehicle=`; `notes` only for `fits_with_notes`. */
export const productFitStatusSchema = z.strictObject({
  status: z.enum(FITMENT_STATUSES),
  notes: z.string().nullable(),
});
export type ProductFitStatus = z.infer<typeof productFitStatusSchema>;

/** The statuses a listing filtered by vehicle keeps: parts that fit, with or without notes, and universal ones. */
export const FITTING_STATUSES: readonly FitmentStatus[] = ['fits', 'fits_with_notes', 'universal'];

/**
 * One line of notes for a product on one vehicle, from its fitment rows (position and notes each):
 * `Front, with ABS; Rear`. '' when no row has either.
 */
export function fitNotes(rows: readonly { position: string; notes: string }[]): string {
  return rows
    .map((r) => [r.position, r.notes].filter((s) => s !== '').join(', '))
    .filter((s) => s !== '')
    .join('; ');
}
