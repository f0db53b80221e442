import type { Product } from '@store/shared/product';
import { productMetaValue } from '@store/shared/product-meta';
import { useStoreConfig } from '@/features/store/api/get-store-config';
import { usePageTitle } from '@/features/store/hooks/use-page-title';
import { storeName } from '@/features/store/hooks/use-store-head';
import { useMediaBaseUrl } from '@/lib/media';
import { useMetaDescription } from '@/features/store/hooks/use-meta-description';
import { productSeoDescription, productSeoTitle } from '../product-fields';
import { jsonLdScriptText, productJsonLd } from '../product-json-ld';
import { productPath } from './product-card';

/** 'Voltcore NS70 | Southside Auto Parts' -> 'Voltcore NS70': the layout adds the store name itself. */
export function withoutStoreName(title: string, name: string): string {
  const suffix = new RegExp(`\\s*[|–—-]\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'i');
  return title.replace(suffix, '').trim() || title;
}

/**
 * A product page's head: the title and meta description from the product's SEO fields (`_seo_title`,
 * `_seo_description`, falling back to the title and short description), a canonical link, and
 * schema.org Product JSON-LD with an AUD Offer.
 */
export function ProductHead({ product }: { product: Product }) {
  const config = useStoreConfig();
  const mediaBase = useMediaBaseUrl();
  usePageTitle(withoutStoreName(productSeoTitle(product), storeName(config.data)));
  useMetaDescription(productSeoDescription(product));

  const pageUrl = new URL(productPath(product.permalink), window.location.origin).href;
  const canonical = productMetaValue(product, '_canonical_url')?.trim();
  const canonicalUrl = canonical && /^https?:\/\//i.test(canonical) ? canonical : pageUrl;
  return (
    <>
      {/* React 19 moves the link into <head>. */}
      <link rel="canonical" href={canonicalUrl} />
      <script
        type="application/ld+json"
        // Not executed: a data block. `<` is escaped so no value can end the script element.
        dangerouslySetInnerHTML={{ __html: jsonLdScriptText(productJsonLd(product, { pageUrl, mediaBase })) }}
      />
    </>
  );
}
