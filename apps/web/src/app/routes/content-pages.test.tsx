import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStoreConfig } from '@/test/fixtures';
import {
  CONTACT_US,
  FAQS,
  FOOTER_COLUMNS,
  MOBILE_POLICY_PAGES,
  POLICY_PAGES,
  RETURN,
} from '../layouts/nav-links';
import { AppProviders } from '../providers';
import { routes } from '../router';

const STORE = 'Southern Cross Auto Parts';
const STORE_DESCRIPTION = 'Car parts delivered Australia-wide.';

/** Stubs the API; the store config waits for `configGate` when one is given. */
function stubApi(configGate?: Promise<void>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === '/api/store-config') await configGate;
      const body =
        path === '/api/store-config'
          ? { data: makeStoreConfig({ store_name: STORE, meta_description: STORE_DESCRIPTION }) }
          : path === '/api/categories' || path === '/api/social-links'
            ? { data: [] }
            : path === '/api/brands'
              ? { data: { data: [], general_settings: {} } }
              : { message: 'Not found' };
      return new Response(JSON.stringify(body), { status: 'message' in body ? 404 : 200 });
    }),
  );
}

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const metaDescription = () =>
  document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';

/** The page's main text with runs of white space made single. */
const mainText = () => (screen.getByRole('main').textContent ?? '').replace(/\s+/g, ' ');

beforeEach(() => {
  const meta = document.createElement('meta');
  meta.name = 'description';
  meta.content = 'From index.html';
  document.head.append(meta);
  document.title = '';
  stubApi();
});

afterEach(() => {
  document.head.querySelector('meta[name="description"]')?.remove();
  vi.unstubAllGlobals();
});

interface PageCase {
  path: string;
  heading: string;
  title: string;
  /** What the SPEC says the page states (§9 numbers), as it reads on the page. */
  says: string[];
}

const pages: PageCase[] = [
  {
    path: '/shipping-policy',
    heading: 'Shipping Policy',
    title: 'Shipping Policy',
    says: [
      'Australia only',
      'Order cutoff6 PM AEST',
      'Handling time0-1 business days',
      'Delivery time5-8 business days',
      'Australia Post, Aramex and CouriersPlease',
      'Free shipping on orders above A$100',
      'A flat A$15 on orders below A$100',
    ],
  },
  {
    path: '/return-policy',
    heading: 'Return Policy',
    title: 'Return Policy',
    says: [
      'within 30 days of delivery for a full refund',
      'report it within 24 to 48 hours of delivery',
      'within 5 business days',
      'original payment method',
      'no restocking fee',
      'change or cancel an order within 24 hours',
      'Our goods come with guarantees that cannot be excluded under the Australian Consumer Law.',
    ],
  },
  {
    path: '/feedback',
    heading: 'Feedback',
    title: 'Feedback',
    says: ['We acknowledge your feedback within 3 business days', 'We aim to resolve it within 30 days'],
  },
  {
    path: '/privacy-and-policy',
    heading: 'Privacy Policy',
    title: 'Privacy Policy',
    says: [
      `how ${STORE} collects`,
      'Australian Privacy Principles',
      'Privacy Act 1988',
      'a record of your consent: when you gave it and where',
      'never stored by us',
      'Stripe',
      'PayPal',
      'unsubscribe link',
      'ask us to correct it',
    ],
  },
  {
    path: '/terms-conditions',
    heading: 'Terms & Conditions',
    title: 'Terms & Conditions',
    says: [`buy from ${STORE}`, 'Australian Consumer Law', 'Australia only', 'up to 2 years'],
  },
  {
    path: '/editorial-guidelines',
    heading: 'Editorial Guidelines',
    title: 'Editorial Guidelines',
    says: [`How ${STORE} writes`, 'free delivery on orders over $100'],
  },
  {
    path: '/about-us',
    heading: 'About Us',
    title: 'About Us',
    says: [
      `Welcome to ${STORE}`,
      'Free delivery on orders over $100',
      'Premium warranty of up to 2 years',
      'Members get 10% off',
      'Newsletter subscribers get 10% off',
      'Guildford NSW',
    ],
  },
  {
    path: '/faqs',
    heading: 'Frequently Asked Questions',
    title: 'FAQs',
    says: ['Still have questions?'],
  },
  {
    path: '/best-selling',
    heading: 'Best Selling',
    title: 'Best Selling',
    says: [],
  },
];

