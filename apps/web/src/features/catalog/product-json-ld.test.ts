import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import { productJsonLd } from './product-json-ld';

const pageUrl = 'https://shop.example.com.au/product/VC-NS70-680';
const meta = (entries: Record<string, string>) =>
  Object.entries(entries).map(([option, value]) => ({ option, value }));

describe('productJsonLd', () => {
  it('describes the product with an AUD offer at the discounted shelf price (GST included) and an absolute image URL', () => {
    const product = makeProduct({
      sku: 'VC-NS70-680',
      title: 'Voltcore NS70',
      featured_image: 'products/vc-ns70.svg',
      discount_data: { discounted_price: '199.95', discount_value: 20, discount_type: 1 },
      product_meta: meta({ _price: '219.95', _stock: '43', _seo_description: 'NS70 battery.' }),
    });
    expect(productJsonLd(product, { pageUrl, mediaBase: '/media/' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Voltcore NS70',
      sku: 'VC-NS70-680',
      description: 'NS70 battery.',
      image: ['https://shop.example.com.au/media/products/vc-ns70.svg'],
      brand: { '@type': 'Brand', name: 'Bendix' },
      offers: {
        '@type': 'Offer',
        url: pageUrl,
        priceCurrency: 'AUD',
        price: '199.95', // the discounted shelf price, GST included as the catalog stores it (issue 34)
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    });
  });

  it('marks a product with no stock OutOfStock and keeps an absolute media base as it is', () => {
    const product = makeProduct({ product_meta: meta({ _price: '79.95', _stock: '0' }) });
    const ld = productJsonLd(product, {
      pageUrl,
      mediaBase: 'https://cdn.example.com/m/',
    });
    expect(ld.image).toEqual(['https://cdn.example.com/m/products/brake-pads.jpg']);
    expect(ld.offers).toMatchObject({ price: '79.95', availability: 'https://schema.org/OutOfStock' });
  });

  it('leaves out the offer without a price, and the image without one', () => {
    const ld = productJsonLd(makeProduct({ product_meta: [], featured_image: null }), {
      pageUrl,
      mediaBase: '/media/',
    });
    expect(ld).not.toHaveProperty('offers');
    expect(ld).not.toHaveProperty('image');
  });
});
