/**
 * /admin/home (issue 36 §2) over the fake API: the owner sees each kind with its window and status and where the
 * demo content still shows, adds a slide with an uploaded picture and a window typed in Sydney time (sent as
 * UTC instants), gets the shared schema's messages on the fields before anything is sent, reorders, and saves the
 * featured products in order by SKU; the nav offers the page to admins only.
 */
import type { StaffUser } from '@store/shared/admin';
import {
  HOME_CONTENT_MESSAGES,
  type HomeContentItem,
  type HomeContentList,
} from '@store/shared/home-content';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminAppRoute } from '@/app/routes/admin-app';
import { resetSessionStoreForTests } from '@/stores/session-store';
import { json, type ApiTable } from '@/test/fake-api';
import { makeStoreConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { resetAdminSessionStoreForTests, startAdminSession } from '../admin-session-store';

const user = (role: 'admin' | 'staff'): StaffUser => ({
  id: role === 'admin' ? 1 : 2,
  name: role === 'admin' ? 'Olive Owner' : 'Sam Clerk',
  email: `${role}@example.com`,
  role,
  must_change_password: false,
  totp_enabled: false,
  totp_required: false,
  totp_setup_required: false,
  disabled: false,
});

const item = (over: Partial<HomeContentItem>): HomeContentItem => ({
  id: 1,
  kind: 'hero_slide',
  position: 1,
  image: 'home/uploads/a.png',
  image_info: { width: 1600, height: 640, widths: [160, 320] },
  heading: 'Winter batteries',
  text: 'Cold cranking amps for cold mornings',
  cta: 'Shop batteries',
  link: '/shop?page=1&child_category=car-batteries',
  starts_at: null,
  ends_at: null,
  live: true,
  updated_at: '2026-11-30T00:00:00.000Z',
  ...over,
});

function homeApi(): { table: ApiTable; sent: { url: string; body: unknown }[] } {
  const sent: { url: string; body: unknown }[] = [];
  let list: HomeContentList = {
    data: [
      item({}),
      item({
        id: 2,
        position: 2,
        heading: 'Christmas sale',
        starts_at: '2030-12-20T13:00:00.000Z',
        ends_at: '2030-12-26T13:00:00.000Z',
        live: false,
      }),
    ],
    featured: [
      { id: 10, sku: 'KL-H4-6055', title: 'H4 Globe', featured_image: null },
      { id: 11, sku: 'OF-1', title: 'Oil Filter', featured_image: null },
    ],
    fallback: { hero_slide: 0, side_banner: 2, offer_banner: 3 },
  };
  const table: ApiTable = {
    'GET /api/store-config': () => json({ data: makeStoreConfig({ store_name: 'Torque Parts' }) }),
    'GET /api/admin/me': () => json({ user: user('admin') }),
    'GET /api/admin/home-content': () => json(list),
    'POST /api/admin/home-content/images': () =>
      json(
        {
          data: { path: 'home/uploads/new.png', image_info: { width: 800, height: 320, widths: [160] } },
          message: 'Picture uploaded.',
        },
        201,
      ),
    'POST /api/admin/home-content': ({ body }) => {
      sent.push({ url: 'POST', body });
      const created = item({ id: 3, position: 3, ...(body as object), live: true });
      list = { ...list, data: [...list.data, created] };
      return json({ data: created, message: 'Added the hero slide.' }, 201);
    },
    'PUT /api/admin/home-content/order': ({ body }) => {
      sent.push({ url: 'order', body });
      return json({ message: 'Saved the order of the hero slides.' });
    },
    'PUT /api/admin/home-content/featured': ({ body }) => {
      sent.push({ url: 'featured', body });
      const skus = (body as { skus: string[] }).skus;
      const featured = skus.map((sku, i) => ({ id: 20 + i, sku, title: sku, featured_image: null }));
      list = { ...list, featured };
      return json({ data: featured, message: 'Saved the featured products.' });
    },
    'GET /api/admin/products': ({ url }) =>
      json({
        data: url.searchParams.get('q')
          ? [
              {
                sku: 'BP-77',
                title: 'Brake Pads 77',
                permalink: 'brake-pads-77',
                price: '80.00',
                sale_price: null,
                stock: 4,
                is_featured: false,
                category: null,
                updated_at: '2026-11-30T00:00:00.000Z',
              },
            ]
          : [],
        total: 1,
      }),
  };
  return { table, sent };
}

function renderAdmin(api: ApiTable, role: 'admin' | 'staff' = 'admin') {
  startAdminSession({ token: 'admin-token', user: user(role) });
  return renderRoute('/admin/home', { routes: [{ path: '/admin/*', Component: AdminAppRoute }], api });
}

beforeEach(() => {
  sessionStorage.clear();
  resetAdminSessionStoreForTests();
  resetSessionStoreForTests();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('/admin/home', () => {
  it('lists each kind with its status and window, and says where the demo content still shows', async () => {
    renderAdmin(homeApi().table);
    const hero = await screen.findByRole('region', { name: 'Hero slides' });
    const rows = within(hero).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Live now')).toBeTruthy();
    expect(within(rows[1]!).getByText('Scheduled')).toBeTruthy();
    // 13:00 UTC on 20 Dec is midnight on the 21st in Sydney (AEDT).
    expect(within(rows[1]!).getByText(/From 21 Dec 2030, 12:00 am until 27 Dec 2030, 12:00 am/)).toBeTruthy();
    const side = screen.getByRole('region', { name: 'Side banners' });
    expect(within(side).getByText(/the home page shows the store's 2 demo side banners/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home page' }).getAttribute('href')).toBe('/admin/home');
  });

  it('adds a slide with an uploaded picture and a Sydney-time window, after naming the fields to fix', async () => {
    const { table, sent } = homeApi();
    const { user: u } = renderAdmin(table);
    const hero = await screen.findByRole('region', { name: 'Hero slides' });
    await u.click(within(hero).getByRole('button', { name: 'Add a hero slide' }));
    const form = within(hero).getByRole('form', { name: 'New hero slide' });
    await u.type(within(form).getByLabelText('Link'), 'https://elsewhere.example');
    await u.click(within(form).getByRole('button', { name: 'Add hero slide' }));
    expect(within(form).getByRole('alert').textContent).toBe('Check the fields marked below.');
    expect(within(form).getByText(HOME_CONTENT_MESSAGES.heading)).toBeTruthy();
    expect(within(form).getByText(HOME_CONTENT_MESSAGES.image)).toBeTruthy();
    expect(within(form).getByLabelText('Heading').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'slide.png', { type: 'image/png' });
    await u.upload(within(form).getByLabelText('Picture'), file);
    await waitFor(() =>
      expect((within(form).getByLabelText(/Picture path/) as HTMLInputElement).value).toBe(
        'home/uploads/new.png',
      ),
    );
    await u.type(within(form).getByLabelText('Heading'), 'Boxing Day sale');
    await u.clear(within(form).getByLabelText('Link'));
    await u.type(within(form).getByLabelText('Link'), '/shop?page=1&category=brakes');
    await u.type(within(form).getByLabelText(/Show from/), '2026-12-26T08:00');
    await u.type(within(form).getByLabelText(/Show until/), '2026-12-27T00:00');
    await u.click(within(form).getByRole('button', { name: 'Add hero slide' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({
      kind: 'hero_slide',
      image: 'home/uploads/new.png',
      heading: 'Boxing Day sale',
      link: '/shop?page=1&category=brakes',
      // Sydney is UTC+11 in December.
      starts_at: '2026-12-25T21:00:00.000Z',
      ends_at: '2026-12-26T13:00:00.000Z',
    });
    expect(await screen.findByText('Added the hero slide.')).toBeTruthy();
  });

  it('reorders slides and saves the featured products in order by SKU', async () => {
    const { table, sent } = homeApi();
    const { user: u } = renderAdmin(table);
    await screen.findByRole('region', { name: 'Hero slides' });
    await u.click(screen.getByRole('button', { name: 'Move up: Christmas sale' }));
    await waitFor(() =>
      expect(sent).toContainEqual({ url: 'order', body: { kind: 'hero_slide', ids: [2, 1] } }),
    );

    const featured = screen.getByRole('region', { name: 'Featured products' });
    await u.click(within(featured).getByRole('button', { name: 'Move down: H4 Globe' }));
    await u.type(within(featured).getByLabelText(/Add a product/), 'brake');
    await u.click(await within(featured).findByRole('button', { name: 'Feature: Brake Pads 77' }));
    await u.click(within(featured).getByRole('button', { name: 'Remove: Oil Filter' }));
    await u.click(within(featured).getByRole('button', { name: 'Save featured products' }));
    await waitFor(() =>
      expect(sent).toContainEqual({ url: 'featured', body: { skus: ['KL-H4-6055', 'BP-77'] } }),
    );
  });

  it('is not in the nav of staff', async () => {
    const { table } = homeApi();
    renderAdmin({ ...table, 'GET /api/admin/me': () => json({ user: user('staff') }) }, 'staff');
    await screen.findByRole('navigation', { name: 'Back office' });
    expect(screen.queryByRole('link', { name: 'Home page' })).toBeNull();
  });
});
