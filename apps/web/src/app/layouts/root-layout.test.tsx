import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageTitle } from '@/hooks/use-page-title';
import { json, type ApiTable } from '@/test/fake-api';
import { makeStoreConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { RootLayout } from './root-layout';

const categories = Array.from({ length: 9 }, (_, i) => ({
  id: i + 1,
  title: `Category ${i + 1}`,
  sku: `category-${i + 1}`,
  permalink: `category-${i + 1}`,
  thumbnail_image: null,
  child_categories: [
    { child_sku: `child-${i + 1}-a`, child_title: `Child ${i + 1}A` },
    { child_sku: `child-${i + 1}-b`, child_title: `Child ${i + 1}B` },
  ],
}));

const brands = [
  { id: 1, title: 'Brightline', permalink: 'brightline', cover_image: null, logo_image: null },
  { id: 2, title: 'Voltcore', permalink: 'voltcore', cover_image: null, logo_image: null },
];

/** What the shell asks: its settings, the menu's categories and brands, the footer's links and the newsletter. */
const SHELL_API: ApiTable = {
  'GET /api/store-config': { data: makeStoreConfig() },
  'GET /api/categories': { data: categories },
  'GET /api/brands': {
    data: {
      data: brands,
      general_settings: { _gst_percentage: 10, _delivery_charges: 15, _free_delivery_threshold: 100 },
    },
  },
  'GET /api/social-links': {
    data: {
      _facebook_link: 'https://www.facebook.com/example',
      _youtube_link: 'https://www.youtube.com/@example',
    },
  },
  'POST /api/subscribe': { message: 'Subscribed successfully!' },
};

function TitledPage() {
  usePageTitle('Shop');
  return <h1>Shop page</h1>;
}

/** The shell around stand-in pages at `path`, over SHELL_API with `answers` in place of its own. */
function renderShell(path = '/', answers: ApiTable = {}) {
  return renderRoute(path, {
    routes: [
      {
        element: <RootLayout />,
        children: [
          { index: true, element: <h1>Home page</h1> },
          { path: 'titled', element: <TitledPage /> },
          { path: '*', element: <h1>Other page</h1> },
        ],
      },
    ],
    api: { ...SHELL_API, ...answers },
  });
}

afterEach(() => {
  document.title = '';
});

describe('the shell', () => {
  it('has a header with the store name, search, cart, sign-in link and member discount', async () => {
    renderShell();

    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Southern Cross Auto Parts' })).toBeTruthy();
    expect(within(banner).getByRole('combobox', { name: 'Search products' })).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Cart, 0 items' }).getAttribute('href')).toBe('/cart');
    expect(within(banner).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin');
    expect(banner.textContent).toContain('Members get 10% off');
    expect(within(banner).getByRole('link', { name: 'sign up today' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it("states the signup plan's discount from the store config", async () => {
    renderShell('/', {
      'GET /api/store-config': { data: makeStoreConfig({ member_discount_percent: 12 }) },
    });
    const banner = screen.getByRole('banner');
    await waitFor(() => expect(banner.textContent).toContain('Members get 12% off'));
  });

  it('shows no header or footer on the sitemap pages', async () => {
    renderShell('/product-sitemap.xml');

    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('titles the page with the store name, and with the page title when a page sets one', async () => {
    const { router } = renderShell();
    await waitFor(() => expect(document.title).toBe('Southern Cross Auto Parts'));

    await router.navigate('/titled');
    await waitFor(() => expect(document.title).toBe('Shop | Southern Cross Auto Parts'));

    await router.navigate('/');
    await waitFor(() => expect(document.title).toBe('Southern Cross Auto Parts'));
  });

  it("falls back to 'Online Store' when the store config fails", async () => {
    renderShell('/titled', { 'GET /api/store-config': () => json({ message: 'Down' }, 500) });
    await waitFor(() => expect(document.title).toBe('Shop | Online Store'));
  });
});

describe('the navigation bar', () => {
  it('opens the Shop mega menu by keyboard; Escape closes it and returns focus', async () => {
    const { user } = renderShell();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const shop = within(nav).getByRole('button', { name: 'Shop' });
    expect(shop.getAttribute('aria-expanded')).toBe('false');

    shop.focus();
    await user.keyboard('{Enter}');
    expect(shop.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(shop.getAttribute('aria-controls') ?? '');
    expect(panel).toBeTruthy();
    // The menu is the store's taxonomy (issue 36 §2): /api/categories, in its order, with its names.
    const first = await within(panel!).findByRole('link', { name: 'Category 1' });
    expect(first.getAttribute('href')).toBe('/shop?page=1&category=category-1');
    expect(within(panel!).getByRole('link', { name: 'Child 1A' }).getAttribute('href')).toBe(
      '/shop?page=1&child_category=child-1-a',
    );
    const titles = within(panel!)
      .getAllByRole('link')
      .filter((a) => a.className.includes('mega-menu__title'))
      .map((a) => a.textContent);
    expect(titles).toEqual(categories.map((c) => c.title));

    // Tab walks into the menu: its first group's title, then the rest.
    await user.tab();
    expect(document.activeElement).toBe(first);
    await user.keyboard('{Escape}');
    expect(shop.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(shop);
  });

  it('lists the brands from the server in All Brands, plus a link to every brand', async () => {
    const { api, user } = renderShell();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const calledBrands = () => api.requestsTo('/api/brands').length > 0;
    await screen.findByRole('link', { name: 'Southern Cross Auto Parts' });
    expect(calledBrands()).toBe(false);

    await user.click(within(nav).getByRole('button', { name: 'All Brands' }));
    const link = await within(nav).findByRole('link', { name: 'Voltcore' });
    expect(link.getAttribute('href')).toBe('/brand?page=1&brand=voltcore');
    expect(within(nav).getByRole('link', { name: 'View all brands' }).getAttribute('href')).toBe('/brands');
  });

  it('has the Policy Pages, Contact Us, Return, Track Order and FAQs links', async () => {
    const { user } = renderShell();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const hrefOf = (name: string) => within(nav).getByRole('link', { name }).getAttribute('href');
    expect(hrefOf('Contact Us')).toBe('/contact-us');
    expect(hrefOf('Return')).toBe('/return-order');
    expect(hrefOf('Track Order')).toBe('/guest-track-order');
    expect(hrefOf('FAQs')).toBe('/faqs');

    await user.click(within(nav).getByRole('button', { name: 'Policy Pages' }));
    expect(hrefOf('Privacy Policy')).toBe('/privacy-and-policy');
    expect(hrefOf('Shipping Policy')).toBe('/shipping-policy');
    expect(hrefOf('Return Policy')).toBe('/return-policy');
    expect(hrefOf('Terms & Conditions')).toBe('/terms-conditions');
    expect(hrefOf('Editorial Guidelines')).toBe('/editorial-guidelines');
    expect(hrefOf('About Us')).toBe('/about-us');
    expect(hrefOf('Feedback')).toBe('/feedback');

    // A tap elsewhere closes it.
    await user.click(screen.getByRole('heading', { name: 'Home page' }));
    expect(within(nav).getByRole('button', { name: 'Policy Pages' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('opens the categories side menu once for a double click, and closes it back to the button', async () => {
    const { user } = renderShell();
    const browse = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', {
      name: 'Browse Categories',
    });

    await user.dblClick(browse);
    const dialog = await screen.findByRole('dialog', { name: 'Browse Categories' });
    expect(browse.getAttribute('aria-expanded')).toBe('true');
    const menu = within(dialog).getByRole('navigation', { name: 'Categories' });
    expect((await within(menu).findByRole('link', { name: 'Category 1' })).getAttribute('href')).toBe(
      '/shop?page=1&category=category-1',
    );
    expect(within(menu).getByRole('link', { name: 'Child 9B' }).getAttribute('href')).toBe(
      '/shop?page=1&child_category=child-9-b',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Close categories' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(browse);
  });

  it("says 'Error loading categories: {message}' in the side menu when categories fail", async () => {
    const { user } = renderShell('/', {
      'GET /api/categories': () => json({ message: 'Database unavailable' }, 500),
    });
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', {
        name: 'Browse Categories',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Browse Categories' });
    expect(await within(dialog).findByText('Error loading categories: Database unavailable')).toBeTruthy();
  });

  it("has a mobile menu with the SPEC's own links, odd ones included", async () => {
    const { user } = renderShell();
    const toggle = within(screen.getByRole('banner')).getByRole('button', { name: 'Menu' });

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    const hrefOf = (name: string) => within(menu).getByRole('link', { name }).getAttribute('href');
    expect(hrefOf('Shop')).toBe('/shop?page=1');
    expect(hrefOf('All Brands')).toBe('/brands');
    expect(hrefOf('Track Order')).toBe('/guest-track-order');
    expect(hrefOf('Terms & Conditions')).toBe('/return-policy');
    expect(hrefOf('Editorial Guidelines')).toBe('/editorial-guideline');

    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});

describe('the footer', () => {
  it('lists categories 2 to 7 as Trending Category, by sku and title', async () => {
    renderShell();
    const list = await screen.findByRole('list', { name: 'Trending Category' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Category 2',
      'Category 3',
      'Category 4',
      'Category 5',
      'Category 6',
      'Category 7',
    ]);
    expect(links[0]?.getAttribute('href')).toBe('/shop?page=1&category=category-2');
  });

  it('shows a social icon only for each link the server supplies', async () => {
    renderShell();
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: /Facebook/ })).toBeTruthy();
    expect(
      within(footer)
        .getByRole('link', { name: /YouTube/ })
        .getAttribute('href'),
    ).toBe('https://www.youtube.com/@example');
    expect(within(footer).queryByRole('link', { name: /Instagram/ })).toBeNull();
    expect(within(footer).queryByRole('link', { name: /Twitter/ })).toBeNull();
    expect(within(footer).queryByRole('link', { name: /LinkedIn/ })).toBeNull();
  });

  it('shows the hours and contact details the owner edited, leaving out those not set', async () => {
    renderShell('/', {
      'GET /api/store-config': {
        data: makeStoreConfig({
          business_contact: { address: '', phone: '', email: 'shop@example.com' },
          opening_hours: {
            days: {
              mon: { open: '08:30', close: '17:00' },
              tue: { open: '08:30', close: '17:00' },
              wed: { open: '08:30', close: '17:00' },
              thu: { open: '08:30', close: '17:00' },
              fri: { open: '08:30', close: '17:00' },
              sat: { open: '09:00', close: '12:00' },
              sun: null,
            },
            note: 'Closed on public holidays',
          },
        }),
      },
    });
    const footer = screen.getByRole('contentinfo');
    await within(footer).findByRole('link', { name: 'shop@example.com' });
    expect(footer.textContent).toContain(
      '8:30 AM to 5 PM AEST, Mon-Fri; 9 AM to 12 PM AEST, Sat. Closed on public holidays',
    );
    expect(footer.textContent).not.toContain('Mon-Sun');
    expect(within(footer).queryByRole('link', { name: /^tel:|\(0/ })).toBeNull();
  });

  it('shows the store details as set in the back office, link columns, credit line and payment cards', async () => {
    // The fixture's store (issue 36 §5: the footer reads the settings, not constants of its own).
    renderShell();
    const footer = screen.getByRole('contentinfo');
    await within(footer).findByText('Southern Cross Auto Parts');
    expect(footer.textContent).toContain('1 Test St, Moorabbin VIC 3189');
    expect(footer.textContent).toContain('8 AM to 6 PM AEST, Mon-Sun');
    expect(
      within(footer).getByRole('link', { name: 'help@southerncross.example' }).getAttribute('href'),
    ).toBe('mailto:help@southerncross.example');
    expect(within(footer).getByRole('link', { name: '(03) 5550 0199' }).getAttribute('href')).toBe(
      'tel:+61355500199',
    );
    expect(within(footer).getByRole('link', { name: 'Shipping Policy' }).getAttribute('href')).toBe(
      '/shipping-policy',
    );
    expect(footer.textContent).toMatch(/© \d{4} Southern Cross Auto Parts/);
    expect(within(footer).getByRole('img', { name: /Visa, Mastercard/ })).toBeTruthy();
  });

  it('shows the newsletter toast: the toast container arrives with the first interaction', async () => {
    const { user } = renderShell();
    expect(document.querySelector('.Toastify')).toBeNull();

    const footer = screen.getByRole('contentinfo');
    await user.type(within(footer).getByRole('textbox', { name: 'Email address' }), 'jo@example.com.au');
    await user.click(within(footer).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Subscribed successfully!')).toBeTruthy();
  });

  it("says 'Error loading categories and brands: {message}' when categories fail", async () => {
    renderShell('/', { 'GET /api/categories': () => json({ message: 'Database unavailable' }, 500) });
    const footer = screen.getByRole('contentinfo');
    expect(
      await within(footer).findByText('Error loading categories and brands: Database unavailable'),
    ).toBeTruthy();
  });
});
