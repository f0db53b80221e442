/**
 * schema.org `Product` with an `Offer` in AUD for a product page, so search engines can show the price
 * and availability. Built from the same fields the page shows; the price includes GST (issue 18), as the
 * catalog stores it (issue 34: `_price` is the shelf price).
 */
import { centsToDecimalString } from '@store/shared/money';
import type { Product } from '@store/shared/product';
import { mediaUrl } from '@/lib/media';
import { isOutOfStock, productBrandName, productSeoDescription, productTitle } from './product-fields';
import { productPricing } from '@/lib/product-pricing';

export interface JsonLdContext {
  /** The page's absolute URL, e.g. https://shop.example.com.au/product/VC-NS70-680. */
  pageUrl: string;
  /** The store's media base URL (absolute or relative to pageUrl); null while it is not known yet. */
  mediaBase: string | null;
}

/** The product's main picture as an absolute URL, or undefined (none, or the media base not known yet). */
export function productImageUrl(
  product: Product,
  { pageUrl, mediaBase }: Pick<JsonLdContext, 'pageUrl' | 'mediaBase'>,
): string | undefined {
  return product.featured_image && mediaBase !== null
    ? new URL(mediaUrl(mediaBase, product.featured_image), pageUrl).href
    : undefined;
}

export function productJsonLd(product: Product, context: JsonLdContext): Record<string, unknown> {
  const { pageUrl } = context;
  const { saleCents } = productPricing(product);
  const image = productImageUrl(product, context);
  const description = productSeoDescription(product);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: productTitle(product),
    sku: product.sku,
    ...(description ? { description } : {}),
    ...(image ? { image: [image] } : {}),
    brand: { '@type': 'Brand', name: productBrandName(product) },
    ...(saleCents === null
      ? {}
      : {
          offers: {
            '@type': 'Offer',
            url: pageUrl,
            priceCurrency: 'AUD',
            // The price the shopper pays: the discounted one when there is a discount, GST included.
            price: centsToDecimalString(saleCents),
            availability: isOutOfStock(product)
              ? 'https://schema.org/OutOfStock'
              : 'https://schema.org/InStock',
            itemCondition: 'https://schema.org/NewCondition',
          },
        }),
  };
}
