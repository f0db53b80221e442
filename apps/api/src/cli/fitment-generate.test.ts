import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { FITMENT_CSV_COLUMNS } from '@store/shared/fitment';
import { generateFitmentCsvChunks, type FitmentTotals, type GeneratorVehicle } from './fitment-generate';

const vehicles: GeneratorVehicle[] = [
  { make: 'Toyota', model: 'Hilux', series: 'AN120', yearFrom: 2015, yearTo: null, engineCode: '1GD-FTV' },
  { make: 'Toyota', model: 'Hilux', series: 'AN120', yearFrom: 2015, yearTo: 2020, engineCode: '2GD-FTV' },
  { make: 'Ford', model: 'Ranger', series: 'PX', yearFrom: 2011, yearTo: 2015, engineCode: 'P4AT' },
  { make: 'Ford', model: 'Ranger', series: 'PX III', yearFrom: 2018, yearTo: 2022, engineCode: 'P5AT' },
  { make: 'Mazda', model: 'BT-50', series: 'UR', yearFrom: 2015, yearTo: 2020, engineCode: 'P4AT' },
];
const skus = Array.from({ length: 40 }, (_, i) => `SKU-${i}`);

/** The pieces and the totals of one generation. */
function generate(productsPerChunk: number): { pieces: string[]; totals: FitmentTotals } {
  const chunks = generateFitmentCsvChunks({ skus, vehicles, seed: 4, perProduct: 3, productsPerChunk });
  const pieces: string[] = [];
  for (let r = chunks.next(); ; r = chunks.next()) {
    if (r.done) return { pieces, totals: r.value };
    pieces.push(r.value);
  }
}

describe('generateFitmentCsvChunks', () => {
  it('writes the same file in pieces of any size, and counts its rows', () => {
    const whole = generate(1000);
    const pieces = generate(3);
    expect(whole.pieces).toHaveLength(2);
    expect(pieces.pieces).toHaveLength(1 + Math.ceil(skus.length / 3));
    expect(pieces.pieces.join('')).toBe(whole.pieces.join(''));
    expect(pieces.totals).toEqual(whole.totals);
    const records = parse(pieces.pieces.join(''), { columns: true }) as Record<string, string>[];
    expect(Object.keys(records[0] ?? {})).toEqual([...FITMENT_CSV_COLUMNS]);
    expect(records).toHaveLength(pieces.totals.rows);
    expect(new Set(records.map((r) => r.SKU))).toEqual(new Set(skus));
  });

  it('refuses bad options when called, before any piece is asked for', () => {
    expect(() => generateFitmentCsvChunks({ skus, vehicles: [] })).toThrow(RangeError);
    expect(() => generateFitmentCsvChunks({ skus, vehicles, productsPerChunk: 0 })).toThrow(RangeError);
  });
});
