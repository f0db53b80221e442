import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Brand } from '@store/shared/product';
import { renderWithMedia } from '@/test/render-with-media';
import { BrandLogoGrid } from './brand-logo-grid';

describe('brand logos (decision 0082)', () => {
  it('a brand’s logo offers its copies and stays 150x150', () => {
    const brand: Brand = {
      id: 1,
      title: 'Voltcore',
      permalink: 'voltcore',
      cover_image: null,
      cover_image_info: null,
      logo_image: 'brands/voltcore.jpg',
      logo_image_info: { width: 2000, height: 1000, widths: [160, 320, 640, 960, 1280] },
    };
    renderWithMedia(<BrandLogoGrid brands={[brand]} />);
    const img = screen.getByRole('img', { name: 'Voltcore' });
    expect(img.getAttribute('srcset')?.split(', ')).toEqual(
      [160, 320, 640, 960, 1280].map((w) => `/media/brands/variants/voltcore.jpg-${w}w.webp ${w}w`),
    );
    expect(img.getAttribute('sizes')).toBe('150px');
    // SPEC /brands: logo images at 150x150, whatever size was uploaded.
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['150', '150']);
  });
});
