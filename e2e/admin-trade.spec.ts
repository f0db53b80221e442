/**
 * The back office's trade pages (issue 39 §6), on a store of the journey's own: the owner builds a price list in
 * the editor (a brand rule picked by search, a product's fixed price shown inc. and ex. GST), saves it, and
 * previews a product's price with it; then opens the trade applications and accounts pages. Screens of each at
 * 1366 and 390 px, checked with axe.
 */
import { expect, test } from './support/test';
import type { AdminStore } from './support/admin-store';
import { screen } from './support/screens';

/** A demo product and its brand (data/demo-catalog/products.csv). */
const SKU = 'BL-H4-6055';

test.use({ adminStoreOptions: { email: 'owner.trade@example.com' } });
test.describe.configure({ mode: 'serial' });

test.describe('trade accounts in the back office', () => {
  let store: AdminStore | undefined;

  test.beforeEach(() => {
    test.skip(test.info().project.name !== 'desktop', 'one store of its own, screens taken at both widths');
  });

  test.beforeEach(({ adminStore }) => {
    store = adminStore;
  });

  function at(pathname: string): string {
    if (!store) throw new Error('The admin store is not running');
    return `${store.baseURL}${pathname}`;
  }

  test('a price list with a brand rule and a fixed price, previewed for a product', async ({
    staffPage: page,
  }) => {
    test.setTimeout(300_000);
    await page.goto(at('/admin/price-lists'));
    await expect(page.getByRole('heading', { level: 1, name: 'Price lists' })).toBeVisible();
    await page.getByRole('link', { name: 'New price list' }).click();
    await page.getByLabel('Name').fill('Trade');

    await page.getByRole('button', { name: 'Add a rule' }).click();
    const brandRule = page.getByRole('group', { name: 'Rule 1' });
    await brandRule.getByLabel(/Brand: none chosen/).fill('Bright');
    await brandRule.getByRole('button', { name: 'Brightline' }).click();
    await brandRule.getByLabel('Percent off').fill('15');

    await page.getByRole('button', { name: 'Add a rule' }).click();
    const productRule = page.getByRole('group', { name: 'Rule 2' });
    await productRule.getByLabel('Applies to').selectOption('product');
    await productRule.getByLabel(/Product: none chosen/).fill(SKU);
    await productRule.getByRole('button', { name: new RegExp(`\\(${SKU}\\)`) }).click();
    await productRule.getByLabel('Price', { exact: true }).selectOption('fixed');
    await productRule.getByLabel('Fixed price ($ inc. GST)').fill('22');
    await expect(productRule.getByText('$22.00 inc. GST ($20.00 ex.)')).toBeVisible();
    await page.getByRole('button', { name: 'Create price list' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Price list' })).toBeVisible();
    await expect(page.getByText('Held by 0 trade accounts.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Audit trail' })).toContainText('price_list.create');

    await page.getByLabel('SKU').fill(SKU);
    await page.getByRole('button', { name: 'Preview' }).click();
    const lists = page.getByRole('table', { name: /Each list's price/ });
    await expect(lists).toContainText(`Fixed price for`);
    await expect(page.getByText(/^Charged:/)).toContainText('$22.00 inc. GST ($20.00 ex.) (from Trade)');
    await screen(page, test.info(), 'admin-price-list');
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, test.info(), 'admin-price-list-phone');
    await page.setViewportSize({ width: 1366, height: 800 });

    await page.goto(at('/admin/price-lists'));
    await expect(page.getByRole('table', { name: /Price lists/ })).toContainText('Trade');

    for (const [path, heading, name] of [
      ['/admin/trade-applications', 'Trade applications', 'admin-trade-applications'],
      ['/admin/trade-accounts', 'Trade accounts', 'admin-trade-accounts'],
    ] as const) {
      await page.goto(at(path));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(
        page
          .getByRole('status')
          .or(page.getByText(/No (trade applications|approved trade accounts) yet/))
          .first(),
      ).toBeVisible();
      await screen(page, test.info(), name);
      await page.setViewportSize({ width: 390, height: 844 });
      await screen(page, test.info(), `${name}-phone`);
      await page.setViewportSize({ width: 1366, height: 800 });
    }
  });
});
