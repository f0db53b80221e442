/**
 * How the store names a vehicle (issue 15, decision 0029), without zod, so the web app's shell can name the
 * shopper's vehicle without loading the schemas (decision 0005).
 */
import type { Vehicle } from './vehicle';

const FUEL_SHORT: Record<Vehicle['fuel'], string> = {
  Petrol: '',
  Diesel: ' TD',
  Hybrid: ' Hybrid',
  Electric: ' EV',
  LPG: ' LPG',
};

function yearSpan(v: Pick<Vehicle, 'year_from' | 'month_from' | 'year_to' | 'month_to'>): string {
  const at = (year: number, month: number | null) =>
    month ? `${String(month).padStart(2, '0')}/${year}` : `${year}`;
  return `${at(v.year_from, v.month_from)}-${v.year_to === null ? '' : at(v.year_to, v.month_to)}`;
}

/**
 * How the store names a vehicle: with `year`, the shopper's own car as the garage and the vehicle bar show it
 * ("2017 Toyota HiLux GUN126R SR5 2.8 TD 4WD Ute"); without, the variant with its years ("Toyota HiLux GUN126R
 * SR5 2.8 TD 4WD Ute, 2015-"). Both carry the series, drive and body (issue 37 §5): a 2WD and a 4WD HiLux of the
 * same year take different parts, so a label without them names two vehicles.
 */
export function vehicleLabel(v: Omit<Vehicle, 'id'>, year?: number): string {
  const engine =
    v.engine_litres !== null ? ` ${v.engine_litres.toFixed(1)}${FUEL_SHORT[v.fuel]}` : FUEL_SHORT[v.fuel];
  const submodel = v.submodel ? ` ${v.submodel}` : '';
  const variant = `${v.make} ${v.model} ${v.series}${submodel}${engine} ${v.drive} ${v.body}`;
  return year !== undefined ? `${year} ${variant}` : `${variant}, ${yearSpan(v)}`;
}

/**
 * The shopper's car in a sentence, shorter than `vehicleLabel` but still one vehicle: the year, make, model,
 * series, drive and body ("2017 Toyota HiLux GUN126R 4WD Ute"), as listings, fit checks and the cart say "parts
 * that fit your …" (issue 37 §5).
 */
export function vehicleShortLabel(
  v: Pick<Vehicle, 'make' | 'model' | 'series' | 'drive' | 'body'>,
  year: number,
): string {
  return `${year} ${v.make} ${v.model} ${v.series} ${v.drive} ${v.body}`;
}

/** True when the vehicle was sold in model year `year`. */
export function vehicleCoversYear(v: Pick<Vehicle, 'year_from' | 'year_to'>, year: number): boolean {
  return v.year_from <= year && (v.year_to === null || year <= v.year_to);
}
