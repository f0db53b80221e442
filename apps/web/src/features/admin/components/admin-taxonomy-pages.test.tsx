/**
 * The back office's categories and brands pages (issue 36 §2), in the real admin routes over the fake API: a
 * category renamed with its address sends the new sku and shows the server's message; a name the server refuses
 * shows its message under the Name field; moving and retiring send what the buttons say; a brand's logo is
 * uploaded as multipart; Categories and Brands are in the admin's nav, not the staff role's.
 */
import type { StaffUser } from '@store/shared/admin';
import {
  ADMIN_TAXONOMY_MESSAGES as M,
  TAXONOMY_IMAGE_FIELD,
  type AdminBrand,
  type AdminCategory,
} from '@store/shared/admin-taxonomy';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AdminAppRoute } from '@/app/routes/admin-app';
import { json, type ApiRequest, type ApiTable } from '@/test/fake-api';
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

const category = (id: number, title: string, sku: string, children: string[] = []): AdminCategory => ({
  id,
  title,
  sku,
  permalink: sku,
  thumbnail_image: null,
  position: id,
  retired_at: null,
  product_count: 3,
  child_categories: children.map((child, i) => ({
    id: id * 10 + i,
    title: child,
    child_sku: child.toLowerCase().replace(/\W+/g, '-'),
    position: i,
    retired_at: null,
    product_count: 1,
  })),
});

function taxonomyApi(sent: ApiRequest[]): ApiTable {
  let tree = [
    category(1, 'Brakes', 'brakes', ['Brake Pads', 'Brake Rotors']),
    category(2, 'Batteries', 'batteries', ['Car Batteries']),
  ];
  let brands: AdminBrand[] = [
    {
      id: 5,
      title: 'Voltcore',
      permalink: 'voltcore',
      logo_image: null,
      cover_image: null,
      retired_at: null,
      product_count: 4,
    },
  ];
  return {
    'GET /api/admin/me': () => json({ user: user('admin') }),
    'GET /api/admin/categories': () => json({ data: tree }),
    'PUT /api/admin/categories/:id': (request) => {
      sent.push(request);
      const body = request.body as { title: string; sku?: string };
      if (body.title.toLowerCase() === 'brakes') {
        const message = M.titleTaken('category', body.title);
        return json({ message, errors: [{ field: 'title', message }] }, 409);
      }
      tree = tree.map((c) =>
        c.id === Number(request.params.id)
          ? { ...c, title: body.title, sku: body.sku ?? c.sku, permalink: body.sku ?? c.sku }
          : c,
      );
      return json({ data: tree, message: M.renamed('category', body.title, body.sku !== undefined) });
    },
    'POST /api/admin/categories/:id/move': (request) => {
      sent.push(request);
      tree = [...tree].reverse();
      return json({ data: tree, message: M.moved('Batteries') });
    },
    'PATCH /api/admin/child-categories/:id/retired': (request) => {
      sent.push(request);
      tree = tree.map((c) => ({
        ...c,
        child_categories: c.child_categories.map((ch) =>
          ch.id === Number(request.params.id) ? { ...ch, retired_at: '2026-12-02T00:00:00.000Z' } : ch,
        ),
      }));
      return json({ data: tree, message: M.retired('child_category', 'Brake Rotors') });
    },
    'GET /api/admin/brands': () => json({ data: brands }),
    'POST /api/admin/brands/:id/images/:slot': (request) => {
      sent.push(request);
      brands = brands.map((b) => ({ ...b, logo_image: 'brands/voltcore-logo-1a2b3c4d.png' }));
      return json({ data: brands, message: M.imageSaved(String(request.params.slot)) });
    },
  };
}

function renderAdmin(path: string, api: ApiTable, role: 'admin' | 'staff' = 'admin') {
  startAdminSession({ token: 'admin-token', user: user(role) });
  return renderRoute(path, {
    routes: [{ path: '/admin/*', Component: AdminAppRoute }],
    api: { ...api, 'GET /api/admin/me': () => json({ user: user(role) }) },
  });
}

beforeEach(() => {
  sessionStorage.clear();
  resetAdminSessionStoreForTests();
});

