/**
 * The back office's locations and stock by location (issue 41 §1-2, decision 0069): the wire shapes of
 * `/api/admin/locations`, `/api/admin/products/:id/location-stock` (transfer, count) and `/api/admin/stock-movements`,
 * checked by the server and the browser's forms alike. Refusals are LOCATION_MESSAGES (stock-locations.ts).
 */
import { z } from 'zod';
import { openingHoursSchema } from './store-settings';

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);

/** A location as the back office creates or edits it (every field at once). */
export const adminLocationInputSchema = z
  .object({
    code: z
      .string({ error: 'Enter a code' })
      .trim()
      .toLowerCase()
      .regex(
        /^[a-z0-9]+(-[a-z0-9]+)*$/,
        'Use lower-case letters, digits and dashes for the code, e.g. parramatta',
      )
      .max(40, 'The code must be at most 40 characters'),
    name: text('The name', 80).min(2, 'Enter the location name, e.g. Parramatta warehouse'),
    street_address: text('The street address', 120).default(''),
    suburb: text('The suburb', 60).default(''),
    state: z.enum(['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'], {
      error: 'Choose the state: NSW, VIC, QLD, WA, SA, TAS, ACT or NT',
    }),
    post_code: z
      .string()
      .trim()
      .regex(/^(\d{4})?$/, 'Enter a 4-digit postcode')
      .default(''),
    phone: text('The phone number', 30).default(''),
    opening_hours: openingHoursSchema,
    ships: z.boolean({ error: 'ships must be true or false' }),
    hands_over: z.boolean({ error: 'hands_over must be true or false' }),
    ready_minutes: z
      .number({ error: 'Enter the minutes to have an order ready' })
      .int('Enter whole minutes')
      .min(5, 'Ready in at least 5 minutes')
      .max(1440, 'Ready in at most 1440 minutes (a day)'),
    dispatch_days_min: z.number().int('Enter whole days').min(0, 'Dispatch days cannot be negative').max(30),
    dispatch_days_max: z
      .number()
      .int('Enter whole days')
      .min(0, 'Dispatch days cannot be negative')
      .max(30, 'Dispatch in at most 30 business days'),
    sort_order: z.number().int('Enter a whole number').min(0).max(10_000).default(0),
    active: z.boolean().default(true),
  })
  .refine((l) => l.dispatch_days_max >= l.dispatch_days_min, {
    message: 'The most dispatch days must be at least the fewest',
    path: ['dispatch_days_max'],
  })
  .refine((l) => l.ships || l.hands_over, {
    message: 'A location must ship orders, hand them over, or both',
    path: ['ships'],
  });
export type AdminLocationInput = z.input<typeof adminLocationInputSchema>;
export type AdminLocationValues = z.output<typeof adminLocationInputSchema>;

/** A location in the back office, with the units it holds. */
export const adminLocationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  street_address: z.string(),
  suburb: z.string(),
  state: z.string(),
  post_code: z.string(),
  phone: z.string(),
  opening_hours: openingHoursSchema,
  ships: z.boolean(),
  hands_over: z.boolean(),
  ready_minutes: z.number().int(),
  dispatch_days_min: z.number().int(),
  dispatch_days_max: z.number().int(),
  sort_order: z.number().int(),
  active: z.boolean(),
  /** Units of every product on hand here. */
  units_on_hand: z.number().int(),
});
export type AdminLocation = z.infer<typeof adminLocationSchema>;

export const adminLocationsAnswerSchema = z.object({ data: z.array(adminLocationSchema) });
export const adminLocationAnswerSchema = z.object({ data: adminLocationSchema, message: z.string() });

const quantitySchema = z
  .number({ error: 'Enter the number of units' })
  .int('Enter whole units')
  .min(1, 'Move at least 1 unit')
  .max(1_000_000, 'Move at most 1,000,000 units at once');
/** The largest id a PostgreSQL serial holds: a larger one names no row (and must not reach the database). */
const MAX_ROW_ID = 2_147_483_647;
const noteSchema = text('The note', 200).default('');

/** Moving units of one product from one location to another. */
export const stockTransferInputSchema = z
  .object({
    from_location_id: z
      .number({ error: 'Choose where the units come from' })
      .int()
      .positive()
      .max(MAX_ROW_ID),
    to_location_id: z.number({ error: 'Choose where the units go' }).int().positive().max(MAX_ROW_ID),
    quantity: quantitySchema,
    note: noteSchema,
  })
  .refine((t) => t.from_location_id !== t.to_location_id, {
    message: 'Choose two different locations to move stock between.',
    path: ['to_location_id'],
  });
export type StockTransferInput = z.input<typeof stockTransferInputSchema>;

/** A count: the units found on the shelf at one location, set outright (the difference is recorded). */
export const stockCountInputSchema = z.object({
  location_id: z.number({ error: 'Choose the location counted' }).int().positive().max(MAX_ROW_ID),
  on_hand: z
    .number({ error: 'Enter the units counted' })
    .int('Enter whole units')
    .min(0, 'The count cannot be negative')
    .max(1_000_000, 'Count at most 1,000,000 units'),
  note: noteSchema,
});
export type StockCountInput = z.input<typeof stockCountInputSchema>;

export const STOCK_MOVEMENT_REASONS = [
  'transfer',
  'count',
  'received',
  'order',
  'order_released',
  'restock',
  'import',
] as const;

/** One change of stock at a location. */
export const stockMovementSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  sku: z.string(),
  from_location: z.string().nullable(),
  to_location: z.string().nullable(),
  quantity: z.number().int(),
  reason: z.enum(STOCK_MOVEMENT_REASONS),
  note: z.string(),
  order_id: z.number().int().nullable(),
  staff_name: z.string(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** A product's stock by location and its latest movements. */
export const productLocationStockAnswerSchema = z.object({
  data: z.object({
    product_id: z.number().int(),
    sku: z.string(),
    /** products.stock: the sum of on_hand below; null when the product does not track stock. */
    stock: z.number().int().nullable(),
    locations: z.array(
      z.object({
        location_id: z.number().int(),
        name: z.string(),
        active: z.boolean(),
        on_hand: z.number().int(),
      }),
    ),
    movements: z.array(stockMovementSchema),
  }),
  message: z.string().optional(),
});
export type ProductLocationStockAnswer = z.infer<typeof productLocationStockAnswerSchema>;

/** `GET /api/admin/stock-movements` filters. */
export const stockMovementsQuerySchema = z.object({
  sku: z.string().trim().max(80).optional(),
  location_id: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const stockMovementsAnswerSchema = z.object({ data: z.array(stockMovementSchema) });

/** Messages of the locations pages beyond LOCATION_MESSAGES. */
export const ADMIN_LOCATION_MESSAGES = {
  saved: 'Location saved.',
  created: 'Location added.',
  transferred: (quantity: number, from: string, to: string) => `Moved ${quantity} from ${from} to ${to}.`,
  counted: (onHand: number, at: string) => `Counted ${onHand} on hand at ${at}.`,
  untracked: 'This product does not track stock: set a stock figure in the editor first.',
  productNotFound: 'No product with this id.',
} as const;
