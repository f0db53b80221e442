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
 * How the store names a vehicle: with `year`, the shopper's own car as the garage chip shows it ("2017 Toyota
 * HiLux SR5 2.8 TD"); without, the variant with its years ("Toyota HiLux GUN126R SR5 2.8 TD 4WD Ute, 2015-").
 */
export function vehicleLabel(v: Omit<Vehicle, 'id'>, year?: number): string {
  const engine =
    v.engine_litres !== null ? ` ${v.engine_litres.toFixed(1)}${FUEL_SHORT[v.fuel]}` : FUEL_SHORT[v.fuel];
  const submodel = v.submodel ? ` ${v.submodel}` : '';
  if (year !== undefined) return `${year} ${v.make} ${v.model}${submodel}${engine}`;
  return `${v.make} ${v.model} ${v.series}${submodel}${engine} ${v.drive} ${v.body}, ${yearSpan(v)}`;
}

/** True when the vehicle was sold in model year `year`. */
export function vehicleCoversYear(v: Pick<Vehicle, 'year_from' | 'year_to'>, year: number): boolean {
  return v.year_from <= year && (v.year_to === null || year <= v.year_to);
}
