/**
 * The home page's merchandising as the owner edits it (issue 36 §2, decision 0051): hero slides, the two side
 * banners beside the hero and the offer banners further down, each with its picture, words, link and an optional
 * window (`starts_at` to `ends_at`) outside which the home page does not show it; and the featured products in the
 * owner's order. The back office (`/api/admin/home-content`), the storefront's store config and the web editor
 * read the shapes, limits, messages and the window rule from here.
 *
 * Times on the wire are ISO 8601 instants; the owner types them as Sydney's wall-clock time
 * (`sydneyLocalToIso`, `isoToSydneyLocal`), whatever the browser's own time zone.
 */
import { z } from 'zod';
import { homeImageInfoSchema, storePath } from './store-settings';

export const HOME_CONTENT_KINDS = ['hero_slide', 'side_banner', 'offer_banner'] as const;
export type HomeContentKind = (typeof HOME_CONTENT_KINDS)[number];

/** The store's time zone: the owner's inputs are its wall-clock times. */
export const STORE_TIME_ZONE = 'Australia/Sydney';

/**
 * How many of a kind the home page shows at once (the first live ones by position) and how many the owner may
 * keep (scheduled ones included). Offer banners: the first two side by side, the rest across the page.
 */
export const HOME_CONTENT_LIMITS: Record<HomeContentKind, { shown: number; kept: number }> = {
  hero_slide: { shown: 8, kept: 20 },
  side_banner: { shown: 2, kept: 20 },
  offer_banner: { shown: 4, kept: 20 },
};

/** Most featured products the home carousel shows (the `/api/virtual-products` answer's length). */
export const FEATURED_PRODUCTS_LIMIT = 24;

/** What each kind is called in the back office, singular and plural. */
export const HOME_CONTENT_LABELS: Record<HomeContentKind, { one: string; many: string }> = {
  hero_slide: { one: 'hero slide', many: 'Hero slides' },
  side_banner: { one: 'side banner', many: 'Side banners' },
  offer_banner: { one: 'offer banner', many: 'Offer banners' },
};

/** Largest picture an owner may upload, bytes (5 MB). */
export const HOME_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart field of the upload. */
export const HOME_IMAGE_FIELD = 'file';
/** Where uploaded pictures are stored, under the media folder. */
export const HOME_IMAGE_FOLDER = 'home/uploads';

/** The back office's words for home content, the API's and the editor's. */
export const HOME_CONTENT_MESSAGES = {
  notFound: 'No home page item with this id.',
  image: 'Choose a picture: upload one, or give the path of one under home/ in the media folder.',
  imageMissing: (path: string) => `There is no picture at ${path}. Upload it again.`,
  heading: 'Heading must be 1 to 80 characters.',
  text: 'Text must be at most 200 characters.',
  cta: 'Button text must be at most 30 characters.',
  link: 'Links must be paths inside the store, starting with a single /, at most 500 characters, without \\.',
  date: 'Dates must be valid dates and times.',
  endsBeforeStart: 'The end must be after the start.',
  tooMany: (kind: HomeContentKind) =>
    `You can keep at most ${HOME_CONTENT_LIMITS[kind].kept} ${HOME_CONTENT_LABELS[kind].many.toLowerCase()}. Delete one first.`,
  order: 'Send every item of this kind once, in the new order.',
  created: (kind: HomeContentKind) => `Added the ${HOME_CONTENT_LABELS[kind].one}.`,
  saved: (kind: HomeContentKind) => `Saved the ${HOME_CONTENT_LABELS[kind].one}.`,
  deleted: (kind: HomeContentKind) => `Deleted the ${HOME_CONTENT_LABELS[kind].one}.`,
  reordered: (kind: HomeContentKind) =>
    `Saved the order of the ${HOME_CONTENT_LABELS[kind].many.toLowerCase()}.`,
  featuredSaved: 'Saved the featured products.',
  featuredTooMany: `Choose at most ${FEATURED_PRODUCTS_LIMIT} featured products.`,
  featuredRepeated: 'Each product can be featured once.',
  featuredUnknown: (skus: readonly string[]) =>
    skus.length ? `No product with SKU ${skus.join(', ')}.` : 'Choose products by their SKU.',
  notMultipart: 'Send the picture as multipart/form-data.',
  noFile: 'Choose a picture to upload.',
  notImage: 'The picture must be a JPEG, PNG or WebP image.',
  tooLarge: `The picture is over ${HOME_IMAGE_MAX_BYTES / 1024 / 1024} MB. Make it smaller and try again.`,
  uploaded: 'Picture uploaded.',
} as const;

