/**
 * The back office's trade pages (issue 39 §6), on a store of the journey's own: the owner builds a price list in
 * the editor (a brand rule picked by search, a product's fixed price shown inc. and ex. GST), saves it, and
 * previews a product's price with it; a workshop applies through the API and the owner approves it with that list,
 * a $5,000 limit and 30 days end of month (the applicant is mailed the terms), then opens the account, where a
 * payment with nothing owed is refused. Screens of each page at 1366 and 390 px, checked with axe.
 */
import { expect, test } from './support/test';
import type { AdminStore } from './support/admin-store';
import { mailFromOutbox } from './support/outbox';
import { screen } from './support/screens';
import { applyForTradeAccount } from './support/trade-application';

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
  });

  test('a workshop applies; the owner approves it with a list, limit and terms; its account page', async ({
    staffPage: page,
  }) => {
    test.setTimeout(300_000);
    const stamp = Date.now().toString(36);
    const email = `workshop.${stamp}@example.com`;
    const signUp = await page.request.post(at('/api/registered'), {
      data: { name: 'Rita Rivet', email, password: 'Sparkplug!42', phone: '0412345678' },
    });
    expect(signUp.ok()).toBe(true);
    const { token } = (await signUp.json()) as { token: string };
    await applyForTradeAccount(page.request, at(''), token, `accounts.${stamp}@example.com`);

    await page.goto(at('/admin/trade-applications'));
    const applications = page.getByRole('table', { name: /Trade applications/ });
    await expect(applications).toContainText('Not checked with the ABR');
    await screen(page, test.info(), 'admin-trade-applications');
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, test.info(), 'admin-trade-applications-phone');
    await page.setViewportSize({ width: 1366, height: 800 });

    await applications.getByRole('link', { name: 'Rivet Motors Pty Ltd' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rivet Motors Pty Ltd' })).toBeVisible();
    await page.getByRole('button', { name: 'Approve…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve the application' });
    await dialog.getByLabel('Trade', { exact: true }).check();
    await dialog.getByLabel('Credit limit ($)').fill('5000');
    await dialog.getByLabel('Terms').selectOption({ label: '30 days end of month' });
    await screen(page, test.info(), 'admin-trade-approve', { fullPage: false });
    await dialog.getByRole('button', { name: 'Approve and mail the applicant' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Application approved.' })).toBeVisible();

    await expect
      .poll(async () => (await mailFromOutbox(`accounts.${stamp}@example.com`, store?.dataDir))?.text ?? '')
      .toContain('Credit limit: $5000.00. Payment terms: 30 days end of month.');

    await page.getByRole('link', { name: 'Open the trade account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rivet Motors Pty Ltd' })).toBeVisible();
    await expect(page.getByText('Offered at the checkout')).toBeVisible();
    await page.getByRole('button', { name: 'Record payment…' }).click();
    const payment = page.getByRole('dialog', { name: 'Record a payment' });
    await payment.getByLabel('Amount ($)').fill('10');
    await payment.getByLabel(/Reference/).fill('EFT 1');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expect(payment.getByRole('alert')).toHaveText('A payment cannot be more than the account owes.');
    await payment.getByRole('button', { name: 'Close' }).click();
    await screen(page, test.info(), 'admin-trade-account');
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, test.info(), 'admin-trade-account-phone');
    await page.setViewportSize({ width: 1366, height: 800 });

    await page.goto(at('/admin/trade-accounts'));
    await expect(page.getByRole('table', { name: /Trade accounts/ })).toContainText('Trade');
    await screen(page, test.info(), 'admin-trade-accounts');
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, test.info(), 'admin-trade-accounts-phone');
    await page.setViewportSize({ width: 1366, height: 800 });
  });
});
