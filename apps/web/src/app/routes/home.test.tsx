import type { Brand, Category } from '@store/shared/product';
import { screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_STORE_PROMISES,
  deliverySettingsOf,
  freeDeliveryHeadline,
  freeDeliveryText,
  returnsHeadline,
} from '@store/shared/store-promises';
import { afterEach, describe, expect, it } from 'vitest';
import { json, type ApiTable } from '@/test/fake-api';
import { makeProduct, makeStoreConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';

const banner = (name: string, link: string) => ({
  image: `home/${name}.svg`,
  title: `${name} title`,
  subtitle: `${name} subtitle`,
  link,
});

const config = makeStoreConfig({
  // Issue 34: the settings are GST-inclusive, $16.50 delivery under $100.
  delivery_charge: 16.5,
  free_delivery_threshold: 100,
  hero_slides: [
    {
      image: 'home/hero-batteries.svg',
      title: 'Batteries that start every time',
      subtitle: 'NS70, DIN and 4WD batteries',
      cta: 'Shop batteries',
      link: '/shop?page=1&child_category=car-batteries',
    },
    {
      image: 'home/hero-headlights.svg',
      title: 'See further at night',
      subtitle: 'Globes and LED kits',
      cta: 'Shop headlights',
      link: '/shop?page=1&child_category=headlight-globes',
    },
    {
      image: 'home/hero-tie-downs.svg',
      title: 'Load up. Strap down.',
      subtitle: 'Ratchet straps',
      cta: 'Shop tie-downs',
      link: '/shop?page=1&brand=dingo-tow',
    },
  ],
  side_banners: [
    banner('side-one', '/shop?page=1&brand=voltcore'),
    banner('side-two', '/shop?page=1&brand=shinewell'),
  ],
  offer_banners: [
    banner('batteries', '/shop?page=1&child_category=4wd-and-deep-cycle'),
    banner('headlights', '/shop?page=1&child_category=led-conversion-kits'),
    banner('wheel-nuts', '/shop?page=1&child_category=locking-wheel-nuts'),
  ],
});

const categories: Category[] = Array.from({ length: 14 }, (_, i) => ({
  id: i + 1,
  title: `Category ${i + 1}`,
  sku: `category-${i + 1}`,
  permalink: `category-${i + 1}`,
  thumbnail_image: `home/category-${i + 1}.svg`,
  thumbnail_image_info: null,
  child_categories: [],
}));

const brands: Brand[] = Array.from({ length: 9 }, (_, i) => ({
  id: i + 1,
  title: `Maker ${i + 1}`,
  permalink: `maker-${i + 1}`,
  cover_image: null,
  cover_image_info: null,
  logo_image: `brands/maker-${i + 1}.svg`,
  logo_image_info: null,
}));

const featured = Array.from({ length: 4 }, (_, i) =>
  makeProduct({ id: 100 + i, title: `Featured Torch ${i + 1}`, permalink: `featured-torch-${i + 1}` }),
);
const latest = Array.from({ length: 3 }, (_, i) =>
  makeProduct({ id: i + 1, title: `Oil Filter ${i + 1}`, permalink: `oil-filter-${i + 1}` }),
);

const allAnswers: ApiTable = {
  'GET /api/store-config': { data: config },
  'GET /api/categories': { data: categories },
  'GET /api/virtual-products': { data: featured },
  'GET /api/latest-products': { data: { data: latest } },
  'GET /api/brand-sliders': { data: brands },
  'GET /api/vehicles/makes': { data: ['Ford', 'Toyota'] },
};

afterEach(() => {
  // The 429 redirect holds off repeats for 45 s through session storage; each test starts afresh.
  sessionStorage.clear();
});

describe('home page', () => {
  it('shows the store name, sets the title and lists the latest products', async () => {
    renderRoute('/', { api: allAnswers });

    expect(await screen.findByRole('link', { name: /Southern Cross Auto Parts/ })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Southern Cross Auto Parts' })).toBeTruthy();
    const newProducts = await screen.findByRole('region', { name: 'New Products' });
    expect(await within(newProducts).findByRole('link', { name: 'Oil Filter 3' })).toBeTruthy();
    expect(within(newProducts).getAllByRole('link', { name: /^Oil Filter/ })).toHaveLength(3);
    expect(document.title).toBe('Southern Cross Auto Parts');
  });

  it('shows the hero, banners, services, categories, both carousels and the brands strip', async () => {
    renderRoute('/', { api: allAnswers });

    // Hero: the first slide's words over its picture, its call to action linking to the slide's link.
    const hero = await screen.findByRole('region', { name: 'Featured offers' });
    expect(within(hero).getByRole('heading', { name: 'Batteries that start every time' })).toBeTruthy();
    expect(within(hero).getByRole('link', { name: 'Shop batteries' }).getAttribute('href')).toBe(
      '/shop?page=1&child_category=car-batteries',
    );
    expect(within(hero).getAllByRole('button', { name: /^Slide \d/ })).toHaveLength(3);

    // The five banners link to the shop with their filters.
    for (const [title, href] of [
      ['side-one title', '/shop?page=1&brand=voltcore'],
      ['side-two title', '/shop?page=1&brand=shinewell'],
      ['batteries title', '/shop?page=1&child_category=4wd-and-deep-cycle'],
      ['headlights title', '/shop?page=1&child_category=led-conversion-kits'],
      ['wheel-nuts title', '/shop?page=1&child_category=locking-wheel-nuts'],
    ] as const) {
      expect(screen.getByRole('link', { name: title }).getAttribute('href')).toBe(href);
    }

    // SPEC §1 marketing claims, in the words of the store's promises (issue 34 §3): the delivery offer from the
    // store's settings, the same words as the top bar's; the return policy's 30 days, not the SPEC's 365.
    const delivery = deliverySettingsOf(config);
    const services = screen.getByRole('region', { name: 'Why shop with us' });
    const offer = freeDeliveryHeadline(delivery);
    expect(offer).toEqual({ title: 'Free delivery', detail: 'On orders of $100 or more' });
    const deliveryLink = within(services).getByRole('link', { name: `${offer.title}${offer.detail}` });
    expect(deliveryLink.getAttribute('href')).toBe('/shipping-policy');
    expect(services.textContent).toContain('Up to 2 years');
    const returnsLink = within(services).getByRole('link', {
      name: `${returnsHeadline(DEFAULT_STORE_PROMISES).title}${returnsHeadline(DEFAULT_STORE_PROMISES).detail}`,
    });
    expect(returnsLink.getAttribute('href')).toBe('/return-policy');
    expect(services.textContent).not.toMatch(/365|over \$100/);
    const topBar = document.querySelector('.top-bar__delivery');
    await waitFor(() => expect(topBar?.textContent).toBe(freeDeliveryText(delivery)));
    expect(topBar?.textContent).toBe('Free delivery on orders of $100 or more');

    // The first 12 categories, each opening the shop on that category.
    const categoryGrid = await screen.findByRole('region', { name: 'Shop by Categories' });
    const categoryLinks = await within(categoryGrid).findAllByRole('link');
    expect(categoryLinks).toHaveLength(12);
    expect(categoryLinks[0]!.textContent).toBe('Category 1');
    expect(categoryLinks[0]!.getAttribute('href')).toBe('/shop?page=1&category=category-1');
    expect(within(categoryGrid).queryByText('Category 13')).toBeNull();

    const featuredRegion = screen.getByRole('region', { name: 'Featured Products' });
    expect(await within(featuredRegion).findAllByRole('link', { name: /^Featured Torch/ })).toHaveLength(4);

    const brandStrip = screen.getByRole('region', { name: 'Shop by Brand' });
    const logo = await within(brandStrip).findByRole('link', { name: 'Maker 1' });
    expect(logo.getAttribute('href')).toBe('/brand?page=1&brand=maker-1');

    // SPEC §2: the testimonials block is hidden.
    expect(screen.queryByText(/testimonial/i)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's message when a call fails", async () => {
    renderRoute('/', {
      api: {
        ...allAnswers,
        'GET /api/latest-products': () => json({ message: 'Something went wrong on our side.' }, 500),
      },
    });

    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'New Products' })).toBeNull();
    expect(await screen.findByRole('region', { name: 'Featured Products' })).toBeTruthy();
  });

  it("falls back to 'Online Store' and 'An unexpected error occurred.' when the API cannot be reached", async () => {
    const unreachable = () => Response.error();
    renderRoute('/', {
      api: Object.fromEntries(Object.keys(allAnswers).map((key) => [key, unreachable])) as ApiTable,
    });

    expect(await screen.findByRole('link', { name: /Online Store/ })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('An unexpected error occurred.');
    expect(document.title).toBe('Online Store');
  });

  it('goes to /too-many-requests when a call answers 429', async () => {
    const { router } = renderRoute('/', {
      api: { ...allAnswers, 'GET /api/categories': () => json({ message: 'Rate limit exceeded' }, 429) },
    });

    expect(await screen.findByRole('heading', { name: 'Too many requests' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/too-many-requests');
  });

  it('goes to /too-many-requests when an error message contains 429', async () => {
    const { router } = renderRoute('/', {
      api: {
        ...allAnswers,
        'GET /api/virtual-products': () => json({ message: 'Upstream answered 429' }, 503),
      },
    });

    expect(await screen.findByRole('heading', { name: 'Too many requests' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/too-many-requests');
  });

  it('shows the not-found page for an unknown path', async () => {
    renderRoute('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
