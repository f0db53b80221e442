/**
 * The store settings the owner edits in the back office (issue 36 §5): `GET /api/admin/settings` and
 * `PUT /api/admin/settings`. One schema checks the form as the owner types and the API's body (the same messages);
 * the API refuses a stale `version` (someone else saved meanwhile) rather than overwrite it.
 * Money in integer cents including GST (decision 0046); the GST percent is shown, not edited.
 */
import { z } from 'zod';
import { auditEntrySchema } from './admin';
import { clockTimeSchema, openingHoursSchema, storeSettingsInputSchema } from './store-settings';
import type { RateTable } from './delivery-rules';

/** A post code as a number, 0200-9999 (ACT's 0200 is the lowest Australia Post delivers to). */
const postCodeNumber = z
  .number({ error: 'Post codes must be four digits from 0200 to 9999' })
  .int('Post codes must be four digits from 0200 to 9999')
  .min(200, 'Post codes must be four digits from 0200 to 9999')
  .max(9999, 'Post codes must be four digits from 0200 to 9999');

/**
 * The rate table as the back office edits it and `store_settings.rate_table` keeps it (delivery-rules.ts
 * `RateTable`, issue 41): zones of post code ranges, and prices by option, zone and weight. Checked with messages that
 * name the zone or the row: ranges within 0200-9999 with from ≤ to, zone codes unique, every row's zone known,
 * weights above 0, prices not negative, the fallback zone one of the zones.
 */
export const rateTableSchema = z
  .object({
    zones: z
      .array(
        z.object({
          code: z
            .string()
            .trim()
            .regex(
              /^[a-z0-9-]{1,20}$/,
              'A zone code is 1-20 lower-case letters, digits or hyphens, like "metro"',
            ),
          name: z
            .string()
            .trim()
            .min(1, 'Give every zone a name')
            .max(60, 'A zone name must be at most 60 characters'),
          postCodes: z
            .array(z.tuple([postCodeNumber, postCodeNumber]))
            .min(1, 'Give every zone at least one post code range'),
        }),
      )
      .min(1, 'The rate table needs at least one zone')
      .max(50, 'The rate table may have at most 50 zones'),
    rates: z
      .array(
        z.object({
          option: z.enum(['standard', 'express'], { error: 'A rate is for standard or express delivery' }),
          zone: z.string().trim(),
          maxWeightGrams: z
            .number({ error: 'A weight limit must be a whole number of grams above 0' })
            .int('A weight limit must be a whole number of grams above 0')
            .min(1, 'A weight limit must be a whole number of grams above 0')
            .max(1_000_000, 'A weight limit must be at most 1,000,000 g (1 tonne)'),
          priceCents: z
            .number({ error: 'A price must be an amount in dollars and cents' })
            .int('A price must be an amount in dollars and cents')
            .min(0, 'A price cannot be negative')
            .max(10_000_00, 'A price must be at most $10,000'),
        }),
      )
      .max(500, 'The rate table may have at most 500 rates'),
    fallbackZone: z.string().trim(),
  })
  .superRefine((t, ctx) => {
    const codes = new Set<string>();
    t.zones.forEach((zone, i) => {
      if (codes.has(zone.code))
        ctx.addIssue({
          code: 'custom',
          path: ['zones', i, 'code'],
          message: `Two zones use the code "${zone.code}"`,
        });
      codes.add(zone.code);
      zone.postCodes.forEach(([from, to], j) => {
        if (from > to)
          ctx.addIssue({
            code: 'custom',
            path: ['zones', i, 'postCodes', j],
            message: `Zone "${zone.code}": the range ${String(from).padStart(4, '0')}-${String(to).padStart(4, '0')} starts after it ends`,
          });
      });
    });
    t.rates.forEach((rate, i) => {
      if (!codes.has(rate.zone))
        ctx.addIssue({
          code: 'custom',
          path: ['rates', i, 'zone'],
          message: `Rate ${i + 1} is for zone "${rate.zone}", which the table does not have`,
        });
    });
    if (!codes.has(t.fallbackZone))
      ctx.addIssue({
        code: 'custom',
        path: ['fallbackZone'],
        message: `The zone for other post codes ("${t.fallbackZone}") must be one of the table's zones`,
      });
  }) satisfies z.ZodType<RateTable>;

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
  // Issue 41 (decision 0069): express delivery, the bulky surcharge, click & collect's patience, the rate table.
  express_enabled: z.boolean({ error: 'Express delivery is on or off' }).default(true),
  express_days_min: days('Express from', 1, 3).default(1),
  express_days_max: days('Express to', 1, 3).default(3),
  bulky_surcharge_cents: cents('The bulky surcharge').default(2500),
  uncollected_after_days: z
    .number({ error: 'Uncollected after must be a whole number of days' })
    .int('Uncollected after must be a whole number of days')
    .min(1, 'Uncollected after must be at least 1 day')
    .max(60, 'Uncollected after must be at most 60 days')
    .default(7),
  /** Null: the built-in table (DEFAULT_RATE_TABLE). */
  rate_table: rateTableSchema.nullable().default(null),
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
    if (v.express_days_max < v.express_days_min)
      ctx.addIssue({
        code: 'custom',
        path: ['express_days_max'],
        message: 'Express to must not be less than express from',
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
