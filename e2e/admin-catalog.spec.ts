/**
 * The back office's catalog (issue 12), on a store of the journey's own: the admin finds a demo product in
 * /admin/products, changes its price in /admin/products/{sku} (the shelf price inc. GST, its ex-GST figure beside
 * it: issue 34 §7), and the shop's product page shows the new price as typed;
 * then uploads the WooCommerce sample CSV at /admin/products/import and watches its progress to the result (rows
 * done, image warnings: its pictures are on internet hosts this machine cannot reach, so each becomes a warning
 * and the import still finishes promptly). Screens of the three pages at 1366, 768 and 390 px, checked with axe.
 *
 * Why the shop sees the price at once: the API keeps no catalog cache in the process, so `/api/products/{sku}`
 * reads the database on every request; only browsers and CDNs may keep an answer for its max-age (60 s). The
 * shopper here is a fresh browser context (a visitor whose cache does not hold the old answer), and the API is
 * also asked with `Cache-Control: no-cache`, as a CDN revalidating would.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PRICE_LABELS } from '@store/shared/admin-products';
import { exGstCents } from '@store/shared/checkout-totals';
import { formatCents, parseDecimalToCents } from '@store/shared/money';
import { expect, test, type Page } from './support/test';
import type { AdminStore } from './support/admin-store';
import { screen } from './support/screens';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WOO_SAMPLE = path.join(repoRoot, 'apps/api/tests/fixtures/woocommerce-sample-products.csv');
/** A demo product (data/demo-catalog/products.csv). */
const SKU = 'BL-H7-55';

test.use({ adminStoreOptions: { email: 'owner.catalog@example.com' } });
test.describe.configure({ mode: 'serial' });

test.describe('the catalog in the back office', () => {
  let store: AdminStore | undefined;

  test.beforeEach(() => {
    test.skip(test.info().project.name !== 'desktop', 'one store of its own, screens taken at three widths');
  });

  test.beforeEach(({ adminStore }) => {
    store = adminStore;
  });

  function at(pathname: string): string {
    if (!store) throw new Error('The admin store is not running');
    return `${store.baseURL}${pathname}`;
  }

  /** Opens `to` in the back office as the signed-in admin (`staffPage`; admin.spec.ts signs in on the form). */
  async function openBackOffice(page: Page, to: string) {
    await page.goto(at(to));
    await expect(page).toHaveURL(new RegExp(`${to}$`));
  }

  /** Screens at a desktop's, an upright tablet's and a phone's width. */
  async function screens(page: Page, name: string) {
    const testInfo = test.info();
    await screen(page, testInfo, name);
    await page.setViewportSize({ width: 768, height: 1024 });
    await screen(page, testInfo, `${name}-tablet`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, testInfo, `${name}-phone`);
    await page.setViewportSize({ width: 1366, height: 800 });
  }

  test('the admin changes a product’s price and the shop’s product page shows it', async ({
    staffPage: page,
    browser,
  }) => {
    test.slow();
    const before = (await (await page.request.get(at(`/api/products/${SKU}`))).json()) as {
      data: { title: string; permalink: string; product_meta: { option: string; value: string }[] };
    };
    const oldPrice = before.data.product_meta.find((m) => m.option === '_price')?.value ?? '';
    const newPrice = (Number(oldPrice) + 11.11).toFixed(2);

    await openBackOffice(page, '/admin/products');
    await expect(page.getByRole('table', { name: /^Products/ })).toBeVisible();
    await page.getByLabel('SKU or title').fill(SKU);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: new RegExp(before.data.title.slice(0, 20)) });
    await expect(row).toHaveCount(1);
    await screens(page, 'admin-products');

    await row.getByRole('link', { name: before.data.title }).click();
    await expect(page).toHaveURL(at(`/admin/products/${SKU}`));
    await expect(page.getByRole('heading', { level: 1, name: before.data.title })).toBeVisible();
    // Issue 34 §7: the owner types the shelf price inc. GST and reads its ex-GST figure beside it.
    const { data: config } = (await (await page.request.get(at('/api/store-config'))).json()) as {
      data: { gst_percent: number };
    };
    expect(config.gst_percent).toBeGreaterThan(0);
    const exGstText = (dollars: string) =>
      ADMIN_PRICE_LABELS.exGst(exGstCents(parseDecimalToCents(dollars) ?? NaN, config.gst_percent));
    const price = page.getByLabel(ADMIN_PRICE_LABELS.price, { exact: true });
    const beside = page.locator('#admin-price-beside');
    await expect(price).toHaveValue(oldPrice);
    await expect(beside).toHaveText(exGstText(oldPrice));
    await price.fill(newPrice);
    await expect(beside).toHaveText(exGstText(newPrice));
    // Any sale is taken off, so the shop shows the plain new price.
    await page.getByLabel(ADMIN_PRICE_LABELS.salePrice, { exact: true }).fill('');
    await page.getByLabel('Or percent off').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Saved ${SKU}.` })).toBeVisible();
    const trail = page.getByRole('region', { name: 'Audit trail' });
    await expect(trail).toContainText('product.update by Olive Owner');
    await expect(trail).toContainText(`${ADMIN_PRICE_LABELS.price}: $${oldPrice} → $${newPrice}`);
    await expect(beside).toHaveText(exGstText(newPrice));
    await screens(page, 'admin-product');

    // The API at once, as a CDN revalidating would ask it.
    const api = await page.request.get(at(`/api/products/${SKU}`), {
      headers: { 'cache-control': 'no-cache' },
    });
    expect(JSON.stringify(await api.json())).toContain(`"value":"${newPrice}"`);

    // A shopper's browser (a context of its own: no cached answers) sees the new price on the product page as
    // the admin typed it: `_price` is the shelf price including GST (issue 34 §1, decision 0046).
    const shown = formatCents(parseDecimalToCents(newPrice) ?? NaN);
    const shopper = await browser.newContext();
    try {
      const shop = await shopper.newPage();
      await shop.goto(at(`/product/${before.data.permalink}`));
      await expect(shop.getByRole('group', { name: 'Price' })).toContainText(shown);
    } finally {
      await shopper.close();
    }
  });

  test('the admin uploads the WooCommerce sample CSV and sees its progress and result', async ({
    staffPage: page,
  }) => {
    test.slow();
    await openBackOffice(page, '/admin/products/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();
    await page.getByLabel('CSV file').setInputFiles(WOO_SAMPLE);
    await page.getByRole('button', { name: 'Upload and import' }).click();

    const progress = page.getByRole('progressbar', { name: 'Rows imported' });
    await expect(progress).toBeVisible();
    const result = page.getByRole('region', { name: /woocommerce-sample-products\.csv/ });
    await expect(result.getByRole('heading', { name: /: Finished$/ })).toBeVisible({ timeout: 60_000 });
    await expect(result).toContainText(/20 of 20 rows done, 0 rejected, \d+ warnings?\./);
    await expect(progress).toHaveAttribute('value', '20');
    await expect(result.locator('details')).toContainText(
      /image "https:\/\/classiccommerce\.cc\/[^"]+" could not be downloaded/,
    );
    await expect(page.getByRole('region', { name: 'Recent imports' })).toContainText(
      'woocommerce-sample-products.csv',
    );
    await screens(page, 'admin-import');

    // The imported products are in the list.
    await page.goto(at('/admin/products?q=cc-hoodie'));
    await expect(page.getByRole('table', { name: /^Products/ })).toContainText('Hoodie');
  });
});