const M = HOME_CONTENT_MESSAGES;

/**
 * A picture's stored path under the media folder: the demo's `home/...` art or an upload in `home/uploads/`,
 * letters, digits, dots, dashes and underscores only (no `..`), ending in a picture's extension.
 */
export const HOME_IMAGE_PATH =
  /^home\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.(?:svg|png|jpe?g|webp)$/;

const instant = z
  .union([z.iso.datetime({ offset: true, error: M.date }), z.null()], { error: M.date })
  .optional()
  .transform((v) => v ?? null);

/**
 * Create (`POST /api/admin/home-content`) or edit (`PUT /api/admin/home-content/{id}`) one slide or banner.
 * `image` a stored path (the upload's answer); `link` a path inside the store; `starts_at`/`ends_at` instants with
 * an offset, or null for "from now on" / "until deleted". An edit may not change `kind`.
 */
export const homeContentInputSchema = z
  .object({
    kind: z.enum(HOME_CONTENT_KINDS, {
      error: "kind must be 'hero_slide', 'side_banner' or 'offer_banner'.",
    }),
    image: z
      .string({ error: M.image })
      .trim()
      .max(200, M.image)
      .refine((v) => HOME_IMAGE_PATH.test(v) && !v.includes('..'), M.image),
    heading: z.string({ error: M.heading }).trim().min(1, M.heading).max(80, M.heading),
    text: z.string({ error: M.text }).trim().max(200, M.text).default(''),
    cta: z.string({ error: M.cta }).trim().max(30, M.cta).default(''),
    // A backslash after the first / makes some browsers read `/\host` as another site's address.
    link: storePath.max(500, M.link).refine((v) => !v.includes('\\'), M.link),
    starts_at: instant,
    ends_at: instant,
  })
  .superRefine((v, ctx) => {
    if (v.starts_at && v.ends_at && Date.parse(v.ends_at) <= Date.parse(v.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: M.endsBeforeStart });
    }
  });
export type HomeContentInput = z.output<typeof homeContentInputSchema>;
export type HomeContentInputBody = z.input<typeof homeContentInputSchema>;

/** One slide or banner as the back office lists it; `live` says whether the home page shows it now. */
export const homeContentItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(HOME_CONTENT_KINDS),
  position: z.number().int(),
  image: z.string(),
  image_info: homeImageInfoSchema,
  heading: z.string(),
  text: z.string(),
  cta: z.string(),
  link: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** Inside its window now (the home page shows it if it is also among the first `shown` of its kind). */
  live: z.boolean(),
  updated_at: z.string(),
});
export type HomeContentItem = z.infer<typeof homeContentItemSchema>;

/** A featured product as the back office lists it, in the home carousel's order. */
export const featuredProductItemSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  featured_image: z.string().nullable(),
});
export type FeaturedProductItem = z.infer<typeof featuredProductItemSchema>;

/**
 * `GET /api/admin/home-content`: every item of each kind in position order, the featured products in order, and
 * per kind whether the home page falls back to the store's demo content (the owner has made none of it).
 */
export const homeContentListSchema = z.object({
  data: z.array(homeContentItemSchema),
  featured: z.array(featuredProductItemSchema),
  fallback: z.object({
    hero_slide: z.number().int(),
    side_banner: z.number().int(),
    offer_banner: z.number().int(),
  }),
});
export type HomeContentList = z.infer<typeof homeContentListSchema>;

export const homeContentAnswerSchema = z.object({ data: homeContentItemSchema, message: z.string() });

