/**
 * Reading a product's display fields from its wire shape (SPEC §3), with the SPEC §2 stand-ins for
 * missing values: 'No Title', 'No Description', 'Unknown' (brand); 'N/A' for a price is ProductPrice's.
 */
import { productMetaValue } from '@store/shared/product-meta';
import type { Product } from '@store/shared/product';
import { htmlToParagraphs } from './html-to-text';

export const NO_TITLE = 'No Title';
export const NO_DESCRIPTION = 'No Description';
export const UNKNOWN_BRAND = 'Unknown';

export function productTitle(product: Pick<Product, 'title'>): string {
  return product.title.trim() || NO_TITLE;
}

export function productBrandName(product: Pick<Product, 'brand'>): string {
  return product.brand?.title.trim() || UNKNOWN_BRAND;
}

/** Units in stock from the `_stock` meta, or null when the product does not say. */
export function stockCount(product: Pick<Product, 'product_meta'>): number | null {
  const raw = productMetaValue(product, '_stock')?.trim();
  if (!raw) return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

/** SPEC §2 cards: out of stock when `_stock` is '0' (or below). Unknown stock counts as available. */
export function isOutOfStock(product: Pick<Product, 'product_meta'>): boolean {
  const n = stockCount(product);
  return n !== null && n <= 0;
}

/** '17.6 kg' from the `_weight` meta (kilograms), or 'N/A'. */
export function weightLabel(product: Pick<Product, 'product_meta'>): string {
  const raw = productMetaValue(product, '_weight')?.trim();
  if (!raw || !Number.isFinite(Number(raw))) return 'N/A';
  return `${Number(raw)} kg`;
}

/** The description as plain-text paragraphs: the long description with its HTML stripped, else the short one. */
export function descriptionParagraphs(
  product: Pick<Product, 'long_description' | 'short_description'>,
): string[] {
  const long = htmlToParagraphs(product.long_description ?? '');
  if (long.length > 0) return long;
  const short = htmlToParagraphs(product.short_description ?? '');
  return short.length > 0 ? short : [NO_DESCRIPTION];
}

/** Every image of the product, featured first, then `gallery_media` (comma-separated), without repeats. */
export function galleryImages(product: Pick<Product, 'featured_image' | 'gallery_media'>): string[] {
  const paths = [product.featured_image ?? '', ...(product.gallery_media ?? '').split(',')].map((p) =>
    p.trim(),
  );
  return [...new Set(paths.filter(Boolean))];
}

/**
 * SPEC §2: the selected image starts as the featured image, else the first gallery image, else null
 * (the placeholder).
 */
export function initialGalleryImage(
  product: Pick<Product, 'featured_image' | 'gallery_media'>,
): string | null {
  return galleryImages(product)[0] ?? null;
}

/** The page title: the `_seo_title` meta, else the product title. */
export function productSeoTitle(product: Pick<Product, 'title' | 'product_meta'>): string {
  return productMetaValue(product, '_seo_title')?.trim() || productTitle(product);
}

/** The meta description: `_seo_description`, else the short description (plain text), else ''. */
export function productSeoDescription(product: Pick<Product, 'short_description' | 'product_meta'>): string {
  const seo = productMetaValue(product, '_seo_description')?.trim();
  if (seo) return seo;
  return htmlToParagraphs(product.short_description ?? '').join(' ');
}
