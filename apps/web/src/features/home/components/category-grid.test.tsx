import { describe, expect, it } from 'vitest';
import type { Category } from '@store/shared/product';
import { renderWithMedia } from '@/test/render-with-media';
import { CATEGORY_TILE_IMAGE_SIZES, CategoryGrid } from './category-grid';

function category(id: number, info: Category['thumbnail_image_info']): Category {
  return {
    id,
    title: `Category ${id}`,
    sku: `category-${id}`,
    permalink: `category-${id}`,
    thumbnail_image: `categories/c${id}.png`,
    thumbnail_image_info: info,
    child_categories: [],
  };
}

describe('category and brand pictures (decision 0082)', () => {
  it('a category tile offers its thumbnail’s copies at the tile’s drawn size', () => {
    const { container } = renderWithMedia(
      <CategoryGrid categories={[category(1, { width: 400, height: 400, widths: [160, 320] })]} />,
    );
    const img = container.querySelector('img.category-tile__image');
    expect(img?.getAttribute('srcset')).toBe(
      '/media/categories/variants/c1.png-160w.webp 160w, /media/categories/variants/c1.png-320w.webp 320w, ' +
        '/media/categories/c1.png 400w',
    );
    expect(img?.getAttribute('sizes')).toBe(CATEGORY_TILE_IMAGE_SIZES);
    expect(img?.getAttribute('src')).toBe('/media/categories/c1.png');
  });

  it('a thumbnail stored before copies were made is shown whole, with no srcset', () => {
    const { container } = renderWithMedia(<CategoryGrid categories={[category(2, null)]} />);
    const img = container.querySelector('img.category-tile__image');
    expect(img?.getAttribute('src')).toBe('/media/categories/c2.png');
    expect(img?.hasAttribute('srcset')).toBe(false);
  });
});