describe('content pages (SPEC §1, §2, §9)', () => {
  it.each(pages)('$path has its heading, title, meta description and SPEC facts', async (page) => {
    renderApp(page.path);
    await screen.findByRole('heading', { level: 1, name: page.heading });
    await waitFor(() => expect(document.title).toBe(`${page.title} | ${STORE}`));
    // Its own description, not the store's nor index.html's, once the store's config has arrived.
    await waitFor(() => expect(screen.getAllByText(STORE).length).toBeGreaterThan(0));
    await waitFor(() => {
      expect(metaDescription()).not.toBe(STORE_DESCRIPTION);
      expect(metaDescription()).not.toBe('From index.html');
      expect(metaDescription().length).toBeGreaterThan(60);
    });
    const text = mainText();
    for (const phrase of page.says) expect(text).toContain(phrase);
  });

  it('gives every page a different description, and puts the store’s back on leaving', async () => {
    const seen = new Set<string>();
    for (const page of pages) {
      const router = renderApp(page.path);
      await screen.findByRole('heading', { level: 1, name: page.heading });
      await waitFor(() => expect(screen.getAllByText(STORE).length).toBeGreaterThan(0));
      await waitFor(() => expect(metaDescription()).not.toBe(STORE_DESCRIPTION));
      seen.add(metaDescription());
      await router.navigate('/404');
      await waitFor(() => expect(metaDescription()).toBe(STORE_DESCRIPTION));
      cleanup();
    }
    expect(seen.size).toBe(pages.length);
  });

  it('keeps the page’s description when the store config arrives after the page', async () => {
    let release = () => {};
    stubApi(new Promise<void>((resolve) => (release = resolve)));
    renderApp('/feedback');
    await screen.findByRole('heading', { level: 1, name: 'Feedback' });
    await waitFor(() => expect(metaDescription()).toContain('3 business days'));
    release();
    await waitFor(() => expect(document.title).toBe(`Feedback | ${STORE}`));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(metaDescription()).toContain('3 business days');
  });

  it('the shipping policy description carries its SPEC numbers', async () => {
    renderApp('/shipping-policy');
    await screen.findByRole('heading', { level: 1, name: 'Shipping Policy' });
    await waitFor(() => expect(metaDescription()).toContain('6 PM AEST'));
    for (const fact of ['Australia only', '0-1 business days', '5-8 business days', 'A$100', 'A$15']) {
      expect(metaDescription()).toContain(fact);
    }
  });

  it('keeps the SPEC’s odd links: /shipping-option and /editorial-guideline land on the real pages', async () => {
    const router = renderApp('/shipping-option');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipping Policy' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/shipping-policy');
    await router.navigate('/editorial-guideline');
    expect(await screen.findByRole('heading', { level: 1, name: 'Editorial Guidelines' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/editorial-guidelines');
  });

  it('shows the help box with contact, return and tracking links beside each policy', async () => {
    renderApp('/return-policy');
    const help = await screen.findByRole('complementary', { name: 'Need help?' });
    expect(within(help).getByText(/within 24 hours/)).toBeTruthy();
    expect(within(help).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact-us');
    expect(within(help).getByRole('link', { name: 'Return an order' }).getAttribute('href')).toBe(
      '/return-order',
    );
    expect(within(help).getByRole('link', { name: 'Track an order' }).getAttribute('href')).toBe(
      '/guest-track-order',
    );
  });

  it('points /best-selling to the shop', async () => {
    renderApp('/best-selling');
    const main = screen.getByRole('main');
    await screen.findByRole('heading', { level: 1, name: 'Best Selling' });
    expect(within(main).getByRole('link', { name: 'shop' }).getAttribute('href')).toBe('/shop?page=1');
  });
});

describe('the menus’ and footer’s links', () => {
  it('each lands on a built page, not the 404', () => {
    const links = [
      ...FOOTER_COLUMNS.flatMap((column) => column.links),
      ...POLICY_PAGES,
      ...MOBILE_POLICY_PAGES,
      CONTACT_US,
      RETURN,
      FAQS,
    ];
    for (const link of links) {
      const pathname = link.to.split('?')[0]!;
      const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
      expect(leaf?.path, link.to).not.toBe('*');
    }
  });
});
