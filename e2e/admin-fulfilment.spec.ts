/**
 * The warehouse (issue 36 §4), on a store of the journey's own: two guests pay for an order each through the shop;
 * the store is mailed each new order; in /admin/orders staff tick both, print their packing slips (the PDF read with
 * pdftotext names both order numbers and their items, no prices) and the pick list, move both to processing and
 * mark them shipped in one dialog, one with StarTrack and one with another courier typed by name; each customer
 * gets the shipping notice; the dashboard sends the low-stock report on demand. Screens of the list with the
 * selection, of the batch dialog and of the dashboard at 1366 and 390 px, each checked with axe.
 */
import { readFileSync } from 'node:fs';
import { FULFILMENT_MESSAGES } from '@store/shared/admin-fulfilment';
import { ORDER_NUMBER_LABEL } from '@store/shared/order-constants';
import { expect, test, type Page } from './support/test';
import type { AdminStore } from './support/admin-store';
import { mailFromOutbox } from './support/outbox';
import { pdfText } from './support/pdf-text';
import { screen } from './support/screens';

/** Demo products (data/demo-catalog/products.csv) at their list prices. */
const GLOBES = { sku: 'BL-H4-6055', title: 'Brightline H4 Halogen Headlight Globes 60/55W 12V (Pair)' };
const WASH = { sku: 'SW-WASH-1L', title: 'Shinewell pH-Neutral Car Wash 1L' };

test.use({ adminStoreOptions: { email: 'owner.warehouse@example.com' } });
test.describe.configure({ mode: 'serial' });

