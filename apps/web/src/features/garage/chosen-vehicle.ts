/**
 * The shopper's vehicle as the web app keeps it (stores/garage-store.ts) from a variant of the vehicle list or a
 * garage entry, named as the store names it (issue 15 §5: the chip reads "2017 Toyota HiLux GUN126R SR5 2.8 TD 4WD Ute", issue 37 §5).
 */
import type { GarageVehicle } from '@store/shared/garage';
import type { VehicleAnswer } from '@store/shared/vehicle';
import { vehicleLabel, vehicleShortLabel } from '@store/shared/vehicle-label';
import type { ChosenVehicle } from '@/stores/garage-store';

/** A variant chosen in the selector, for model year `year`. */
export function chosenFromVariant(
  vehicle: VehicleAnswer,
  year: number,
  name: string | null = null,
): ChosenVehicle {
  return {
    vehicle_id: vehicle.id,
    year,
    label: vehicleLabel(vehicle, year),
    short_label: vehicleShortLabel(vehicle, year),
    name,
  };
}

/** A member's garage entry. */
export function chosenFromGarage(entry: GarageVehicle): ChosenVehicle {
  return chosenFromVariant(entry.vehicle, entry.year, entry.name);
}

/**
 * A variant as the selector's last list offers it, without the make and model already chosen:
 * "GUN126R SR5 2.8 TD 4WD Ute, 07/2015-".
 */
export function variantOptionText(vehicle: VehicleAnswer): string {
  const prefix = `${vehicle.make} ${vehicle.model} `;
  return vehicle.label.startsWith(prefix) ? vehicle.label.slice(prefix.length) : vehicle.label;
}
