import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import { makeTestQueryClient } from '@/test/query-client';
import { ProductCarousel } from './product-carousel';

const products = Array.from({ length: 6 }, (_, i) =>
  makeProduct({ id: i + 1, title: `Oil Filter ${i + 1}`, permalink: `oil-filter-${i + 1}` }),
);

function renderCarousel(list: typeof products | undefined) {
  // Cards show prices through the store's settings (issue 18), read with React Query.
  return render(
    <QueryClientProvider client={makeTestQueryClient()}>
      <MemoryRouter>
        <ProductCarousel title="New Products" products={list} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ProductCarousel', () => {
  it('is a region named by its heading, with a card per product and named arrow buttons', () => {
    renderCarousel(products);

    const region = screen.getByRole('region', { name: 'New Products' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(within(region).getByRole('heading', { level: 2, name: 'New Products' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Previous New Products' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Next New Products' })).toBeTruthy();

    const slides = within(region).getAllByRole('group');
    expect(slides).toHaveLength(6);
    expect(slides[0]!.getAttribute('aria-label')).toBe('1 of 6');
    expect(within(slides[2]!).getByRole('link', { name: 'Oil Filter 3' }).getAttribute('href')).toBe(
      '/product/oil-filter-3',
    );
    // Cards are below the fold: their images load lazily.
    for (const image of within(region).getAllByRole('img'))
      expect(image.getAttribute('loading')).toBe('lazy');
  });

  it('holds its height with placeholder cards while the products load', () => {
    const { container } = renderCarousel(undefined);

    const region = screen.getByRole('region', { name: 'New Products' });
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Loading products…');
    expect(container.querySelectorAll('.product-card--skeleton').length).toBeGreaterThan(0);
    expect((screen.getByRole('button', { name: 'Next New Products' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('renders nothing for an empty list', () => {
    const { container } = renderCarousel([]);
    expect(container.innerHTML).toBe('');
  });
});
