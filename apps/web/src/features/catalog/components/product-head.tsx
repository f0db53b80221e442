import { productPath } from '@store/shared/paths';
import type { Product } from '@store/shared/product';
import { productMetaValue } from '@store/shared/product-meta';
import { useStoreConfig } from '@/lib/api/get-store-config';
import { usePageTitle } from '@/hooks/use-page-title';
import { storeName } from '@/hooks/use-store-head';
import { useMediaBaseUrl } from '@/lib/media';
import { siteOrigin } from '@/lib/site-origin';
import { useMetaDescription } from '@/hooks/use-meta-description';
import { productSeoDescription, productSeoTitle } from '../product-fields';
import { centsToDecimalString } from '@store/shared/money';
import { JsonLd } from '@/lib/json-ld';
import { productImageUrl, productJsonLd } from '../product-json-ld';
import { productPricing } from '@/lib/product-pricing';

/** 'Voltcore NS70 | Southside Auto Parts' -> 'Voltcore NS70': the layout adds the store name itself. */
export function withoutStoreName(title: string, name: string): string {
  const suffix = new RegExp(`\\s*[|–—-]\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'i');
  return title.replace(suffix, '').trim() || title;
}

/**
 * A product page's head: the title and meta description from the product's SEO fields (`_seo_title`,
 * `_seo_description`, falling back to the title and short description), a canonical link, Open Graph and
 * Twitter card tags for link previews (title, description, picture, price in AUD), and schema.org Product
 * JSON-LD with an AUD Offer. React 19 puts the link and meta elements in <head>; on the server they come first
 * in the rendered HTML, which the API moves there (decision 0025).
 */
export function ProductHead({ product }: { product: Product }) {
  const config = useStoreConfig();
  const mediaBase = useMediaBaseUrl();

  const pageUrl = new URL(productPath(product.permalink), siteOrigin()).href;
  const canonical = productMetaValue(product, '_canonical_url')?.trim();
  const canonicalUrl = canonical && /^https?:\/\//i.test(canonical) ? canonical : pageUrl;
  const title = withoutStoreName(productSeoTitle(product), storeName(config.data));
  const description = productSeoDescription(product);
  const image = productImageUrl(product, { pageUrl, mediaBase });
  const { saleCents } = productPricing(product);
  usePageTitle(title);
  useMetaDescription(description);
  return (
    <>
      <link rel="canonical" href={canonicalUrl} />
      <meta property="og:type" content="product" />
      <meta property="og:site_name" content={storeName(config.data)} />
      <meta property="og:title" content={title} />
      {description && <meta property="og:description" content={description} />}
      <meta property="og:url" content={canonicalUrl} />
      {image && <meta property="og:image" content={image} />}
      {saleCents !== null && (
        <meta
          property="product:price:amount"
          // Issue 34: `_price` is the shelf price a consumer pays, GST included, whoever is signed in.
          content={centsToDecimalString(saleCents)}
        />
      )}
      {saleCents !== null && <meta property="product:price:currency" content="AUD" />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      {description && <meta name="twitter:description" content={description} />}
      {image && <meta name="twitter:image" content={image} />}
      <JsonLd data={productJsonLd(product, { pageUrl, mediaBase })} />
    </>
  );
}
