/**
 * Store configuration and home-page content (SPEC §2 Home page, §3 General settings and social links).
 * Written once here; the API validates stored content with these schemas and the web app reads the same types.
 */
import { STRIPE_PAYMENT_METHOD_TYPES } from './payment-method-rules';
import { z } from 'zod';
import { isValidAbn } from './abn';
import { WEEKDAYS, type Weekday } from './opening-hours';

/** SPEC §3 social link keys; an absent or empty key means no icon is shown. */
export const socialLinksSchema = z.object({
  _facebook_link: z.url().optional(),
  _twitter_link: z.url().optional(),
  _instagram_link: z.url().optional(),
  _youtube_link: z.url().optional(),
  _linke_din: z.url().optional(),
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;

/** A link inside the store: a path such as `/shop?page=1&brand=voltcore`. */
export const storePath = z
  .string()
  .regex(/^\/[^/]/, 'Links must be paths inside the store, starting with a single /');

/**
 * What the store knows of a home picture it stored (issue 36, an owner's upload): intrinsic size and the widths of
 * its WebP copies (decision 0026), for the storefront's srcset; the demo's pictures get it when the demo is loaded
 * (decision 0081). Absent for a picture the pipeline cannot copy (an SVG).
 */
export const homeImageInfoSchema = z.object({
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  widths: z.array(z.number().int()),
});
export type HomeImageInfo = z.infer<typeof homeImageInfoSchema>;

export const heroSlideSchema = z.object({
  image: z.string().min(1),
  title: z.string().min(1),
  subtitle: z.string().default(''),
  cta: z.string().default('Shop now'),
  link: storePath,
  image_info: homeImageInfoSchema.optional(),
});
export type HeroSlide = z.infer<typeof heroSlideSchema>;

export const bannerSchema = z.object({
  image: z.string().min(1),
  title: z.string().min(1),
  subtitle: z.string().default(''),
  link: storePath,
  /** The button's words; the storefront says 'Shop now' when absent or empty. */
  cta: z.string().optional(),
  image_info: homeImageInfoSchema.optional(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** The home page's banner slots: two beside the hero, then the three promotional banners. */
export const bannerSetSchema = z.object({
  side: z.array(bannerSchema).max(2).optional(),
  batteries: bannerSchema.optional(),
  headlights: bannerSchema.optional(),
  wheel_nuts: bannerSchema.optional(),
});
export type BannerSet = z.infer<typeof bannerSetSchema>;

/** One logo in the home brands strip, by brand permalink. */
export const brandSliderEntrySchema = z.object({ brand: z.string().min(1) });
export type BrandSliderEntry = z.infer<typeof brandSliderEntrySchema>;

/** The whole settings document as a store owner writes it (demo `store.json`). */
export const storeSettingsInputSchema = z.object({
  store_name: z.string().min(1),
  meta_title: z.string().default(''),
  meta_description: z.string().default(''),
  gst_percent: z.number().int().min(0).max(100).default(10),
  /** Cents inc. GST (decision 0046): $16.50 is the $15 + GST shoppers have always paid. */
  delivery_charge_cents: z.number().int().min(0).default(1650),
  free_delivery_threshold_cents: z.number().int().min(0).default(10000),
  social_links: socialLinksSchema.default({}),
  hero_slides: z.array(heroSlideSchema).default([]),
  banners: bannerSetSchema.default({}),
  brand_slider: z.array(brandSliderEntrySchema).default([]),
  /**
   * The seller's ABN as printed, e.g. '51 824 753 556': the one source for every mail's footer and every tax
   * invoice and adjustment note (issue 34 §6, decision 0036 amended), so its check digits must add up. '' for none.
   */
  abn: z
    .string()
    .trim()
    .regex(/^(\d{2} ?\d{3} ?\d{3} ?\d{3})?$/, 'abn must be 11 digits, e.g. 51 824 753 556')
    .refine((v) => v === '' || isValidAbn(v), 'abn is not an ABN: its check digits do not add up')
    .default(''),
  /** The business's street address, one line. */
  business_address: z.string().trim().max(200).default(''),
  /** Where contact messages and return requests are mailed; MAIL_FROM when empty. */
  sales_email: z.union([z.literal(''), z.email('sales_email must be an email address')]).default(''),
  /** The business's phone number as printed, e.g. '(02) 5550 0123' (issue 18: the warranty's claim details). */
  phone: z
    .string()
    .trim()
    .regex(/^[+\d ()-]{0,30}$/, 'phone must be digits, spaces, +, ( ) or -, e.g. (02) 5550 0123')
    .default(''),
});
export type StoreSettingsInput = z.infer<typeof storeSettingsInputSchema>;

/** A time of day, 'HH:MM' 24-hour ('18:00'). */
export const clockTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM, 24-hour, e.g. 18:00');

/** One day's hours: open and close ('HH:MM', close after open), or null for closed (issue 36 §5). */
export const dayHoursSchema = z
  .object({ open: clockTimeSchema, close: clockTimeSchema })
  .refine((h) => h.close > h.open, {
    message: 'The closing time must be after the opening time',
    path: ['close'],
  })
  .nullable();

/** The store's opening hours (store setting `opening_hours`; texts in opening-hours.ts). */
export const openingHoursSchema = z.object({
  days: z.object(
    Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursSchema])) as Record<Weekday, typeof dayHoursSchema>,
  ),
  note: z.string().trim().max(200, 'The note must be at most 200 characters').default(''),
});

/**
 * The promises as `/api/store-config` carries them (issue 36 §5; words in store-promises.ts, `storePromisesOf`):
 * order cut-off 'HH:MM' store time, handling and delivery in whole business days, returns window in days.
 */
export const storeConfigPromisesSchema = z.object({
  order_cutoff: z.string(),
  handling_days_min: z.number().int(),
  handling_days_max: z.number().int(),
  delivery_days_min: z.number().int(),
  delivery_days_max: z.number().int(),
  return_window_days: z.number().int(),
});

/** `GET /api/store-config`: what the web app needs to render its shell. */
export const storeConfigSchema = z.object({
  store_name: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  /** Public base URL that image paths are appended to, ending in `/`. */
  media_base_url: z.string(),
  gst_percent: z.number(),
  delivery_charge: z.number(),
  free_delivery_threshold: z.number(),
  /**
   * The home page's merchandising shown now (issue 36 §2, decision 0051): the owner's items of each kind that are
   * inside their window, in their order, or the demo content (`hero_slides`, `banners` of the settings) of a kind
   * the owner has made none of. Offer banners: the first two side by side, the rest across the page.
   */
  hero_slides: z.array(heroSlideSchema),
  side_banners: z.array(bannerSchema),
  offer_banners: z.array(bannerSchema),
  /** When the above next changes by a start or end time passing (ISO), or null: the answer is fresh until then. */
  home_content_until: z.string().nullable(),
  /**
   * Which card form the payment page shows: the offline test provider's own, Stripe Elements, or none
   * ('off': a production store with PayPal keys but no Stripe keys).
   */
  card_payments: z.enum(['test', 'stripe', 'off']),
  /** Stripe's publishable key (public by design) when `card_payments` is 'stripe', else null. */
  stripe_publishable_key: z.string().nullable(),
  /**
   * The payment method types the card provider takes (issue 40): 'card' (with Apple Pay and Google Pay where the
   * device offers them), 'afterpay_clearpay', 'zip'; empty when card payments are off. Each order is offered those
   * of them its rules allow (`stripeTypesFor`).
   */
  payment_method_types: z.array(z.enum(STRIPE_PAYMENT_METHOD_TYPES)),
  /** Which wallet button the payment page shows: the offline test wallet, PayPal's, or none. */
  wallet_payments: z.enum(['test', 'paypal', 'off']),
  /** Where address suggestions come from: the bundled GeoNames postcodes, or Google Places via the API. */
  address_lookup: z.enum(['geonames', 'google']),
  /** What the signup plan takes off every member order, whole percent (the top bar's "members get 10%"). */
  member_discount_percent: z.number(),
  /**
   * The business's address, phone and email as configured (store settings `business_address`, `phone`,
   * `sales_email`), '' for any not set: the warranty against defects names them for claims (issue 18 §4).
   */
  business_contact: z.object({ address: z.string(), phone: z.string(), email: z.string() }),
  /** The store's promises beyond the delivery rule (issue 36 §5): read with `storePromisesOf`. */
  promises: storeConfigPromisesSchema,
  /** Opening hours (issue 36 §5), for the contact page and the footer. */
  opening_hours: openingHoursSchema,
});
export type StoreConfig = z.infer<typeof storeConfigSchema>;
