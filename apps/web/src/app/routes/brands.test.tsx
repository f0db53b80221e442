import type { Brand, Product } from '@store/shared/product';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRODUCT_IMAGE_FALLBACK } from '@/lib/media';
import { json } from '@/test/fake-api';
import { makeProduct } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';

const brands: Brand[] = [
  {
    id: 1,
    title: 'Bluegum Batteries',
    permalink: 'bluegum-batteries',
    cover_image: null,
    cover_image_info: null,
    logo_image: 'brands/b.svg',
    logo_image_info: null,
  },
  {
    id: 2,
    title: 'Nameless',
    permalink: 'nameless',
    cover_image: null,
    cover_image_info: null,
    logo_image: null,
    logo_image_info: null,
  },
  {
    id: 3,
    title: 'Voltcore',
    permalink: 'voltcore',
    cover_image: null,
    cover_image_info: null,
    logo_image: 'brands/v.svg',
    logo_image_info: null,
  },
];

function shopAnswer(
  products: Product[],
  total: number,
  lastPage: number,
  page: number,
  brand: { permalink: string; title: string } | null,
) {
  return {
    data: products,
    total,
    last_page: lastPage,
    current_page: page,
    per_page: 20,
    filters: { category: null, child_category: null, brand },
  };
}

const products = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    makeProduct({ id: i + 1, title: `Battery ${i + 1}`, permalink: `battery-${i + 1}` }),
  );

describe('/brands', () => {
  it("shows 'Loading', then every brand's logo at 150x150 linking to its page", async () => {
    renderRoute('/brands', { api: { 'GET /api/brands': { data: { data: brands, general_settings: {} } } } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Brands' })).toBeTruthy();
    expect(screen.getByText('Loading').getAttribute('role')).toBe('status');

    const link = await screen.findByRole('link', { name: 'Voltcore' });
    await waitFor(() => expect(document.title).toBe('Brands | Southern Cross Auto Parts'));
    expect(link.getAttribute('href')).toBe('/brand?page=1&brand=voltcore');
    const logo = within(link).getByRole('img');
    expect(logo.getAttribute('width')).toBe('150');
    expect(logo.getAttribute('height')).toBe('150');
    expect(logo.getAttribute('src')).toBe('/media/brands/v.svg');
    // A brand without a logo shows the placeholder picture.
    expect(
      within(screen.getByRole('link', { name: 'Nameless' }))
        .getByRole('img')
        .getAttribute('src'),
    ).toBe(PRODUCT_IMAGE_FALLBACK);
  });
});

describe('/brand', () => {
  it("shows 'Brand: {title}', the count and at most 15 of the 20 products", async () => {
    const { api } = renderRoute('/brand?page=1&brand=voltcore', {
      api: {
        'GET /api/shop': shopAnswer(products(20), 31, 2, 1, { permalink: 'voltcore', title: 'Voltcore' }),
      },
    });

    // The first visit loads the route's code, which takes a while on a busy machine.
    expect(await screen.findByText('Loading products...', {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Brand: Voltcore' })).toBeTruthy();
    expect(screen.getByText('There are 31 products.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Brand: Voltcore | Southern Cross Auto Parts'));
    expect(screen.getAllByRole('link', { name: /^Battery \d+$/ })).toHaveLength(15);
    expect(screen.queryByRole('link', { name: 'Battery 16' })).toBeNull();

    const shopCall = api.requestsTo('/api/shop')[0]?.url;
    expect(shopCall?.searchParams.get('brand')).toBe('voltcore');
    expect(shopCall?.searchParams.get('page')).toBe('1');
    expect(shopCall?.searchParams.get('pagination')).toBe('15');

    // A second page: pagination, keeping the brand.
    const pages = screen.getByRole('navigation', { name: 'Pages of products' });
    expect(within(pages).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe(
      '/brand?page=2&brand=voltcore',
    );
    expect(within(pages).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
  });

  it("shows 'All Brands' without a brand, and no pagination for one page of 15", async () => {
    renderRoute('/brand?page=1', {
      api: {
        'GET /api/shop': ({ url }) =>
          url.searchParams.has('brand') ? undefined : json(shopAnswer(products(15), 15, 1, 1, null)),
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'All Brands' })).toBeTruthy();
    expect(await screen.findByText('There are 15 products.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^Battery \d+$/ })).toHaveLength(15);
    expect(screen.queryByRole('navigation', { name: 'Pages of products' })).toBeNull();
  });

  it("says 'No Product Found' for a brand without products", async () => {
    renderRoute('/brand?page=1&brand=unknown-maker', {
      api: { 'GET /api/shop': shopAnswer([], 0, 1, 1, null) },
    });

    expect(await screen.findByText('No Product Found')).toBeTruthy();
    expect(screen.getByText('There are 0 products.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Brand: unknown-maker' })).toBeTruthy();
  });

  it("says 'Error loading products. Please try again later.' when the call fails", async () => {
    renderRoute('/brand?page=1&brand=voltcore', {
      api: { 'GET /api/shop': () => json({ message: 'Database unavailable' }, 500) },
    });

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error loading products. Please try again later.',
    );
  });
});

describe('/brand sort and filters (issue 13)', () => {
  it('asks with the address’s sort and filters, keeps them in page links, and sorts from the menu on page 1', async () => {
    const { api, router, user } = renderRoute(
      '/brand?page=2&brand=voltcore&sort=price_asc&max_price=200&in_stock=1',
      {
        api: {
          'GET /api/shop': shopAnswer(products(15), 31, 3, 2, { permalink: 'voltcore', title: 'Voltcore' }),
        },
      },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Brand: Voltcore' }, { timeout: 5000 }),
    ).toBeTruthy();
    const shopCall = api.requestsTo('/api/shop')[0]?.url;
    expect(Object.fromEntries(shopCall?.searchParams ?? [])).toEqual({
      page: '2',
      brand: 'voltcore',
      sort: 'price_asc',
      // Shelf prices are stored as shown, inc. GST (decision 0046), so the address's $200 goes to the API as is.
      max_price: '200',
      in_stock: '1',
      pagination: '15',
    });

    const pages = screen.getByRole('navigation', { name: 'Pages of products' });
    expect(within(pages).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/brand?page=3&brand=voltcore&sort=price_asc&max_price=200&in_stock=1',
    );
    expect(
      screen.getByRole('link', { name: 'Remove filter Price: up to $200.00' }).getAttribute('href'),
    ).toBe('/brand?page=1&brand=voltcore&sort=price_asc&in_stock=1');

    const menu = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' });
    expect(menu.value).toBe('price_asc');
    await user.selectOptions(menu, 'Name: A to Z');
    expect(router.state.location.search).toBe('?page=1&brand=voltcore&sort=name&max_price=200&in_stock=1');
  });
});
