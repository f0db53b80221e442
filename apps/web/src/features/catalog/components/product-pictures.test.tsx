import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMedia, ROTOR, ROTOR_SRCSET } from '@/test/render-with-media';
import { PRODUCT_PAGE_IMAGE_SIZES } from '@store/shared/product-image';
import type { ProductImage as StoredImage } from '@store/shared/product';
import { makeProduct } from '@/test/fixtures';
import { ProductCard, PRODUCT_CARD_IMAGE_SIZES } from './product-card';
import { ProductGallery } from './product-gallery';

describe('product pictures on cards and the product page', () => {
  it('a card offers its featured picture’s copies at the grid’s sizes', () => {
    renderWithMedia(
      <ProductCard
        product={makeProduct({ title: 'Rotor', featured_image: ROTOR.path, images: [ROTOR] })}
        eagerImage
      />,
    );
    const img = screen.getByRole('img', { name: 'Rotor' });
    expect(img.getAttribute('srcset')).toBe(ROTOR_SRCSET);
    expect(img.getAttribute('sizes')).toBe(PRODUCT_CARD_IMAGE_SIZES);
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBeNull();
  });

  it('the gallery’s main picture has priority and the page’s sizes; thumbnails load lazily', () => {
    const side: StoredImage = {
      path: 'products/rotor-side.png',
      width: 800,
      height: 800,
      widths: [160, 320, 640],
    };
    renderWithMedia(
      <ProductGallery
        product={{ featured_image: ROTOR.path, gallery_media: side.path, images: [ROTOR, side] }}
        title="Rotor"
      />,
    );
    const main = screen.getByRole('img', { name: 'Rotor' });
    expect(main.getAttribute('fetchpriority')).toBe('high');
    expect(main.getAttribute('loading')).toBe('eager');
    expect(main.getAttribute('sizes')).toBe(PRODUCT_PAGE_IMAGE_SIZES);
    expect(main.getAttribute('srcset')).toBe(ROTOR_SRCSET);
    expect([main.getAttribute('width'), main.getAttribute('height')]).toEqual(['1500', '1000']);

    const thumbs = screen.getByRole('group', { name: 'Product images' }).querySelectorAll('img');
    expect(thumbs).toHaveLength(2);
    for (const thumb of thumbs) {
      expect(thumb.getAttribute('loading')).toBe('lazy');
      expect(thumb.getAttribute('sizes')).toBe('80px');
    }
    expect(thumbs[1]?.getAttribute('srcset')).toBe(
      '/media/products/variants/rotor-side.png-160w.webp 160w, /media/products/variants/rotor-side.png-320w.webp 320w, ' +
        '/media/products/variants/rotor-side.png-640w.webp 640w, /media/products/rotor-side.png 800w',
    );

    // Choosing a thumbnail puts its picture, with its own copies and size, in the main place.
    fireEvent.click(screen.getByRole('button', { name: 'Show image 2 of 2' }));
    const chosen = screen.getByRole('img', { name: 'Rotor, image 2 of 2' });
    expect(chosen.getAttribute('src')).toBe('/media/products/rotor-side.png');
    expect([chosen.getAttribute('width'), chosen.getAttribute('height')]).toEqual(['800', '800']);
    expect(chosen.getAttribute('fetchpriority')).toBe('high');
  });
});
