/** SPEC §2: a product's page is /product/{permalink}, encoded (product cards, the cart, the product head). */
export function productPath(permalink: string): string {
  return `/product/${encodeURIComponent(permalink)}`;
}
