/**
 * The back office's catalog pages (issue 12), rendered in the real admin routes with the API faked at the network
 * edge: the products list (low stock highlighted, search and the low-stock filter sent to the server), the
 * editor (the shared schema refuses a sale price above the price before sending; a save sends only the changed
 * fields and shows the audit trail), and the import (upload, a labelled progress bar polled until finished,
 * rejected rows as a table of line and reason, warnings).
 */
import type { StaffUser } from '@store/shared/admin';
import { IMPORT_FILE_FIELD, type AdminImport } from '@store/shared/admin-imports';
import { ADMIN_PRICE_LABELS, ADMIN_PRODUCT_MESSAGES, type AdminProduct } from '@store/shared/admin-products';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AdminAppRoute } from '@/app/routes/admin-app';
import { resetSessionStoreForTests } from '@/stores/session-store';
import { json, type ApiTable } from '@/test/fake-api';
import { makeStoreConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { resetAdminSessionStoreForTests, startAdminSession } from '../admin-session-store';

const owner: StaffUser = {
  id: 1,
  name: 'Olive Owner',
  email: 'owner@example.com',
  role: 'admin',
  must_change_password: false,
  totp_enabled: false,
  totp_required: false,
  totp_setup_required: false,
  disabled: false,
};

const pads: AdminProduct = {
  id: 4,
  sku: 'BP-FRONT',
  title: 'Ceramic Brake Pads Front',
  permalink: 'ceramic-brake-pads-front',
  price: '89.00',
  sale_price: null,
  discount_percent: null,
  stock: 3,
  is_featured: false,
  seo_title: null,
  seo_description: null,
  category: 'Brakes',
  updated_at: '2026-11-24T23:00:00.000Z',
};

const running: AdminImport = {
  id: '6f1c7c3e-3b8e-4d59-9d7c-2f0a4f9b1e11',
  file_name: 'woo.csv',
  format: null,
  status: 'running',
  rows_total: 0,
  rows_done: 0,
  rows_rejected: 0,
  rejected: [],
  warnings: [],
  error: null,
  staff_name: 'Olive Owner',
  created_at: '2026-11-25T01:00:00.000Z',
  finished_at: null,
};

/**
 * The back office's catalog API as a table, a server that keeps the product, its trail and the import's progress;
 * `patches` lists the product changes sent, oldest first.
 */
function catalogApi() {
  let product = pads;
  let audit: unknown[] = [];
  let polls = 0;
  const patches: unknown[] = [];
  const table: ApiTable = {
    'GET /api/store-config': { data: makeStoreConfig({ store_name: 'Torque Parts' }) },
    'GET /api/admin/me': { user: owner },
    'GET /api/admin/products': () => json({ data: [{ ...product }], total: 1 }),
    'GET /api/admin/products/BP-FRONT': () => json({ data: product, audit }),
    'PATCH /api/admin/products/BP-FRONT': ({ body }) => {
      const fields = body as Record<string, unknown>;
      patches.push(fields);
      product = {
        ...product,
        price: String(fields.price ?? product.price),
        updated_at: '2026-11-25T02:00:00.000Z',
      };
      audit = [
        {
          id: 1,
          action: 'product.update',
          staff_name: 'Olive Owner',
          before: { price_cents: 8900 },
          after: { price_cents: 11_545 },
          at: '2026-11-25T02:00:00.000Z',
        },
      ];
      return json({ message: ADMIN_PRODUCT_MESSAGES.saved('BP-FRONT'), data: product, audit });
    },
    'POST /api/admin/imports': async ({ request }) => {
      // Sent as multipart (the browser writes the boundary): the file under its field, and skip_invalid. Not its
      // name nor bytes: jsdom's File reaches Node's fetch as an empty part named 'blob' (only its type survives).
      expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
      const form = await request.clone().formData();
      expect((form.get(IMPORT_FILE_FIELD) as Blob | null)?.type).toBe('text/csv');
      expect(form.get('skip_invalid')).toBe('false');
      return json({ message: 'Importing woo.csv…', data: running }, 202);
    },
    'GET /api/admin/imports': { data: [] },
    [`GET /api/admin/imports/${running.id}`]: () => {
      polls++;
      return json({
        data:
          polls < 2
            ? { ...running, rows_total: 4, rows_done: 1 }
            : {
                ...running,
                status: 'finished',
                format: 'woocommerce',
                rows_total: 4,
                rows_done: 3,
                rows_rejected: 1,
                rejected: [{ line: 5, reason: 'column "Regular price": "twelve" is not a price' }],
                warnings: [
                  'line 2: image "https://x.example/a.png" could not be downloaded: answered HTTP 404',
                ],
                finished_at: '2026-11-25T01:00:03.000Z',
              },
      });
    },
  };
  return { table, patches };
}

/** The back office at `path`, signed in as the owner, over `api`. */
function renderAdmin(path: string, api: ApiTable) {
  startAdminSession({ token: 'admin-token', user: owner });
  return renderRoute(path, { routes: [{ path: '/admin/*', Component: AdminAppRoute }], api });
}

beforeEach(() => {
  sessionStorage.clear();
  resetAdminSessionStoreForTests();
  resetSessionStoreForTests();
});

describe('/admin/products', () => {
  it('lists products with low stock marked, and sends the search and the low-stock filter', async () => {
    const { api, user, router } = renderAdmin('/admin/products', catalogApi().table);
    const table = await screen.findByRole('table', { name: /Products/ });
    const row = within(table).getByRole('row', { name: /Ceramic Brake Pads Front/ });
    expect(within(row).getByText('$89.00')).toBeTruthy();
    // Issue 34 §7: the shelf price inc. GST, its ex-GST figure under it.
    expect(within(row).getByText('$80.91 ex. GST')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /Price inc\. GST/ })).toBeTruthy();
    expect(within(row).getByText('low')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Import products' }).getAttribute('href')).toBe(
      '/admin/products/import',
    );

    await user.type(screen.getByLabelText('SKU or title'), 'pads');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(screen.getByLabelText(/Low stock only/));
    await waitFor(() => expect(router.state.location.search).toContain('low_stock=true'));
    const calls = api.requestsTo('/api/admin/products').map((r) => `${r.url.pathname}${r.url.search}`);
    expect(calls.some((u) => u.includes('q=pads') && u.includes('low_stock=true'))).toBe(true);

    await user.click(within(row).getByRole('link', { name: 'Ceramic Brake Pads Front' }));
    expect(router.state.location.pathname).toBe('/admin/products/BP-FRONT');
  });
});

