/**
 * The back office's categories, child categories and brands (issue 36 §2, decision 0050): the shapes the API
 * answers, the bodies it takes, and every message, for the API and the web alike.
 *
 * An address value (a category's sku, a child category's child_sku, a brand's permalink) is a slug: lower-case
 * letters, digits and single hyphens (`@store/shared/slug`). A rename that changes it keeps the old address
 * answering with a 301 (`taxonomy-redirects.ts`).
 */
import { z } from 'zod';
import { noControlCharacters } from './text-schemas';

/** Longest title and address value the back office takes. */
export const TAXONOMY_TITLE_MAX = 100;
export const TAXONOMY_ADDRESS_MAX = 100;
/** Largest logo, cover or thumbnail upload (bytes): 5 MB. */
export const TAXONOMY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart field an image upload sends its file in. */
export const TAXONOMY_IMAGE_FIELD = 'file';
/** Image types an upload may be (sniffed from the bytes with file-type, never from the name). */
export const TAXONOMY_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
] as const;

export type TaxonomyKind = 'category' | 'child_category' | 'brand';

const KIND_NAMES: Record<TaxonomyKind, string> = {
  category: 'category',
  child_category: 'child category',
  brand: 'brand',
};

/** The back office's words for the taxonomy. */
export const ADMIN_TAXONOMY_MESSAGES = {
  notFound: (kind: TaxonomyKind) => `No ${KIND_NAMES[kind]} with this id.`,
  titleBlank: 'Enter a name.',
  titleLong: `A name is at most ${TAXONOMY_TITLE_MAX} characters.`,
  titleNoSlug: 'A name needs at least one letter or digit.',
  addressFormat: `An address is lower-case letters, digits and single hyphens, such as brake-pads (at most ${TAXONOMY_ADDRESS_MAX} characters).`,
  titleTaken: (kind: TaxonomyKind, title: string) =>
    `There is already a ${KIND_NAMES[kind]} named "${title}" (names are compared without regard to case). Choose another name.`,
  addressTaken: (kind: TaxonomyKind, value: string, owner: string) =>
    `The address ${value} is already used by the ${KIND_NAMES[kind]} "${owner}". Choose another address.`,
  created: (kind: TaxonomyKind, title: string) => `Added the ${KIND_NAMES[kind]} "${title}".`,
  renamed: (kind: TaxonomyKind, title: string, moved: boolean) =>
    moved
      ? `Renamed the ${KIND_NAMES[kind]} to "${title}". Its old address now redirects to the new one.`
      : `Renamed the ${KIND_NAMES[kind]} to "${title}".`,
  unchanged: 'Nothing changed.',
  moved: (title: string) => `Moved "${title}".`,
  cannotMove: (title: string, direction: 'up' | 'down') =>
    `"${title}" is already ${direction === 'up' ? 'first' : 'last'}.`,
  retired: (kind: TaxonomyKind, title: string) =>
    `Retired the ${KIND_NAMES[kind]} "${title}": it is hidden from the shop, and its address leads on to the ${kind === 'brand' ? 'brands page' : 'shop'}. Its products stay on sale.`,
  restored: (kind: TaxonomyKind, title: string) => `Restored the ${KIND_NAMES[kind]} "${title}".`,
  imageSaved: (what: string) => `Saved the ${what}.`,
  notMultipart: 'Send the picture as multipart/form-data with the file in "file".',
  noFile: 'Choose a picture to upload.',
  oneFile: 'Send one picture in "file".',
  imageTooLarge: `A picture is at most ${TAXONOMY_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
  imageType: 'The picture must be a JPEG, PNG, WebP, AVIF or GIF image.',
  imageUnreadable: 'The picture could not be read as an image.',
} as const;

const M = ADMIN_TAXONOMY_MESSAGES;

/** A name: trimmed, 1-100 characters, no invisible characters. */
export const taxonomyTitleSchema = z
  .string({ error: M.titleBlank })
  .trim()
  .min(1, M.titleBlank)
  .max(TAXONOMY_TITLE_MAX, M.titleLong)
  .superRefine(noControlCharacters('Name'));

/** An address value: a slug. */
export const taxonomyAddressSchema = z
  .string({ error: M.addressFormat })
  .trim()
  .max(TAXONOMY_ADDRESS_MAX, M.addressFormat)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, M.addressFormat);

/** Create or rename a category: its name, and its address (sku) when it is to change (else kept, or made from the name). */
export const adminCategoryInputSchema = z.strictObject({
  title: taxonomyTitleSchema,
  sku: taxonomyAddressSchema.optional(),
});
export type AdminCategoryInput = z.infer<typeof adminCategoryInputSchema>;

/** Create or rename a child category. */
export const adminChildCategoryInputSchema = z.strictObject({
  title: taxonomyTitleSchema,
  child_sku: taxonomyAddressSchema.optional(),
});
export type AdminChildCategoryInput = z.infer<typeof adminChildCategoryInputSchema>;

/** Create or rename a brand. */
export const adminBrandInputSchema = z.strictObject({
  title: taxonomyTitleSchema,
  permalink: taxonomyAddressSchema.optional(),
});
export type AdminBrandInput = z.infer<typeof adminBrandInputSchema>;

/** Move one place up or down among its siblings. */
export const taxonomyMoveSchema = z.strictObject({
  direction: z.enum(['up', 'down'], { error: 'direction must be up or down' }),
});

/** Retire (true) or restore (false). */
export const taxonomyRetiredSchema = z.strictObject({
  retired: z.boolean({ error: 'retired must be true or false' }),
});

/** Which picture of a brand an upload replaces. */
export const brandImageSlotSchema = z.enum(['logo', 'cover'], { error: 'The picture is logo or cover.' });
export type BrandImageSlot = z.infer<typeof brandImageSlotSchema>;

export const adminChildCategorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  child_sku: z.string(),
  position: z.number().int(),
  /** ISO 8601, or null while live. */
  retired_at: z.string().nullable(),
  product_count: z.number().int(),
});
export type AdminChildCategory = z.infer<typeof adminChildCategorySchema>;

export const adminCategorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  sku: z.string(),
  permalink: z.string(),
  thumbnail_image: z.string().nullable(),
  position: z.number().int(),
  retired_at: z.string().nullable(),
  product_count: z.number().int(),
  child_categories: z.array(adminChildCategorySchema),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const adminBrandSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  permalink: z.string(),
  logo_image: z.string().nullable(),
  cover_image: z.string().nullable(),
  retired_at: z.string().nullable(),
  product_count: z.number().int(),
});
export type AdminBrand = z.infer<typeof adminBrandSchema>;

/** Every category (menu order) with its child categories, retired ones included; after a change, its message. */
export const adminCategoryTreeSchema = z.object({
  data: z.array(adminCategorySchema),
  message: z.string().optional(),
});
export type AdminCategoryTree = z.infer<typeof adminCategoryTreeSchema>;

/** Every brand A-Z, retired ones included; after a change, its message. */
export const adminBrandListSchema = z.object({
  data: z.array(adminBrandSchema),
  message: z.string().optional(),
});
export type AdminBrandList = z.infer<typeof adminBrandListSchema>;
