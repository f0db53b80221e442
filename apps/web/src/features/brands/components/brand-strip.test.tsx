import type { Brand } from '@store/shared/product';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCT_IMAGE_FALLBACK } from '@/lib/media';
import { BrandStrip } from './brand-strip';

const brands: Brand[] = Array.from({ length: 16 }, (_, i) => ({
  id: i + 1,
  title: `Brand ${i + 1}`,
  permalink: `brand-${i + 1}`,
  cover_image: null,
  cover_image_info: null,
  logo_image: i === 2 ? null : `brands/brand-${i + 1}.svg`,
  logo_image_info: null,
}));

const originalWidth = window.innerWidth;

function setWindowWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

function renderStrip(list: Brand[] | undefined) {
  return render(
    <MemoryRouter>
      <BrandStrip brands={list} />
    </MemoryRouter>,
  );
}

const shown = () => screen.getByText(/^Showing brands/).textContent;

afterEach(() => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: originalWidth });
});

describe('BrandStrip', () => {
  it('links each logo to its brand page, with the placeholder for a brand without a logo', () => {
    setWindowWidth(1366);
    renderStrip(brands);

    const region = screen.getByRole('region', { name: 'Shop by Brand' });
    expect(region).toBeTruthy();
    const first = screen.getByRole('link', { name: 'Brand 1' });
    expect(first.getAttribute('href')).toBe('/brand?page=1&brand=brand-1');
    const logo = screen.getByRole('img', { name: 'Brand 1' });
    expect(logo.getAttribute('width')).toBe('150');
    expect(logo.getAttribute('height')).toBe('150');
    expect(logo.getAttribute('loading')).toBe('lazy');
    expect(screen.getByRole('img', { name: 'Brand 3' }).getAttribute('src')).toBe(PRODUCT_IMAGE_FALLBACK);
    expect(screen.getByRole('link', { name: /View all brands/ }).getAttribute('href')).toBe('/brands');
  });

  it.each([
    [1366, 7],
    [1100, 6],
    [800, 4],
    [600, 3],
    [390, 2],
  ])('at %i px shows %i logos at a time', (width, visible) => {
    setWindowWidth(width);
    renderStrip(brands);
    expect(shown()).toBe(`Showing brands 1 to ${visible} of 16`);
  });

  it('follows the window when it is resized', () => {
    setWindowWidth(1366);
    renderStrip(brands);
    expect(shown()).toBe('Showing brands 1 to 7 of 16');
    setWindowWidth(390);
    expect(shown()).toBe('Showing brands 1 to 2 of 16');
  });

  it('previous wraps from the start to the end; next wraps from the end to the start', () => {
    setWindowWidth(1366);
    renderStrip(brands);
    const previous = screen.getByRole('button', { name: 'Previous brands' });
    const next = screen.getByRole('button', { name: 'Next brands' });

    fireEvent.click(previous);
    expect(shown()).toBe('Showing brands 10 to 16 of 16');
    fireEvent.click(next);
    expect(shown()).toBe('Showing brands 1 to 7 of 16');
    fireEvent.click(next);
    expect(shown()).toBe('Showing brands 2 to 8 of 16');
    fireEvent.click(previous);
    fireEvent.click(previous);
    expect(shown()).toBe('Showing brands 10 to 16 of 16');
  });

  it('brings a logo reached by keyboard into view', () => {
    setWindowWidth(390);
    renderStrip(brands);
    act(() => screen.getByRole('link', { name: 'Brand 5' }).focus());
    expect(shown()).toBe('Showing brands 4 to 5 of 16');
  });

  it('has no arrows when every logo fits', () => {
    setWindowWidth(1366);
    renderStrip(brands.slice(0, 5));
    expect(screen.queryByRole('button', { name: /brands/ })).toBeNull();
    expect(screen.getAllByRole('img')).toHaveLength(5);
  });

  it('holds its place with placeholders while the brands load', () => {
    setWindowWidth(800);
    const { container } = renderStrip(undefined);
    expect(container.querySelectorAll('.brand-strip__logo.skeleton')).toHaveLength(4);
    expect(screen.queryByRole('link', { name: /^Brand/ })).toBeNull();
  });
});
