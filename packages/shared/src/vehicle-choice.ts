/**
 * The vehicle selector's choices as an address's query (issue 37 §1, decision 0055): `make`, `model`, `year` and
 * `vehicle` (the variant's id), the names of the selector's four lists. The selector is a GET form, so without
 * scripts each step submits them to the page it is on, which the server renders with the next list filled; a
 * submit naming all four chooses the vehicle (the server sets the `vehicle` cookie and answers with the shop).
 * Zod-free: the web app's shell reads it (decision 0005).
 */

/** What the selector has chosen so far: '' and null for a list not chosen yet. */
export interface VehicleChoice {
  make: string;
  model: string;
  year: number | null;
  vehicle_id: number | null;
}

/** The selector's field names, which are the address's parameters. */
export const VEHICLE_CHOICE_FIELDS = {
  make: 'make',
  model: 'model',
  year: 'year',
  vehicle: 'vehicle',
} as const;

export const NO_VEHICLE_CHOICE: VehicleChoice = { make: '', model: '', year: null, vehicle_id: null };

/** Names and values are short: a make or model longer than this is no choice of the list. */
const MAX_NAME_LENGTH = 80;

function positiveInteger(raw: string | null, digits: number): number | null {
  const text = raw?.trim() ?? '';
  return new RegExp(`^\\d{1,${digits}}$`).test(text) && Number(text) > 0 ? Number(text) : null;
}

function name(raw: string | null): string {
  const text = raw?.trim() ?? '';
  return text.length <= MAX_NAME_LENGTH ? text : '';
}

/**
 * The choices an address carries, each only with the ones before it (a model without a make is no choice):
 * what the selector starts from, and what the server renders it with.
 */
export function readVehicleChoice(search: URLSearchParams): VehicleChoice {
  const make = name(search.get(VEHICLE_CHOICE_FIELDS.make));
  const model = make ? name(search.get(VEHICLE_CHOICE_FIELDS.model)) : '';
  const year = model ? positiveInteger(search.get(VEHICLE_CHOICE_FIELDS.year), 4) : null;
  const vehicle_id = year !== null ? positiveInteger(search.get(VEHICLE_CHOICE_FIELDS.vehicle), 9) : null;
  return { make, model, year, vehicle_id };
}

/** True when the address names a whole choice: the selector's last step, which chooses the vehicle. */
export function isCompleteVehicleChoice(
  choice: VehicleChoice,
): choice is VehicleChoice & { year: number; vehicle_id: number } {
  return choice.make !== '' && choice.model !== '' && choice.year !== null && choice.vehicle_id !== null;
}

/** The cookie pages are rendered for (decision 0034), written by the web app and by a choice made without scripts. */
export const VEHICLE_COOKIE = 'vehicle';
/** A year: the cookie lives as long as a shopper keeps their car chosen. */
export const VEHICLE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The `vehicle` cookie's value: `{vehicle_id}-{year}`. */
export function vehicleCookieValue(vehicle: { vehicle_id: number; year: number }): string {
  return `${vehicle.vehicle_id}-${vehicle.year}`;
}
