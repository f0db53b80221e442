/**
 * The back office's catalog pages (issue 12), rendered in the real admin routes with the API faked at the network
 * edge: the products list (low stock highlighted, search and the low-stock filter sent to the server), the
 * editor (the shared schema refuses a sale price above the price before sending; a save sends only the changed
 * fields and shows the audit trail), and the import (upload, a labelled progress bar polled until finished,
 * rejected rows as a table of line and reason, warnings).
 */
import type { StaffUser } from '@store/shared/admin';
import { IMPORT_FILE_FIELD, type AdminImport } from '@store/shared/admin-imports';
import { PRODUCT_EDITOR_MESSAGES, type EditorProduct } from '@store/shared/admin-product-editor';
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
    // Issue 36: a product is added in the editor.
    expect(screen.getByRole('link', { name: 'Add product' }).getAttribute('href')).toBe(
      '/admin/products/new',
    );

    await user.type(screen.getByLabelText('SKU or title'), 'pads');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(screen.getByLabelText(/Low stock only/));
    await waitFor(() => expect(router.state.location.search).toContain('low_stock=true'));
    const calls = api.requestsTo('/api/admin/products').map((r) => `${r.url.pathname}${r.url.search}`);
    expect(calls.some((u) => u.includes('q=pads') && u.includes('low_stock=true'))).toBe(true);

    api.answer({
      // The product's stock by location panel (issue 41 §2).
      'GET /api/admin/products/:id/location-stock': ({ params }) =>
        json({
          data: {
            product_id: Number(params.id),
            sku: 'BP-FRONT',
            stock: 12,
            locations: [{ location_id: 1, name: 'Guildford warehouse', active: true, on_hand: 12 }],
            movements: [],
          },
        }),
      'GET /api/admin/products/BP-FRONT/editor': () => json({ data: editorPads, audit: [] }),
      'GET /api/admin/product-taxonomy': { categories: [], brands: [] },
      'GET /api/vehicles/makes': { data: [] },
    });
    await user.click(within(row).getByRole('link', { name: 'Ceramic Brake Pads Front' }));
    expect(router.state.location.pathname).toBe('/admin/products/BP-FRONT');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ceramic Brake Pads Front' })).toBeTruthy();
  });
});

const editorPads: EditorProduct = {
  id: 4,
  version: 3,
  archived_at: null,
  sku: 'BP-FRONT',
  title: 'Ceramic Brake Pads Front',
  permalink: 'ceramic-brake-pads-front',
  short_description: null,
  long_description: '<p>Quiet pads.</p>',
  category_id: 1,
  child_category_id: 11,
  brand_id: null,
  price: '89.00',
  sale_price: null,
  discount_percent: null,
  stock: 3,
  weight_grams: null,
  dangerous_goods_class: null,
  bulky: false,
  length_mm: null,
  width_mm: null,
  height_mm: null,
  reorder_level: 5,
  part_numbers: ['DB1170'],
  universal_fit: false,
  fitments: [
    {
      vehicle_id: 7,
      label: 'Toyota HiLux GUN126R 2015-2020',
      make: 'Toyota',
      model: 'HiLux',
      position: 'Front',
      notes: 'with ABS',
      source: 'staff',
    },
  ],
  seo_title: null,
  seo_description: null,
  is_featured: false,
  images: [],
  updated_at: '2026-11-24T23:00:00.000Z',
};

/** The editor's API: the product, the taxonomy, the vehicle makes; `saves` lists the PUT bodies sent. */
function editorApi(answerSave: (body: Record<string, unknown>) => Response) {
  const saves: Record<string, unknown>[] = [];
  const table: ApiTable = {
    'GET /api/store-config': { data: makeStoreConfig({ store_name: 'Torque Parts' }) },
    'GET /api/admin/me': { user: owner },
    // The product's stock by location panel (issue 41 §2).
    'GET /api/admin/products/:id/location-stock': ({ params }) =>
      json({
        data: {
          product_id: Number(params.id),
          sku: 'BP-FRONT',
          stock: 12,
          locations: [{ location_id: 1, name: 'Guildford warehouse', active: true, on_hand: 12 }],
          movements: [],
        },
      }),
    'GET /api/admin/products/BP-FRONT/editor': () => json({ data: editorPads, audit: [] }),
    'GET /api/admin/product-taxonomy': {
      categories: [{ id: 1, title: 'Brakes', children: [{ id: 11, title: 'Brake Pads' }] }],
      brands: [{ id: 5, title: 'Brolga Brakes' }],
    },
    'GET /api/vehicles/makes': { data: ['Toyota'] },
    'PUT /api/admin/products/BP-FRONT': ({ body }) => {
      saves.push(body as Record<string, unknown>);
      return answerSave(body as Record<string, unknown>);
    },
  };
  return { table, saves };
}

