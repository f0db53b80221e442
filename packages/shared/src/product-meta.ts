/**
 * Reading the SPEC §3 `product_meta` list ({option, value}). No zod here, so the web app can import it
 * without shipping the schemas.
 */

/** The meta options the SPEC names; the API emits each one it has a value for. */
export const PRODUCT_META_OPTIONS = [
  '_price',
  '_stock',
  '_weight',
  '_seo_title',
  '_seo_description',
  '_seo_tags',
  '_canonical_url',
  '_schema_markup',
] as const;
export type ProductMetaOption = (typeof PRODUCT_META_OPTIONS)[number];

/** Reads one meta option's value from a product (undefined when absent). */
export function productMetaValue(
  product: { product_meta: readonly { option: string; value: string }[] },
  option: ProductMetaOption,
): string | undefined {
  return product.product_meta.find((m) => m.option === option)?.value;
}
