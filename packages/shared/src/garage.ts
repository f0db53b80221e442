/**
 * My Garage (issue 15 §5, decision 0033): the vehicles a shopper keeps to shop by. A member's garage lives on the
 * server (`/api/garage`); a guest's lives in the browser's local storage and is merged into the account at
 * sign-in (`POST /api/garage/merge`). Each entry is one vehicle of the store's vehicle list (`./vehicle`) in the
 * model year the shopper chose, with an optional name of their own ("Work ute"). One source for both sides.
 */
import { z } from 'zod';
import { noControlCharacters } from './text-schemas';
import { VEHICLE_YEAR_MAX, VEHICLE_YEAR_MIN, vehicleAnswerSchema, type Vehicle } from './vehicle';

/** How many vehicles one garage holds. */
export const MAX_GARAGE_VEHICLES = 10;
/** The longest name a shopper may give a vehicle. */
export const GARAGE_NAME_MAX_LENGTH = 40;
const MAX_ID = 2_147_483_647;

/** What the garage says, on both sides. */
export const GARAGE_MESSAGES = {
  full: `Your garage holds up to ${MAX_GARAGE_VEHICLES} vehicles; remove one to add another`,
  mergeTooMany: `Your garage holds up to ${MAX_GARAGE_VEHICLES} vehicles; send at most ${MAX_GARAGE_VEHICLES} to merge`,
  vehicleId: 'vehicle_id must be a vehicle id such as 12, from the vehicle selector',
  year: `Year must be a model year from ${VEHICLE_YEAR_MIN} to ${VEHICLE_YEAR_MAX}, such as 2017`,
  nameText: 'Name must be text, such as "Work ute"',
  nameRequired: 'Name is required: send the new name, or null to clear it',
  nameTooLong: `Name must be ${GARAGE_NAME_MAX_LENGTH} characters or fewer`,
  vehiclesList:
    'vehicles must be a list of the vehicles to merge, such as [{ "vehicle_id": 12, "year": 2017 }]',
} as const;

/** "There is no vehicle 999 in the store's vehicle list". */
export const garageUnknownVehicleMessage = (vehicleId: number) =>
  `There is no vehicle ${vehicleId} in the store's vehicle list`;

/** "Toyota HiLux GUN126R was sold from 2015 to 2020: choose a year from 2015 to 2020" (2015 on, while still sold). */
export function garageYearNotCoveredMessage(
  v: Pick<Vehicle, 'make' | 'model' | 'series' | 'year_from' | 'year_to'>,
): string {
  const span = v.year_to === null ? `${v.year_from} on` : `${v.year_from} to ${v.year_to}`;
  return `${v.make} ${v.model} ${v.series} was sold from ${span}: choose a year from ${span}`;
}

/** "No vehicle with id 12 in your garage" (another member's entry answers the same, DESIGN §5.4). */
export const garageEntryNotFoundMessage = (id: number) => `No vehicle with id ${id} in your garage`;

/** One vehicle in a garage, as the API answers it. */
export const garageVehicleSchema = z.object({
  /** The garage entry's id (what PATCH and DELETE name), not the vehicle's. */
  id: z.number().int(),
  vehicle_id: z.number().int(),
  /** The model year the shopper chose. */
  year: z.number().int(),
  /** The shopper's own name for it ("Work ute"), or null. */
  name: z.string().nullable(),
  vehicle: vehicleAnswerSchema,
  /** `vehicleLabel(vehicle, year)`: "2017 Toyota HiLux GUN126R SR5 2.8 TD 4WD Ute", as the garage chip shows it. */
  label: z.string(),
  created_at: z.string(),
});
export type GarageVehicle = z.infer<typeof garageVehicleSchema>;

/** `GET /api/garage` and `POST /api/garage/merge` answer: the whole garage, oldest first. */
export const garageListResponseSchema = z.object({ data: z.array(garageVehicleSchema) });
/** `POST /api/garage` and `PATCH /api/garage/{id}` answer: one entry. */
export const garageVehicleResponseSchema = z.object({ data: garageVehicleSchema });

const vehicleId = z
  .number({ error: GARAGE_MESSAGES.vehicleId })
  .int(GARAGE_MESSAGES.vehicleId)
  .min(1, GARAGE_MESSAGES.vehicleId)
  .max(MAX_ID, GARAGE_MESSAGES.vehicleId);

const year = z
  .number({ error: GARAGE_MESSAGES.year })
  .int(GARAGE_MESSAGES.year)
  .min(VEHICLE_YEAR_MIN, GARAGE_MESSAGES.year)
  .max(VEHICLE_YEAR_MAX, GARAGE_MESSAGES.year);

const nameText = (required: boolean) =>
  z
    .string({
      error: (issue) =>
        required && issue.input === undefined ? GARAGE_MESSAGES.nameRequired : GARAGE_MESSAGES.nameText,
    })
    .trim()
    .max(GARAGE_NAME_MAX_LENGTH, GARAGE_MESSAGES.nameTooLong)
    .superRefine(noControlCharacters('Name'))
    .transform((name) => (name === '' ? null : name));

/** A shopper's name for a vehicle: trimmed, at most 40 characters, one line; '' means no name (null). */
export const garageNameSchema = nameText(false);

/**
 * One vehicle to keep: `vehicle_id` from the vehicle selector, the model year (default: the vehicle's first
 * year; it must be a year the vehicle was sold) and an optional name.
 */
export const garageAddSchema = z.object({
  vehicle_id: vehicleId,
  year: year.optional(),
  name: garageNameSchema.optional(),
});
export type GarageAddInput = z.input<typeof garageAddSchema>;
export type GarageAdd = z.output<typeof garageAddSchema>;

/** `PATCH /api/garage/{id}` body: the new name; null or '' clears it. */
export const garageRenameSchema = z.object({ name: nameText(true).nullable() });
export type GarageRename = z.output<typeof garageRenameSchema>;

/**
 * `POST /api/garage/merge` body: a guest's garage from local storage, in its order. Vehicles the store no longer
 * lists and years a vehicle does not cover are skipped by the server, not refused (local storage can be stale).
 */
export const garageMergeSchema = z.object({
  vehicles: z
    .array(garageAddSchema, { error: GARAGE_MESSAGES.vehiclesList })
    .max(MAX_GARAGE_VEHICLES, GARAGE_MESSAGES.mergeTooMany),
});
export type GarageMergeInput = z.input<typeof garageMergeSchema>;
export type GarageMerge = z.output<typeof garageMergeSchema>;
