/**
 * `GET /api/products/:id/availability` (issue 41 §1, decision 0069): the store's active locations and one
 * product's units at each, for the product page's stock lines (`stockLines` in stock-locations.ts). Read per
 * product page, never for listings (they keep the catalog read model's one number).
 */
import { z } from 'zod';
import { openingHoursSchema } from './store-settings';

export const storeLocationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  streetAddress: z.string(),
  suburb: z.string(),
  state: z.string(),
  postCode: z.string(),
  phone: z.string(),
  openingHours: openingHoursSchema,
  ships: z.boolean(),
  handsOver: z.boolean(),
  readyMinutes: z.number().int(),
  dispatchDaysMin: z.number().int(),
  dispatchDaysMax: z.number().int(),
  sortOrder: z.number().int(),
  active: z.boolean(),
});

export const productAvailabilityAnswerSchema = z.object({
  data: z.object({
    locations: z.array(storeLocationSchema),
    /** Units on hand by location id (as a string key); null when the product does not track stock. */
    stock_at: z.record(z.string(), z.number().int()).nullable(),
    /**
     * What delivery can do with this product, for the page under its delivery promise: a dangerous good's
     * (`dangerousGoodText`) and a bulky item's (`bulkyItemText`) note; empty for most products.
     */
    delivery_notes: z.array(z.string()),
  }),
});
export type ProductAvailability = z.infer<typeof productAvailabilityAnswerSchema>['data'];