test.describe('the warehouse', () => {
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

  /** A guest's order of `sku` through the shop, paid with the offline test card; answers its order number. */
  async function guestOrder(page: Page, sku: string, email: string): Promise<string> {
    await page.goto(at(`/product/${sku}`));
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
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    await page.getByRole('link', { name: 'Track your order' }).click();
    const result = page.getByRole('article', { name: new RegExp(`^${ORDER_NUMBER_LABEL} INV-\\d+$`) });
    await expect(result).toBeVisible();
    return /INV-\d+/.exec(await result.getByRole('heading').first().innerText())?.[0] ?? '';
  }

  /** Saves the PDF the click downloads and answers its text. */
  async function downloadedPdfText(page: Page, button: string): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: button }).click(),
    ]);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    return { name: download.suggestedFilename(), text: pdfText(file) };
  }

  test('two orders: packing slips and pick list printed, then both shipped in one go with their carriers', async ({
    staffPage: page,
  }) => {
    test.setTimeout(300_000);
    const first = await guestOrder(page, GLOBES.sku, `wh1.${stamp}@example.com`);
    // The cart is emptied by the order; a new page starts the next guest's.
    const second = await guestOrder(page, WASH.sku, `wh2.${stamp}@example.com`);
    expect(first).toMatch(/^INV-\d+$/);
    expect(second).toMatch(/^INV-\d+$/);

    // The store hears of each paid order once, at its sales address.
    await expect
      .poll(async () => (await mailFromOutbox(`New order ${second}`, store?.dataDir))?.to)
      .toBe('sales@southsideautoparts.com.au');
    expect((await mailFromOutbox(`New order ${first}`, store?.dataDir))?.text).toContain(GLOBES.sku);

    await page.goto(at(`/admin/orders?q=${encodeURIComponent(stamp)}`));
    const table = page.getByRole('table', { name: 'Orders (2)' });
    await expect(table).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect(page.getByText('2 orders selected')).toBeVisible();
    await expect(table.getByRole('checkbox', { name: `Select order ${first}` })).toBeChecked();
    await screen(page, test.info(), 'admin-orders-selected');
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, test.info(), 'admin-orders-selected-phone');
    await page.setViewportSize({ width: 1366, height: 800 });

    const slips = await downloadedPdfText(page, 'Print packing slips');
    expect(slips.name).toMatch(/^packing-slips-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pages = slips.text.split('\f').filter((p) => p.trim() !== '');
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(`Order ${first}`);
    expect(pages[0]).toContain(GLOBES.sku);
    expect(pages[0]).toContain('Brightline H4 Halogen Headlight Globes');
    expect(pages[1]).toContain(`Order ${second}`);
    expect(pages[1]).toContain(WASH.sku);
    expect(pages[1]).toContain(WASH.title);
    expect(slips.text).toContain('Sam Nguyen');
    expect(slips.text).toContain('12 Railway Terrace, Guildford NSW 2161');
    expect(slips.text).not.toMatch(/\$\d/);

    const pick = await downloadedPdfText(page, 'Print pick list');
    expect(pick.text).toContain(`2 orders: ${first}, ${second}`);
    expect(pick.text).toMatch(new RegExp(`${GLOBES.sku} .* 1 ${first}`));
    expect(pick.text).toMatch(new RegExp(`${WASH.sku} .* 1 ${second}`));

    // Paid orders wait in pending: processing first, by the one transition rule.
    await page.getByRole('button', { name: 'Move status…' }).click();
    const move = page.getByRole('dialog', { name: 'Move 2 orders' });
    await move.getByLabel('New status').selectOption('processing');
    await move.getByRole('button', { name: 'Move 2 to processing' }).click();
    await expect(page.getByText(FULFILMENT_MESSAGES.batchMoved(2, 2))).toBeVisible();
    await expect(table.getByText('Processing')).toHaveCount(2);

    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByRole('button', { name: 'Mark shipped…' }).click();
    const ship = page.getByRole('dialog', { name: 'Mark 2 orders shipped' });
    await ship.getByLabel(`Carrier of ${first}`).selectOption('StarTrack');
    await ship.getByLabel(`Tracking number of ${first}`).fill(`ST${stamp.toUpperCase()}`);
    await ship.getByLabel(`Carrier of ${second}`).selectOption('Other');
    await ship.getByLabel(`Courier's name for ${second}`).fill('Hunter Express');
    await ship.getByLabel(`Tracking number of ${second}`).fill(`HX${stamp.toUpperCase()}`);
    await screen(page, test.info(), 'admin-orders-ship-dialog', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, test.info(), 'admin-orders-ship-dialog-phone', { fullPage: false });
    await page.setViewportSize({ width: 1366, height: 800 });
    await ship.getByRole('button', { name: 'Mark 2 shipped' }).click();
    await expect(page.getByText(FULFILMENT_MESSAGES.batchMoved(2, 2))).toBeVisible();
    await expect(table.getByText('Shipped')).toHaveCount(2);

    await expect
      .poll(async () => (await mailFromOutbox(`ST${stamp.toUpperCase()}`, store?.dataDir))?.to)
      .toBe(`wh1.${stamp}@example.com`);
    expect((await mailFromOutbox(`ST${stamp.toUpperCase()}`, store?.dataDir))?.text).toContain(
      `https://startrack.com.au/track/details/ST${stamp.toUpperCase()}`,
    );
    await expect
      .poll(async () => (await mailFromOutbox(`HX${stamp.toUpperCase()}`, store?.dataDir))?.text)
      .toContain('has left our warehouse with Hunter Express');

    // The dashboard's low-stock list reads each product's reorder level; its report can be sent at once.
    await page.goto(at('/admin'));
    const lowStock = page.getByRole('region', { name: /^Low stock/ });
    await expect(lowStock).toBeVisible();
    await lowStock.getByRole('button', { name: 'Send low-stock report now' }).click();
    await expect(lowStock.getByRole('status')).toHaveText(
      /^(The low-stock report listing \d+ products? was sent to sales@southsideautoparts\.com\.au\.|Nothing is at or below its reorder level: no report was sent\.)$/,
    );
    await screen(page, test.info(), 'admin-dashboard-low-stock');
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, test.info(), 'admin-dashboard-low-stock-phone');
  });
});
