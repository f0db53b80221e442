/**
 * Order care, exports and the sales report in the back office (issue 36 §4), on a store of the journey's own: a
 * guest pays for an order through the shop; the admin opens it, adds an internal note, moves it to processing and
 * corrects its shipping address (the old one kept in an automatic note), downloads the orders CSV filtered to that
 * customer and finds the order's row with its total and GST, then opens /admin/reports. Screens of the order
 * page's sections and of the report at 1366 and 390 px, each checked with axe.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { ORDER_NUMBER_LABEL } from '@store/shared/order-constants';
import { expect, test, type Page } from './support/test';
import type { AdminStore } from './support/admin-store';
import { screen } from './support/screens';

/** A demo product at its list price (data/demo-catalog/products.csv). */
const PLAIN_SKU = 'BL-H4-6055';

test.use({ adminStoreOptions: { email: 'owner.reports@example.com' } });
test.describe.configure({ mode: 'serial' });

test.describe('order care, exports and the sales report', () => {
  let store: AdminStore | undefined;
  const stamp = Date.now().toString(36);

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

  /** A guest's order through the shop, paid with the offline test card; answers its order number and total. */
  async function guestOrder(page: Page, email: string): Promise<{ invoice: string; total: string }> {
    await page.goto(at(`/product/${PLAIN_SKU}`));
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.goto(at('/checkout'));
    const form = page.getByRole('form', { name: 'Checkout details' });
    await form.getByLabel(/^First name/).fill('Sam');
    await form.getByLabel(/^Last name/).fill('Nguyen');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Phone/).fill('0412345678');
    await form.getByLabel(/^Street address/).fill('12 Railway Terrace');
    await form.getByRole('combobox', { name: /^City/ }).fill('Guildford');
    await form.getByLabel(/^State/).fill('NSW');
    await form.getByLabel(/^Post code/).fill('2161');
    await page.getByRole('button', { name: 'Credit Card / Debit Card' }).click();
    await expect(page).toHaveURL(/\/checkout-stripe-payment$/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    const pay = page.getByRole('button', { name: /^Pay \$/ });
    const total = /\$[\d,]+\.\d{2}/.exec((await pay.textContent()) ?? '')?.[0] ?? 'none';
    await pay.click();
    await expect(page).toHaveURL(/\/thank-you$/);
    await page.getByRole('link', { name: 'Track your order' }).click();
    const result = page.getByRole('article', { name: new RegExp(`^${ORDER_NUMBER_LABEL} INV-\\d+$`) });
    await expect(result).toBeVisible();
    const invoice = /INV-\d+/.exec(await result.getByRole('heading').first().innerText())?.[0] ?? '';
    return { invoice, total };
  }

  /** Screens at a desktop's and a phone's width. */
  async function screens(page: Page, name: string) {
    const testInfo = test.info();
    await screen(page, testInfo, name);
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, testInfo, `${name}-phone`);
    await page.setViewportSize({ width: 1366, height: 800 });
  }

  test('a note, a corrected address, the orders CSV row and the sales report', async ({
    staffPage: page,
  }) => {
    // A checkout, six back-office steps, a download and four screens with axe: up to 4 minutes on a busy machine.
    test.setTimeout(240_000);
    const email = `care.${stamp}@example.com`;
    const { invoice, total } = await guestOrder(page, email);

    await page.goto(at(`/admin/orders?q=${encodeURIComponent(email)}`));
    await page.getByRole('link', { name: invoice }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${invoice}` })).toBeVisible();

    // An internal note, listed with its author.
    const notes = page.getByRole('region', { name: 'Internal notes' });
    await notes.getByLabel('New note').fill('Customer rang: leave it at the workshop door.');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByText('Note added. Only staff see it.')).toBeVisible();
    await expect(notes.getByRole('list', { name: 'Notes, newest first' })).toContainText(
      'leave it at the workshop door',
    );

    // The address is corrected before it ships; the old one stays in an automatic note.
    await page.getByRole('button', { name: 'Move to processing' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Order ${invoice} is now processing.` }),
    ).toBeVisible();
    const address = page.getByRole('region', { name: 'Shipping address' });
    await address.getByRole('button', { name: 'Correct address…' }).click();
    await address.getByLabel('Street address').fill('4 Workshop Lane');
    await address.getByLabel('City').fill('Parramatta');
    await address.getByLabel('Post code').fill('2150');
    await address.getByRole('button', { name: 'Save address' }).click();
    await expect(address.getByText(`Shipping address of order ${invoice} corrected.`)).toBeVisible();
    await expect(address.getByText(/4 Workshop Lane, Parramatta NSW 2150/)).toBeVisible();
    const list = notes.getByRole('list', { name: 'Notes, newest first' });
    await expect(list.getByRole('listitem').first()).toContainText(
      'Was: Sam Nguyen, 12 Railway Terrace, Guildford NSW 2161',
    );
    await expect(list.getByRole('listitem').first()).toContainText('(automatic)');
    await expect(page.getByRole('region', { name: 'Customer mails' })).toBeVisible();
    await screens(page, 'admin-order-care');

    // The orders CSV, filtered to this customer, has the order's row with its total and GST.
    await page.goto(at(`/admin/orders?q=${encodeURIComponent(email)}`));
    await expect(page.getByRole('table', { name: 'Orders (1)' })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path()) ?? '', 'utf8');
    expect(bytes.startsWith('\uFEFF')).toBe(true);
    const rows = parse(bytes.slice(1), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'Order number': invoice,
      Email: email,
      Status: 'processing',
      'Payment status': 'completed',
      Total: total.replace(/[$,]/g, ''),
    });
    expect(rows[0]?.['Tax invoice number']).toMatch(/^TI-\d{6}$/);
    expect(Number(rows[0]?.GST)).toBeGreaterThan(0);

    // The sales report for this month includes the sale.
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Reports' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sales report' })).toBeVisible();
    const totals = page.getByRole('region', { name: /\d{4} to / });
    await expect(totals.getByText('Charged (inc. GST)')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Top products' }).getByText(PLAIN_SKU)).toBeVisible();
    await screens(page, 'admin-reports');
    await page.getByLabel('Period').selectOption('custom');
    await expect(page.getByLabel('From')).toBeVisible();
    await expect(page).toHaveURL(/period=custom/);
  });
});
