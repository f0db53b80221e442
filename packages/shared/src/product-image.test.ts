import { describe, expect, it } from 'vitest';
import {
  featuredProductImage,
  productImageOf,
  productImageSrcSet,
  productImageVariantPath,
  productImageVariantWidths,
} from './product-image';

describe('productImageVariantPath', () => {
  it('puts the copy in the variants folder beside the original, keeping its whole name', () => {
    expect(productImageVariantPath('products/pad.jpg', 320)).toBe('products/variants/pad.jpg-320w.webp');
    expect(productImageVariantPath('products/pad.png', 320)).toBe('products/variants/pad.png-320w.webp');
    expect(productImageVariantPath('pad.jpg', 160)).toBe('variants/pad.jpg-160w.webp');
  });
});

describe('productImageVariantWidths', () => {
  it('never goes wider than the picture', () => {
    expect(productImageVariantWidths(4000)).toEqual([160, 320, 640, 960, 1280]);
    expect(productImageVariantWidths(640)).toEqual([160, 320, 640]);
    expect(productImageVariantWidths(639)).toEqual([160, 320]);
    expect(productImageVariantWidths(100)).toEqual([]);
  });
});

describe('productImageSrcSet', () => {
  const url = (p: string) => `/media/${p}`;

  it('lists the copies by width; a large original is not offered whole', () => {
    expect(
      productImageSrcSet({ path: 'products/a.jpg', width: 3000, widths: [160, 320, 640, 960, 1280] }, url),
    ).toBe(
      '/media/products/variants/a.jpg-160w.webp 160w, /media/products/variants/a.jpg-320w.webp 320w, ' +
        '/media/products/variants/a.jpg-640w.webp 640w, /media/products/variants/a.jpg-960w.webp 960w, ' +
        '/media/products/variants/a.jpg-1280w.webp 1280w',
    );
  });

  it('offers a smaller original at its own width after its copies', () => {
    expect(productImageSrcSet({ path: 'products/a.png', width: 1000, widths: [320, 160, 640, 960] })).toBe(
      'products/variants/a.png-160w.webp 160w, products/variants/a.png-320w.webp 320w, ' +
        'products/variants/a.png-640w.webp 640w, products/variants/a.png-960w.webp 960w, products/a.png 1000w',
    );
    // Exactly a copy width: the copy is enough.
    expect(productImageSrcSet({ path: 'a.png', width: 320, widths: [160, 320] })).toBe(
      'variants/a.png-160w.webp 160w, variants/a.png-320w.webp 320w',
    );
  });

  it('is undefined without copies (SVG, tiny or unmeasured pictures)', () => {
    expect(productImageSrcSet({ path: 'products/a.svg', width: 800, widths: [] })).toBeUndefined();
    expect(productImageSrcSet({ path: 'products/a.jpg', width: null, widths: [] })).toBeUndefined();
  });

  it('escapes spaces and commas, which would split a candidate', () => {
    expect(productImageSrcSet({ path: 'products/brake pad,front.jpg', width: 2000, widths: [160] })).toBe(
      'products/variants/brake%20pad%2Cfront.jpg-160w.webp 160w',
    );
  });
});

describe('productImageOf / featuredProductImage', () => {
  const images = [
    { path: 'products/a.jpg', width: 800, height: 600, widths: [160, 320, 640] },
    { path: 'products/b.svg', width: 100, height: 100, widths: [] },
  ];

  it('finds a picture by its path', () => {
    expect(productImageOf({ images }, 'products/b.svg')).toBe(images[1]);
    expect(productImageOf({ images }, 'products/c.jpg')).toBeNull();
    expect(productImageOf({ images }, null)).toBeNull();
    expect(productImageOf({}, 'products/a.jpg')).toBeNull();
    expect(featuredProductImage({ featured_image: 'products/a.jpg', images })).toBe(images[0]);
    expect(featuredProductImage({ featured_image: null, images })).toBeNull();
  });
});
