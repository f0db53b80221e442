/**
 * The back office's orders (issue 12), on a store of the journey's own: a guest pays for an order with the offline
 * test card through the shop; the admin finds it by email in /admin/orders, opens it, moves it to processing and
 * marks it shipped with Australia Post and a tracking number — the customer's shipping notice is in the outbox
 * with the Australia Post tracking link; another paid order is refunded in part from its page, which then shows
 * the refund and its audit row, and the customer's refund notice is in the outbox. Screens of the list and the
 * order page at 1366, 768 and 390 px, each checked with axe.
 */
import { ADMIN_ORDER_LINE_HEADINGS } from '@store/shared/admin-orders';
import { BREAKDOWN_LABELS } from '@store/shared/order-breakdown';
import { ORDER_NUMBER_LABEL } from '@store/shared/order-constants';
import { expect, test, type Page } from './support/test';
import type { AdminStore } from './support/admin-store';
import { mailFromOutbox } from './support/outbox';
import { screen } from './support/screens';

/** A demo product at its list price (data/demo-catalog/products.csv). */
const PLAIN_SKU = 'BL-H4-6055';

test.use({ adminStoreOptions: { email: 'owner.orders@example.com' } });
test.describe.configure({ mode: 'serial' });

test.describe('orders in the back office', () => {
  let store: AdminStore | undefined;
  const stamp = Date.now().toString(36);

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

  /** Opens `to` in the back office as the signed-in admin (`staffPage`; admin.spec.ts signs in on the form). */
  async function openBackOffice(page: Page, to: string) {
    await page.goto(at(to));
    await expect(page).toHaveURL(new RegExp(`${to.replace(/[?]/g, '\\?')}$`));
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

  test('a guest’s order is found, moved to processing and shipped; the customer gets the tracking link', async ({
    staffPage: page,
  }) => {
    test.slow();
    const email = `ship.${stamp}@example.com`;
    const { invoice, total } = await guestOrder(page, email);
    expect(invoice).toMatch(/^INV-\d+$/);

    await openBackOffice(page, '/admin/orders');
    await page.getByLabel('Invoice, order id, email or name').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/[?&]q=ship\./);
    const table = page.getByRole('table', { name: 'Orders (1)' });
    await expect(table.getByRole('rowheader', { name: invoice })).toBeVisible();
    await expect(table.getByText('Paid', { exact: true })).toBeVisible();
    await screens(page, 'admin-orders');

    // Reload keeps the search (it is in the URL).
    await page.reload();
    await expect(page.getByRole('table', { name: 'Orders (1)' })).toBeVisible();
    await page.getByRole('link', { name: invoice }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${invoice}` })).toBeVisible();
    // Issue 34 §2: the lines with the GST each includes, and the order's breakdown as the customer was shown it.
    await expect(page.getByRole('columnheader', { name: ADMIN_ORDER_LINE_HEADINGS.gst })).toBeVisible();
    const totals = page.getByLabel('Order totals');
    const row = (label: string) =>
      totals.locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd[1]');
    await expect(row(BREAKDOWN_LABELS.totalIncGst)).toHaveText(total);
    await expect(row(BREAKDOWN_LABELS.gstIncluded(10))).toHaveText(/^\$\d+\.\d{2}$/);

    await page.getByRole('button', { name: 'Move to processing' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Order ${invoice} is now processing.` }),
    ).toBeVisible();
    const ship = page.getByRole('form', { name: 'Mark shipped' });
    await ship.getByLabel('Carrier').selectOption('Australia Post');
    const tracking = `33LOB${stamp.toUpperCase()}`;
    await ship.getByLabel('Tracking number').fill(tracking);
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Order ${invoice} is now shipped.` }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /Track with Australia Post/ })).toHaveAttribute(
      'href',
      `https://auspost.com.au/mypost/track/details/${tracking}`,
    );
    await expect(page.getByText('order.status').first()).toBeVisible();

    await expect.poll(async () => (await mailFromOutbox(tracking, store?.dataDir))?.to).toBe(email);
    const mail = await mailFromOutbox(tracking, store?.dataDir);
    expect(mail?.subject).toContain(invoice);
    expect(mail?.text).toContain(`https://auspost.com.au/mypost/track/details/${tracking}`);
  });

  test('part of another paid order is refunded from its page; the refund and its audit row show', async ({
    staffPage: page,
  }) => {
    test.slow();
    const email = `refund.${stamp}@example.com`;
    const { invoice } = await guestOrder(page, email);
    await openBackOffice(page, `/admin/orders?q=${encodeURIComponent(invoice)}`);
    await page.getByRole('link', { name: invoice }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${invoice}` })).toBeVisible();

    // Issue 36 §3: the refund dialog; here the delivery charge alone (the order is under the free-delivery line).
    await page.getByRole('button', { name: 'Refund items…' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${invoice}` });
    await dialog.getByLabel('Delivery charge to refund (AUD)').fill('5.00');
    await dialog.getByLabel(/^Reason/).fill('Scratched box');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog.getByRole('button', { name: 'Refund $5.00' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Refunded $5.00 on order ${invoice}.` }),
    ).toBeVisible();
    await expect(page.getByText(/^Refunded \$5\.00 of \$/)).toBeVisible();
    await expect(page.getByText('Partially refunded').first()).toBeVisible();
    await expect(page.getByText('order.refund')).toBeVisible();
    await expect(page.getByText('Scratched box').first()).toBeVisible();
    await screens(page, 'admin-order');

    // The newest mail naming the order is the refund notice, to the customer.
    await expect
      .poll(async () => (await mailFromOutbox(invoice, store?.dataDir))?.subject)
      .toMatch(/^A refund for your .* order INV-\d+$/);
    const mail = await mailFromOutbox(invoice, store?.dataDir);
    expect(mail?.to).toBe(email);
    expect(mail?.text.replace(/\s+/g, ' ')).toContain('We have refunded $5.00');
  });
});