describe('/admin/products/{sku}', () => {
  it('refuses a sale price above the price before sending, then saves the shelf price inc. GST with its ex-GST figure beside it', async () => {
    const { table, patches } = catalogApi();
    const { user } = renderAdmin('/admin/products/BP-FRONT', table);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ceramic Brake Pads Front' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /View in the shop/ }).getAttribute('href')).toBe(
      '/product/ceramic-brake-pads-front',
    );

    // The ex-GST figure beside the price, from the shared exGstCents (one-eleventh at 10%), follows the typing.
    const beside = () => document.getElementById('admin-price-beside')?.textContent;
    expect(beside()).toBe('$80.91 ex. GST');
    await user.type(screen.getByLabelText(ADMIN_PRICE_LABELS.salePrice), '99.00');
    expect(document.getElementById('admin-sale_price-beside')?.textContent).toBe('$90.00 ex. GST');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(ADMIN_PRODUCT_MESSAGES.saleAbovePrice('the price above'))).toBeTruthy();
    expect(screen.getByLabelText(ADMIN_PRICE_LABELS.salePrice).getAttribute('aria-invalid')).toBe('true');
    expect(patches).toEqual([]);

    await user.clear(screen.getByLabelText(ADMIN_PRICE_LABELS.salePrice));
    await user.clear(screen.getByLabelText(ADMIN_PRICE_LABELS.price));
    expect(beside()).toBe('');
    await user.type(screen.getByLabelText(ADMIN_PRICE_LABELS.price), '115.4');
    expect(beside()).toBe('$104.91 ex. GST');
    await user.type(screen.getByLabelText(ADMIN_PRICE_LABELS.price), '5');
    expect(beside()).toBe('$104.95 ex. GST');
    // A percent off says the shelf price it makes.
    await user.type(screen.getByLabelText('Or percent off'), '10');
    expect(document.getElementById('admin-discount_percent-beside')?.textContent).toBe(
      'On sale at $103.90 inc. GST ($94.45 ex. GST)',
    );
    await user.clear(screen.getByLabelText('Or percent off'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches).toEqual([{ price: '115.45', sale_price: null }]));
    expect(await screen.findByText('Saved BP-FRONT.')).toBeTruthy();
    // The saved price is shown as typed, the shelf price; its ex-GST figure beside it.
    expect((screen.getByLabelText(ADMIN_PRICE_LABELS.price) as HTMLInputElement).value).toBe('115.45');
    expect(beside()).toBe('$104.95 ex. GST');
    const trail = screen.getByRole('region', { name: 'Audit trail' });
    expect(within(trail).getByText(/Price inc\. GST: \$89\.00 → \$115\.45/)).toBeTruthy();
  });
});

describe('/admin/products/import', () => {
  it('uploads a CSV, shows labelled progress polled until finished, rejected rows and warnings', async () => {
    const { user } = renderAdmin('/admin/products/import', catalogApi().table);
    const input = await screen.findByLabelText('CSV file');
    await user.click(screen.getByRole('button', { name: 'Upload and import' }));
    expect(await screen.findByText('Choose a CSV file to import.')).toBeTruthy();

    await user.upload(input, new File(['ID,Type,SKU\n'], 'woo.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload and import' }));
    const bar = await screen.findByRole('progressbar', { name: 'Rows imported' });
    expect(bar).toBeTruthy();
    await screen.findByText(/3 of 4 rows done, 1 rejected, 1 warning\./, undefined, { timeout: 4_000 });
    expect(bar.getAttribute('value')).toBe('3');
    const rejected = screen.getByRole('table', { name: /Rejected rows/ });
    expect(within(rejected).getByRole('rowheader', { name: '5' })).toBeTruthy();
    expect(within(rejected).getByText(/"twelve" is not a price/)).toBeTruthy();
    expect(screen.getByText(/could not be downloaded: answered HTTP 404/)).toBeTruthy();
  });
});
