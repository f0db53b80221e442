import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMedia, ROTOR, ROTOR_SRCSET } from '@/test/render-with-media';
import { MediaBaseUrlContext, PRODUCT_IMAGE_FALLBACK } from '@/lib/media';
import { ProductImage } from './product-image';

describe('ProductImage', () => {
  it('offers the WebP copies with sizes, and takes the picture’s own size for width and height', () => {
    renderWithMedia(
      <ProductImage src={ROTOR.path} image={ROTOR} alt="Rotor" width={300} height={300} sizes="50vw" />,
    );
    const img = screen.getByRole('img', { name: 'Rotor' });
    expect(img.getAttribute('src')).toBe('/media/products/rotor.jpg');
    expect(img.getAttribute('srcset')).toBe(ROTOR_SRCSET);
    expect(img.getAttribute('sizes')).toBe('50vw');
    expect(img.getAttribute('width')).toBe('1500');
    expect(img.getAttribute('height')).toBe('1000');
    // Not the page's main picture: lazy, decoded off the main thread, no priority.
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('fetchpriority')).toBeNull();
  });

  it('defaults sizes to the slot width, and uses the slot size when the picture’s size is not known', () => {
    const { rerender } = renderWithMedia(
      <ProductImage src={ROTOR.path} image={ROTOR} alt="Rotor" width={72} height={72} />,
    );
    expect(screen.getByRole('img').getAttribute('sizes')).toBe('72px');

    const unknown = { path: 'products/old.jpg', width: null, height: null, widths: [] };
    rerender(
      <MediaBaseUrlContext value="/media/">
        <ProductImage src={unknown.path} image={unknown} alt="Old" width={72} height={72} />
      </MediaBaseUrlContext>,
    );
    const img = screen.getByRole('img', { name: 'Old' });
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['72', '72']);
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.getAttribute('sizes')).toBeNull();
  });

  it('gives the SVG its measured size and no srcset; ignores sizes of another picture', () => {
    const svg = { path: 'products/logo.svg', width: 240, height: 120, widths: [] };
    renderWithMedia(
      <>
        <ProductImage src={svg.path} image={svg} alt="Logo" width={100} height={100} />
        <ProductImage src="products/other.jpg" image={ROTOR} alt="Other" width={100} height={100} />
      </>,
    );
    const logo = screen.getByRole('img', { name: 'Logo' });
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['240', '120']);
    expect(logo.getAttribute('srcset')).toBeNull();
    const other = screen.getByRole('img', { name: 'Other' });
    expect(other.getAttribute('srcset')).toBeNull();
    expect(other.getAttribute('width')).toBe('100');
  });

  it('requests the priority picture at once with high priority', () => {
    renderWithMedia(
      <ProductImage src={ROTOR.path} image={ROTOR} alt="Main" width={600} height={600} priority />,
    );
    const img = screen.getByRole('img', { name: 'Main' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('decoding')).toBeNull();
  });

  it('falls back to the original when a copy fails, then to the not-found picture', () => {
    renderWithMedia(<ProductImage src={ROTOR.path} image={ROTOR} alt="Rotor" width={300} height={300} />);
    const img = screen.getByRole('img', { name: 'Rotor' });
    fireEvent.error(img);
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.getAttribute('src')).toBe('/media/products/rotor.jpg');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(PRODUCT_IMAGE_FALLBACK);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['300', '300']);
  });

  it('shows the not-found picture for a missing path, and holds the picture’s box while the media base loads', () => {
    const { container } = renderWithMedia(
      <>
        <ProductImage src={null} alt="None" width={300} height={300} />
        <ProductImage src={ROTOR.path} image={ROTOR} alt="Pending" width={300} height={300} />
      </>,
      null,
    );
    expect(screen.getByRole('img', { name: 'None' }).getAttribute('src')).toBe(PRODUCT_IMAGE_FALLBACK);
    const pending = container.querySelector<HTMLElement>('.product-image--pending');
    expect(pending?.style.aspectRatio).toBe('1500 / 1000');
  });
});