describe('/admin/products/{sku}: the product editor', () => {
  it('refuses a sale price above the price at its field before sending, then saves the whole product with its version', async () => {
    const { table, saves } = editorApi((body) =>
      json({
        message: ADMIN_PRODUCT_MESSAGES.saved('BP-FRONT'),
        data: { ...editorPads, price: String(body.price), version: 4 },
        audit: [
          {
            id: 1,
            action: 'product.update',
            staff_name: 'Olive Owner',
            before: { price_cents: 8900 },
            after: { price_cents: 11_545 },
            at: '2026-11-25T02:00:00.000Z',
          },
        ],
      }),
    );
    const { user } = renderAdmin('/admin/products/BP-FRONT', table);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ceramic Brake Pads Front' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /View in the shop/ }).getAttribute('href')).toBe(
      '/product/ceramic-brake-pads-front',
    );
    // Every section of the editor, with the stored values.
    for (const legend of [
      'Title and description',
      'Media',
      'Pricing',
      'Inventory',
      'Organisation',
      'Part numbers',
      'Fitment',
      'Search engines',
    ]) {
      expect(screen.getByRole('group', { name: legend })).toBeTruthy();
    }
    expect((screen.getByLabelText('Part numbers') as HTMLInputElement).value).toBe('DB1170');
    expect(
      within(screen.getByRole('list', { name: 'Vehicles this part fits' })).getByText(/with ABS/),
    ).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('1'));
    expect((screen.getByLabelText('Child category') as HTMLSelectElement).value).toBe('11');

    const beside = () => document.getElementById('admin-price-beside')?.textContent;
    expect(beside()).toBe('$80.91 ex. GST');
    await user.type(screen.getByLabelText(ADMIN_PRICE_LABELS.salePrice), '99.00');
    expect(document.getElementById('admin-sale_price-beside')?.textContent).toBe('$90.00 ex. GST');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(ADMIN_PRODUCT_MESSAGES.saleAbovePrice('89.00'), {
        selector: '.admin-field__message',
      }),
    ).toBeTruthy();
    expect(screen.getByLabelText(ADMIN_PRICE_LABELS.salePrice).getAttribute('aria-invalid')).toBe('true');
    expect(saves).toEqual([]);

    await user.clear(screen.getByLabelText(ADMIN_PRICE_LABELS.salePrice));
    await user.clear(screen.getByLabelText(ADMIN_PRICE_LABELS.price));
    await user.type(screen.getByLabelText(ADMIN_PRICE_LABELS.price), '115.45');
    expect(beside()).toBe('$104.95 ex. GST');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({
      version: 3,
      sku: 'BP-FRONT',
      price: '115.45',
      sale_price: null,
      part_numbers: ['DB1170'],
      fitments: [{ vehicle_id: 7, position: 'Front', notes: 'with ABS' }],
      category_id: 1,
      child_category_id: 11,
    });
    expect(await screen.findByText('Saved BP-FRONT.')).toBeTruthy();
    const trail = screen.getByRole('region', { name: 'Audit trail' });
    expect(within(trail).getByText(/Price inc\. GST: \$89\.00 → \$115\.45/)).toBeTruthy();
  });

  it('says so when someone else saved first, offers to reload, and shows the server’s field messages at their fields', async () => {
    let answer = 409;
    const { table, saves } = editorApi(() =>
      answer === 409
        ? json({ message: PRODUCT_EDITOR_MESSAGES.conflict }, 409)
        : json(
            {
              message: PRODUCT_EDITOR_MESSAGES.skuTaken('BP-REAR'),
              errors: [{ field: 'sku', message: PRODUCT_EDITOR_MESSAGES.skuTaken('BP-REAR') }],
            },
            400,
          ),
    );
    const { user } = renderAdmin('/admin/products/BP-FRONT', table);
    await screen.findByRole('heading', { level: 1, name: 'Ceramic Brake Pads Front' });
    await user.clear(screen.getByLabelText('Stock'));
    await user.type(screen.getByLabelText('Stock'), '9');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PRODUCT_EDITOR_MESSAGES.conflict)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the product' })).toBeTruthy();

    answer = 400;
    await user.clear(screen.getByLabelText('SKU'));
    await user.type(screen.getByLabelText('SKU'), 'BP-REAR');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const message = await screen.findByText(PRODUCT_EDITOR_MESSAGES.skuTaken('BP-REAR'), {
      selector: '#admin-sku-message',
    });
    expect(message).toBeTruthy();
    expect(screen.getByLabelText('SKU').getAttribute('aria-invalid')).toBe('true');
    expect(saves).toHaveLength(2);
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
