/**
 * The store settings the owner edits in the back office (issue 36 §5): `GET /api/admin/settings` and
 * `PUT /api/admin/settings`. One schema checks the form as the owner types and the API's body (the same messages);
 * the API refuses a stale `version` (someone else saved meanwhile) rather than overwrite it.
 * Money in integer cents including GST (decision 0046); the GST percent is shown, not edited.
 */
import { z } from 'zod';
import { auditEntrySchema } from './admin';
import { clockTimeSchema, openingHoursSchema, storeSettingsInputSchema } from './store-settings';

/** A social link as the form sends it: an address, or '' for no icon. */
const socialLink = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/, error: 'Enter a full web address starting with https://' }),
]);

const days = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a whole number of business days` })
    .int(`${what} must be a whole number of business days`)
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} must be at most ${max}`);

const cents = (what: string) =>
  z
    .number({ error: `${what} must be an amount in dollars and cents` })
    .int(`${what} must be an amount in dollars and cents`)
    .min(0, `${what} cannot be negative`)
    .max(10_000_00, `${what} must be at most $10,000`);

const s = storeSettingsInputSchema.shape;

/** The editable settings, every field (PUT body without its `version`). */
export const adminStoreSettingsFieldsSchema = z.object({
  store_name: z
    .string()
    .trim()
    .min(1, 'Enter the store name')
    .max(100, 'The store name must be at most 100 characters'),
  meta_title: z.string().trim().max(120, 'The meta title must be at most 120 characters'),
  meta_description: z.string().trim().max(320, 'The meta description must be at most 320 characters'),
  abn: s.abn.unwrap(),
  business_address: z.string().trim().max(200, 'The business address must be at most 200 characters'),
  phone: s.phone.unwrap(),
  sales_email: s.sales_email.unwrap(),
  opening_hours: openingHoursSchema,
  social_links: z.object({
    _facebook_link: socialLink,
    _twitter_link: socialLink,
    _instagram_link: socialLink,
    _youtube_link: socialLink,
    _linke_din: socialLink,
  }),
  delivery_charge_cents: cents('The delivery charge'),
  free_delivery_threshold_cents: cents('The free-delivery threshold'),
  order_cutoff: clockTimeSchema,
  handling_days_min: days('Handling from', 0, 30),
  handling_days_max: days('Handling to', 0, 30),
  delivery_days_min: days('Delivery from', 1, 60),
  delivery_days_max: days('Delivery to', 1, 60),
  return_window_days: z
    .number({ error: 'The returns window must be a whole number of days' })
    .int('The returns window must be a whole number of days')
    .min(1, 'The returns window must be at least 1 day')
    .max(365, 'The returns window must be at most 365 days'),
});

/** The fields with their cross-field checks (a range's end not before its start). */
export const adminStoreSettingsInputSchema = adminStoreSettingsFieldsSchema
  .extend({
    /** The `version` the form was loaded with: a save over a newer one is refused (409). */
    version: z.number().int().min(1),
  })
  .superRefine((v, ctx) => {
    if (v.handling_days_max < v.handling_days_min)
      ctx.addIssue({
        code: 'custom',
        path: ['handling_days_max'],
        message: 'Handling to must not be less than handling from',
      });
    if (v.delivery_days_max < v.delivery_days_min)
      ctx.addIssue({
        code: 'custom',
        path: ['delivery_days_max'],
        message: 'Delivery to must not be less than delivery from',
      });
  });
export type AdminStoreSettingsInput = z.infer<typeof adminStoreSettingsInputSchema>;
export type AdminStoreSettingsFields = z.infer<typeof adminStoreSettingsFieldsSchema>;

/** The settings as the back office shows them: the editable fields, the read-only GST percent and the version. */
export const adminStoreSettingsSchema = adminStoreSettingsFieldsSchema.extend({
  gst_percent: z.number(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type AdminStoreSettings = z.infer<typeof adminStoreSettingsSchema>;

/** `GET /api/admin/settings`. */
export const adminStoreSettingsAnswerSchema = z.object({
  data: adminStoreSettingsSchema,
  audit: z.array(auditEntrySchema),
});
export type AdminStoreSettingsAnswer = z.infer<typeof adminStoreSettingsAnswerSchema>;

/** `PUT /api/admin/settings`. */
export const adminStoreSettingsSavedSchema = z.object({
  data: adminStoreSettingsSchema,
  message: z.string(),
});

export const ADMIN_SETTINGS_MESSAGES = {
  saved: 'Settings saved. The shop shows them from the next page load.',
  unchanged: 'Nothing changed.',
  stale:
    'Someone else changed the settings after you opened them. Reload the page to see their changes, then make yours again.',
} as const;