/** `PUT /api/admin/home-content/order`: every id of `kind`, once each, first shown first. */
export const homeContentOrderSchema = z.object({
  kind: z.enum(HOME_CONTENT_KINDS, { error: "kind must be 'hero_slide', 'side_banner' or 'offer_banner'." }),
  ids: z
    .array(z.number({ error: M.order }).int(M.order).positive(M.order), { error: M.order })
    .max(100, M.order),
});

/** `PUT /api/admin/home-content/featured`: the featured products' SKUs, first shown first ([] for none). */
export const featuredProductsInputSchema = z.object({
  skus: z
    .array(
      z
        .string({ error: M.featuredUnknown([]) })
        .trim()
        .min(1, M.featuredUnknown([]))
        .max(100),
      {
        error: M.featuredTooMany,
      },
    )
    .max(FEATURED_PRODUCTS_LIMIT, M.featuredTooMany)
    .refine((skus) => new Set(skus.map((s) => s.toLowerCase())).size === skus.length, M.featuredRepeated),
});

/** The upload's answer: the stored path to put in `image`, and its measurements. */
export const homeImageUploadAnswerSchema = z.object({
  data: z.object({ path: z.string(), image_info: homeImageInfoSchema }),
  message: z.string(),
});

/** A window: either end may be open (null). */
export interface HomeWindow {
  startsAt: Date | null;
  endsAt: Date | null;
}

/** Shown at `now`: from `startsAt` (inclusive) until `endsAt` (exclusive). */
export function isLiveAt(item: HomeWindow, now: Date): boolean {
  const t = now.getTime();
  return (
    (item.startsAt === null || item.startsAt.getTime() <= t) &&
    (item.endsAt === null || t < item.endsAt.getTime())
  );
}

/** The first start or end after `now` among `items`: when what the home page shows next changes; null if never. */
export function nextWindowChange(items: readonly HomeWindow[], now: Date): Date | null {
  const t = now.getTime();
  let next: number | null = null;
  for (const item of items) {
    for (const at of [item.startsAt, item.endsAt]) {
      if (at && at.getTime() > t && (next === null || at.getTime() < next)) next = at.getTime();
    }
  }
  return next === null ? null : new Date(next);
}

const sydneyParts = new Intl.DateTimeFormat('en-AU', {
  timeZone: STORE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Sydney's wall clock at `ms` as if it were UTC, ms (so `result - ms` is Sydney's offset then). */
function sydneyWallMs(ms: number): number {
  const p = Object.fromEntries(sydneyParts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
}

/**
 * `'2026-12-24T18:00'` (an `<input type="datetime-local">` value) read as Sydney's wall-clock time -> the ISO
 * instant, e.g. `'2026-12-24T07:00:00.000Z'`; null for '' or a value that is not such a time. In the hour that
 * daylight saving skips, the time an hour later; in the hour it repeats, the first.
 */
export function sydneyLocalToIso(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!m) return null;
  const wall = Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6] ?? 0),
  );
  if (Number.isNaN(wall) || new Date(wall).getUTCDate() !== Number(m[3])) return null;
  let guess = wall - (sydneyWallMs(wall) - wall);
  // Once more with the offset at the guess: right on both sides of a daylight-saving change.
  guess = wall - (sydneyWallMs(guess) - guess);
  return new Date(guess).toISOString();
}

/** An ISO instant -> Sydney's wall-clock time as an `<input type="datetime-local">` value ('' for null). */
export function isoToSydneyLocal(iso: string | null): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(sydneyWallMs(ms)).toISOString().slice(0, 16);
}

/** An ISO instant as the back office says it: '24 Dec 2026, 6:00 pm' in Sydney. */
export function formatSydneyDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-AU', {
    timeZone: STORE_TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/** The window in words: 'Always', 'From 1 Dec 2026, 9:00 am', 'Until …', 'From … until …' (Sydney time). */
export function describeWindow(startsAt: string | null, endsAt: string | null): string {
  if (!startsAt && !endsAt) return 'Always shown';
  if (!endsAt) return `From ${formatSydneyDateTime(startsAt ?? '')}`;
  if (!startsAt) return `Until ${formatSydneyDateTime(endsAt)}`;
  return `From ${formatSydneyDateTime(startsAt)} until ${formatSydneyDateTime(endsAt)}`;
}
