/**
 * Turns product rows into the SPEC §3 product shape: `product_meta` as {option, value} (`_price` a decimal
 * string, `_stock`, `_weight` in kg, SEO options) and `discount_data` (DESIGN §4: relational inside,
 * SPEC shapes at the edge), plus `images`: each picture's size and WebP widths (decision 0026).
 */
import { centsToDecimalString } from '@store/shared/money';
import { DISCOUNT_PERCENT, discountedPriceCents, type DiscountType } from '@store/shared/discount';
import { splitPartNumbers } from '@store/shared/part-number';
import type { Product, ProductMeta } from '@store/shared/product';

/** A product row with what the presenter needs from its brand, discount and images. */
export interface ProductRecord {
  id: number;
  categoryId: number | null;
  childCategoryId: number | null;
  title: string;
  permalink: string;
  sku: string;
  priceCents: number;
  stock: number | null;
  weightGrams: number | null;
  shortDescription: string | null;
  longDescription: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  seoTags: string | null;
  /** Stored part numbers, ", "-joined (issue 15 §3); null when none. */
  partNumbers: string | null;
  canonicalUrl: string | null;
  schemaMarkup: string | null;
  badge: string | null;
  isFeatured: boolean;
  createdAt: Date;
  brandTitle: string | null;
  brandPermalink: string | null;
  brandCoverImage: string | null;
  discountType: number | null;
  discountValue: number | null;
}

export interface ProductImageRecord {
  path: string;
  isFeatured: boolean;
  /** Intrinsic size, null when not measured (decision 0026). */
  width: number | null;
  height: number | null;
  /** Widths of the picture's WebP copies. */
  widths: number[];
}

/** grams -> kg as a decimal string without trailing zeros ("1.25"). */
function gramsToKg(grams: number): string {
  return String(grams / 1000);
}

export function presentProduct(row: ProductRecord, images: ProductImageRecord[]): Product {
  const featured = images.find((i) => i.isFeatured) ?? null;
  const galleryImages = images.filter((i) => i !== featured);
  const gallery = galleryImages.map((i) => i.path);

  const meta: ProductMeta[] = [{ option: '_price', value: centsToDecimalString(row.priceCents) }];
  const optional: [string, string | null][] = [
    ['_stock', row.stock === null ? null : String(row.stock)],
    ['_weight', row.weightGrams === null ? null : gramsToKg(row.weightGrams)],
    ['_seo_title', row.seoTitle],
    ['_seo_description', row.seoDescription],
    ['_seo_tags', row.seoTags],
    ['_canonical_url', row.canonicalUrl],
    ['_schema_markup', row.schemaMarkup],
  ];
  for (const [option, value] of optional) if (value !== null && value !== '') meta.push({ option, value });

  let discountData: Product['discount_data'] = null;
  if (row.discountType !== null && row.discountValue !== null) {
    const type = row.discountType as DiscountType;
    const discounted = discountedPriceCents(row.priceCents, { type, value: row.discountValue });
    discountData = {
      discounted_price: centsToDecimalString(discounted),
      discount_value: type === DISCOUNT_PERCENT ? row.discountValue : row.discountValue / 100,
      discount_type: type === DISCOUNT_PERCENT ? 0 : 1,
    };
  }

  return {
    id: row.id,
    category_id: row.categoryId,
    child_category_id: row.childCategoryId,
    title: row.title,
    permalink: row.permalink,
    sku: row.sku,
    featured_image: featured?.path ?? null,
    gallery_media: gallery.length ? gallery.join(',') : null,
    images: (featured ? [featured, ...galleryImages] : galleryImages).map((i) => ({
      path: i.path,
      width: i.width,
      height: i.height,
      widths: i.widths,
    })),
    short_description: row.shortDescription,
    long_description: row.longDescription,
    brand:
      row.brandTitle !== null && row.brandPermalink !== null
        ? { title: row.brandTitle, permalink: row.brandPermalink, cover_image: row.brandCoverImage }
        : null,
    discount_data: discountData,
    badge: row.badge,
    is_featured: row.isFeatured,
    product_meta: meta,
    created_at: row.createdAt.toISOString(),
    part_numbers: splitPartNumbers(row.partNumbers),
  };
}
