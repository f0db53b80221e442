/**
 * The catalog's wire shapes (SPEC §3 Product, Category, Brand; §7 answers). The API serialises with
 * these schemas and the web app reads them, so both sides agree on every field. The product's and the category's
 * objects are strict: the catalog answers (catalog-answers.ts) are tested byte for byte against them, and a field
 * sent that is not declared here fails that test.
 */
import { z } from 'zod';
import { productFitStatusSchema } from './fitment';

/** SPEC §3 product_meta entry. `_price` holds a decimal string such as "79.95". */
export const productMetaSchema = z.strictObject({ option: z.string(), value: z.string() });
export type ProductMeta = z.infer<typeof productMetaSchema>;

/** SPEC §3 discount_data: discounted_price is a decimal string; discount_value is percent (type 0) or dollars (type 1). */
export const discountDataSchema = z.strictObject({
  discounted_price: z.string(),
  discount_value: z.number(),
  discount_type: z.union([z.literal(0), z.literal(1)]),
});
export type DiscountData = z.infer<typeof discountDataSchema>;

export const productBrandSchema = z.strictObject({
  title: z.string(),
  permalink: z.string(),
  cover_image: z.string().nullable(),
});

/**
 * One picture of a product as the catalog stored it: its path (as in `featured_image` / `gallery_media`), its
 * intrinsic size in pixels (null when the file could not be measured: an image stored before sizes were kept, or
 * one the importer could not read), and the widths of the WebP copies made of it at import (decision 0026; none
 * for SVG, for a picture narrower than the smallest width, or one that could not be read). `productImageSrcSet`
 * in `product-image.ts` turns it into a srcset.
 */
export const productImageSchema = z.strictObject({
  path: z.string(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  widths: z.array(z.number().int().positive()),
});
export type ProductImage = z.infer<typeof productImageSchema>;

/**
 * What the image pipeline measured of a category's thumbnail or a brand's logo or cover (decision 0082): its
 * intrinsic size in pixels and the widths of its WebP copies, as a product picture's without the path (the path is
 * the sibling field it describes). Null for a picture stored before copies were made, or one that has none (an SVG).
 */
export const pictureInfoSchema = productImageSchema.omit({ path: true });
export type PictureInfo = z.infer<typeof pictureInfoSchema>;

export const productSchema = z.strictObject({
  id: z.number().int(),
  category_id: z.number().int().nullable(),
  child_category_id: z.number().int().nullable(),
  title: z.string(),
  permalink: z.string(),
  sku: z.string(),
  featured_image: z.string().nullable(),
  /** Comma-separated image paths of the gallery (SPEC §3). */
  gallery_media: z.string().nullable(),
  /**
   * Every picture of `featured_image` and `gallery_media`, featured first then the gallery in order, with its size
   * and WebP widths (decision 0026), so a page can reserve its box and offer a srcset. Not in the SPEC: added.
   */
  images: z.array(productImageSchema),
  short_description: z.string().nullable(),
  /** Sanitised HTML; the product page strips it for display (SPEC §2). */
  long_description: z.string().nullable(),
  brand: productBrandSchema.nullable(),
  discount_data: discountDataSchema.nullable(),
  badge: z.string().nullable(),
  is_featured: z.boolean(),
  product_meta: z.array(productMetaSchema),
  created_at: z.string(),
  /** OE and other brands' part numbers, as the catalog wrote them (issue 15 §3); [] when none. Not in the SPEC. */
  part_numbers: z.array(z.string()),
  /** How it stands with the vehicle asked for (`vehicle=`, issue 15 §4); absent when none was asked. */
  fitment: productFitStatusSchema.optional(),
  /**
   * Issue 39 (decision 0066): the signed-in trade customer's unit price, inc. GST, when a price list lowers it.
   * Only in private answers (the cart's products, or merged in by the browser from `GET /api/trade/prices`); the
   * shared catalog answers never carry it. What the cart and checkout charge when present.
   */
  trade_price: z.strictObject({ price: z.string(), list_name: z.string() }).nullable().optional(),
});
export type Product = z.infer<typeof productSchema>;

export const brandSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  permalink: z.string(),
  cover_image: z.string().nullable(),
  cover_image_info: pictureInfoSchema.nullable(),
  logo_image: z.string().nullable(),
  logo_image_info: pictureInfoSchema.nullable(),
});
export type Brand = z.infer<typeof brandSchema>;

export const childCategorySchema = z.strictObject({ child_sku: z.string(), child_title: z.string() });
export const categorySchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  sku: z.string(),
  permalink: z.string(),
  thumbnail_image: z.string().nullable(),
  thumbnail_image_info: pictureInfoSchema.nullable(),
  child_categories: z.array(childCategorySchema),
});
export type Category = z.infer<typeof categorySchema>;