describe('/admin/categories', () => {
  it('renames a category with its address and shows the new name and the server message', async () => {
    const sent: ApiRequest[] = [];
    const { user: u } = renderAdmin('/admin/categories', taxonomyApi(sent));
    const list = await screen.findByRole('list', { name: 'Categories in menu order' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent?.trim()),
    ).toEqual(['Brakes', 'Batteries']);

    await u.click(screen.getByRole('button', { name: 'Rename Batteries' }));
    const form = screen.getByRole('form', { name: 'Rename the category Batteries' });
    const name = within(form).getByLabelText('Name');
    await u.clear(name);
    await u.type(name, 'Batteries & Power');
    await u.click(within(form).getByLabelText(/Change its address too/));
    expect((within(form).getByLabelText('Address') as HTMLInputElement).value).toBe('batteries-and-power');
    await u.click(within(form).getByRole('button', { name: 'Save name' }));

    expect(await screen.findByText(M.renamed('category', 'Batteries & Power', true))).toBeTruthy();
    expect(sent.at(-1)?.body).toEqual({ title: 'Batteries & Power', sku: 'batteries-and-power' });
    expect(screen.getByRole('heading', { name: 'Batteries & Power' })).toBeTruthy();
    expect(screen.getByText('/shop?page=1&category=batteries-and-power')).toBeTruthy();
  });

  it('shows the server refusing a name under the Name field and keeps the form', async () => {
    const sent: ApiRequest[] = [];
    const { user: u } = renderAdmin('/admin/categories', taxonomyApi(sent));
    await u.click(await screen.findByRole('button', { name: 'Rename Batteries' }));
    const form = screen.getByRole('form', { name: 'Rename the category Batteries' });
    const name = within(form).getByLabelText('Name');
    await u.clear(name);
    await u.type(name, 'BRAKES');
    await u.click(within(form).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(M.titleTaken('category', 'BRAKES'))).toBeTruthy();
    expect(sent.at(-1)?.body).toEqual({ title: 'BRAKES' });
    // A blank name never reaches the server.
    await u.clear(name);
    await u.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(within(form).getByText(M.titleBlank)).toBeTruthy();
    expect(sent).toHaveLength(1);
  });

  it('moves a category and retires a child category', async () => {
    const sent: ApiRequest[] = [];
    const { user: u } = renderAdmin('/admin/categories', taxonomyApi(sent));
    await u.click(await screen.findByRole('button', { name: 'Move up Batteries' }));
    expect(await screen.findByText(M.moved('Batteries'))).toBeTruthy();
    expect(sent.at(-1)?.url.pathname).toBe('/api/admin/categories/2/move');
    expect(sent.at(-1)?.body).toEqual({ direction: 'up' });
    const list = screen.getByRole('list', { name: 'Categories in menu order' });
    await waitFor(() =>
      expect(within(list).getAllByRole('heading', { level: 2 })[0]?.textContent?.trim()).toBe('Batteries'),
    );
    expect((screen.getByRole('button', { name: 'Move up Batteries' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await u.click(screen.getByRole('button', { name: 'Retire Brake Rotors' }));
    expect(await screen.findByRole('button', { name: 'Restore Brake Rotors' })).toBeTruthy();
    expect(sent.at(-1)?.body).toEqual({ retired: true });
  });
});

describe('/admin/brands', () => {
  it('uploads a logo as multipart and shows it', async () => {
    const sent: ApiRequest[] = [];
    const { user: u } = renderAdmin('/admin/brands', taxonomyApi(sent));
    const input = await screen.findByLabelText('Upload a logo for Voltcore');
    await u.upload(
      input,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(M.imageSaved('logo'))).toBeTruthy();
    expect(sent.at(-1)?.url.pathname).toBe('/api/admin/brands/5/images/logo');
    // The multipart body as sent: the picture in `file`, with its type.
    const multipart = String(sent.at(-1)?.body);
    // (jsdom's File reaches undici's FormData as a Blob: its name is not kept here, a browser keeps it.)
    expect(multipart).toContain(`form-data; name="${TAXONOMY_IMAGE_FIELD}"; filename=`);
    expect(multipart).toContain('Content-Type: image/png');
    const logo = document.querySelector('img.taxonomy-card__thumb--logo');
    expect(logo?.getAttribute('src')).toContain('brands/voltcore-logo-1a2b3c4d.png');
  });
});

describe('the back office nav', () => {
  it('shows Categories and Brands to admins only', async () => {
    renderAdmin('/admin/categories', taxonomyApi([]));
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Categories' }).getAttribute('href')).toBe(
      '/admin/categories',
    );
    expect(within(nav).getByRole('link', { name: 'Brands' }).getAttribute('href')).toBe('/admin/brands');
  });

  it('leaves them out for the staff role', async () => {
    renderAdmin('/admin/orders', { 'GET /api/admin/orders': { data: [], total: 0 } }, 'staff');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).queryByRole('link', { name: 'Categories' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Brands' })).toBeNull();
  });
});
