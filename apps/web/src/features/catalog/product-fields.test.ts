import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import { htmlToParagraphs } from './html-to-text';
import {
  descriptionParagraphs,
  galleryImages,
  initialGalleryImage,
  isOutOfStock,
  productBrandName,
  productSeoDescription,
  productSeoTitle,
  productTitle,
  weightLabel,
} from './product-fields';

const meta = (entries: Record<string, string>) =>
  Object.entries(entries).map(([option, value]) => ({ option, value }));

describe('gallery start image (SPEC §2)', () => {
  it('starts on the featured image', () => {
    const p = makeProduct({
      featured_image: 'products/a.jpg',
      gallery_media: 'products/b.jpg,products/c.jpg',
    });
    expect(initialGalleryImage(p)).toBe('products/a.jpg');
    expect(galleryImages(p)).toEqual(['products/a.jpg', 'products/b.jpg', 'products/c.jpg']);
  });

  it('falls back to the first gallery image when there is no featured image', () => {
    const p = makeProduct({ featured_image: null, gallery_media: ' products/b.jpg , products/c.jpg' });
    expect(initialGalleryImage(p)).toBe('products/b.jpg');
  });

  it('treats a blank featured image as missing', () => {
    expect(initialGalleryImage(makeProduct({ featured_image: '  ', gallery_media: 'products/b.jpg' }))).toBe(
      'products/b.jpg',
    );
  });

  it('gives null (the placeholder) when there is no image at all', () => {
    expect(initialGalleryImage(makeProduct({ featured_image: null, gallery_media: null }))).toBeNull();
    expect(initialGalleryImage(makeProduct({ featured_image: null, gallery_media: ' , ' }))).toBeNull();
  });

  it('lists each image once', () => {
    const p = makeProduct({
      featured_image: 'products/a.jpg',
      gallery_media: 'products/a.jpg,products/b.jpg',
    });
    expect(galleryImages(p)).toEqual(['products/a.jpg', 'products/b.jpg']);
  });
});

describe('stand-ins for missing fields (SPEC §2)', () => {
  it("says 'No Title', 'Unknown' and 'No Description'", () => {
    const p = makeProduct({ title: '  ', brand: null, long_description: null, short_description: null });
    expect(productTitle(p)).toBe('No Title');
    expect(productBrandName(p)).toBe('Unknown');
    expect(descriptionParagraphs(p)).toEqual(['No Description']);
  });

  it('uses the short description when there is no long one', () => {
    expect(descriptionParagraphs(makeProduct({ short_description: 'Fits most utes.' }))).toEqual([
      'Fits most utes.',
    ]);
  });
});

describe('stock and weight', () => {
  it("is out of stock when _stock is '0'", () => {
    expect(isOutOfStock(makeProduct({ product_meta: meta({ _price: '10', _stock: '0' }) }))).toBe(true);
    expect(isOutOfStock(makeProduct({ product_meta: meta({ _price: '10', _stock: '4' }) }))).toBe(false);
    expect(isOutOfStock(makeProduct({ product_meta: meta({ _price: '10' }) }))).toBe(false);
  });

  it('shows the weight in kg, or N/A', () => {
    expect(weightLabel(makeProduct({ product_meta: meta({ _weight: '17.60' }) }))).toBe('17.6 kg');
    expect(weightLabel(makeProduct({ product_meta: [] }))).toBe('N/A');
  });
});

describe('SEO fields', () => {
  it('reads _seo_title and _seo_description, falling back to the title and short description', () => {
    const seo = makeProduct({
      short_description: '<p>Short &amp; sweet</p>',
      product_meta: meta({ _seo_title: 'Brake Pads | Shop', _seo_description: 'Stops well.' }),
    });
    expect(productSeoTitle(seo)).toBe('Brake Pads | Shop');
    expect(productSeoDescription(seo)).toBe('Stops well.');

    const plain = makeProduct({ short_description: '<p>Short &amp; sweet</p>', product_meta: [] });
    expect(productSeoTitle(plain)).toBe('Ceramic Brake Pads Front');
    expect(productSeoDescription(plain)).toBe('Short & sweet');
  });
});

describe('htmlToParagraphs (SPEC §3: HTML stripped on display)', () => {
  it('keeps the text of each block and drops the tags', () => {
    const html =
      '<p>The <strong>Voltcore NS70</strong> starts&nbsp;every time.</p><ul><li>CCA 680</li><li>24-month warranty</li></ul><p>Fits utes<br>and SUVs &lt;2.5t&gt;</p>';
    expect(htmlToParagraphs(html)).toEqual([
      'The Voltcore NS70 starts every time.',
      '• CCA 680',
      '• 24-month warranty',
      'Fits utes',
      'and SUVs <2.5t>',
    ]);
  });

  it('drops scripts, styles and comments, and decodes numeric entities', () => {
    expect(
      htmlToParagraphs('<script>alert(1)</script><!-- x --><style>p{}</style>R&#36;5 &#x2013; ok'),
    ).toEqual(['R$5 – ok']);
  });

  it('gives nothing for empty or tag-only input', () => {
    expect(htmlToParagraphs('')).toEqual([]);
    expect(htmlToParagraphs('<p> </p><ul><li></li></ul>')).toEqual([]);
  });
});
