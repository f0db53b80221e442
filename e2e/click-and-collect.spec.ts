/**
 * Delivery that fits auto parts (issue 41, decision 0069), on a store of the journey's own:
 * - click & collect: a shopper reads the product page's stock line, collects a wiper blade from Guildford at
 *   checkout (no delivery charge), pays; the back office's pick list for Guildford marks it ready for collection,
 *   the customer is mailed where and when, and the counter records who collected it;
 * - a cart with a battery (a Class 8 dangerous good) and a wiper blade to a PO box: the checkout notes the PO box,
 *   shows standard and express delivery disabled with the reasons, and offers click & collect; at a street address
 *   standard comes back and express stays out (batteries do not fly).
 * Screens at 1366 and 390 px of the product page's stock line, the checkout's delivery options and the back
 * office's locations and pick list.
 */
import { COLLECT_MESSAGES } from '@store/shared/click-and-collect';
import { DELIVERY_MESSAGES } from '@store/shared/delivery-rules';
import type { AdminStore } from './support/admin-store';
import { mailFromOutbox } from './support/outbox';
import { screen } from './support/screens';
import { expect, test, type Page } from './support/test';

/** Demo products (data/demo-catalog/products.csv): a wiper blade, and a lead-acid battery (Class 8). */
const WIPER = { sku: 'WT-WB-14', title: 'Wagtail Beam Wiper Blade 14in 350mm' };
const BATTERY = { sku: 'VC-NS40-330', title: 'Voltcore NS40ZL Car Battery 330CCA' };

test.use({ adminStoreOptions: { email: 'owner.collect@example.com' } });
test.describe.configure({ mode: 'serial' });

test.describe('delivery and click & collect', () => {
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

  async function addToCart(page: Page, sku: string) {
    await page.goto(at(`/product/${sku}`));
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByRole('dialog', { name: /cart/i })).toBeVisible();
    await page.keyboard.press('Escape');
  }

  async function fillCheckout(page: Page, email: string, street: string) {
    const form = page.getByRole('form', { name: 'Checkout details' });
    await form.getByLabel(/^First name/).fill('Casey');
    await form.getByLabel(/^Last name/).fill('Collector');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Phone/).fill('0412345678');
    await form.getByLabel(/^Street address/).fill(street);
    await form.getByRole('combobox', { name: /^City/ }).fill('Guildford');
    await form.getByLabel(/^State/).fill('NSW');
    await form.getByLabel(/^Post code/).fill('2161');
  }

  const delivery = (page: Page) => page.getByRole('region', { name: 'Delivery' });

  test('click & collect: stock line, checkout, ready for collection, the mail, collected', async ({
    staffPage: page,
  }) => {
    test.setTimeout(300_000);
    const email = `collect.${Date.now().toString(36)}@example.com`;

    await page.goto(at(`/product/${WIPER.sku}`));
    await expect(page.getByText(/In stock at Guildford — ready in 1 hour/)).toBeVisible();
    await screen(page, test.info(), 'product-stock-line');
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, test.info(), 'product-stock-line-phone');
    await page.setViewportSize({ width: 1366, height: 800 });

    await addToCart(page, WIPER.sku);
    await page.goto(at('/checkout'));
    await fillCheckout(page, email, '12 Example St');
    await expect(delivery(page).getByRole('radio', { name: /^Standard delivery/ })).toBeEnabled();
    await delivery(page)
      .getByRole('radio', { name: /^Click & collect/ })
      .check();
    await delivery(page)
      .getByRole('radio', { name: /Guildford/ })
      .check();
    await expect(delivery(page)).toContainText(/Ready at Guildford warehouse in 1 hour/);
    await screen(page, test.info(), 'checkout-click-and-collect');
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, test.info(), 'checkout-click-and-collect-phone');
    await page.setViewportSize({ width: 1366, height: 800 });

    await page.getByRole('button', { name: 'Credit Card / Debit Card' }).click();
    await expect(page).toHaveURL(/\/checkout-stripe-payment$/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page).toHaveURL(/\/thank-you$/, { timeout: 60_000 });
    await expect(page.getByText(/Click & collect/).first()).toBeVisible();
    const orderNumber = (
      await page
        .getByText(/INV-\d{6,}/)
        .first()
        .textContent()
    )?.match(/INV-\d+/)?.[0];
    expect(orderNumber).toBeTruthy();

    await page.goto(at('/admin/locations'));
    await expect(page.getByRole('table', { name: /Locations/ })).toContainText('Guildford');
    await screen(page, test.info(), 'admin-locations');
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, test.info(), 'admin-locations-phone');
    await page.setViewportSize({ width: 1366, height: 800 });

    await page.getByRole('button', { name: /Pick list of Guildford/ }).click();
    const card = page.getByRole('article', { name: `Order ${orderNumber}` });
    await expect(card).toContainText(WIPER.sku);
    await screen(page, test.info(), 'admin-pick-list');
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, test.info(), 'admin-pick-list-phone');
    await page.setViewportSize({ width: 1366, height: 800 });

    await card.getByRole('button', { name: 'Ready for collection' }).click();
    await expect
      .poll(async () => (await mailFromOutbox(email, store?.dataDir))?.subject ?? '', { timeout: 30_000 })
      .toMatch(/ready to collect/i);
    const mail = await mailFromOutbox(email, store?.dataDir);
    expect(mail?.text).toContain(orderNumber ?? 'order number');
    expect(mail?.text).toMatch(/Guildford/);

    await card.getByLabel('Collected by (name)').fill('Casey Collector');
    await card.getByRole('button', { name: 'Collected' }).click();
    // Collected, it leaves the counter's list, and the page says who took it.
    await expect(
      page.getByText(COLLECT_MESSAGES.collected(orderNumber ?? '', 'Casey Collector')),
    ).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test('a battery and a wiper blade to a PO box: only the options the cart may take', async ({
    staffPage: page,
  }) => {
    test.setTimeout(300_000);
    await addToCart(page, BATTERY.sku);
    await addToCart(page, WIPER.sku);
    await page.goto(at('/checkout'));
    await fillCheckout(page, `pobox.${Date.now().toString(36)}@example.com`, 'PO Box 123');
    await expect(page.getByText(/This looks like a PO box/)).toBeVisible();

    const standard = delivery(page).getByRole('radio', { name: /^Standard delivery/ });
    const express = delivery(page).getByRole('radio', { name: /^Express delivery/ });
    await expect(standard).toBeDisabled();
    await expect(express).toBeDisabled();
    await expect(delivery(page)).toContainText(DELIVERY_MESSAGES.expressDangerous(BATTERY.title, '8'));
    await expect(delivery(page)).toContainText(DELIVERY_MESSAGES.dangerousToPoBox(BATTERY.title, '8'));
    await expect(delivery(page).getByRole('radio', { name: /^Click & collect/ })).toBeEnabled();
    await screen(page, test.info(), 'checkout-delivery-po-box');
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, test.info(), 'checkout-delivery-po-box-phone');
    await page.setViewportSize({ width: 1366, height: 800 });

    await page
      .getByRole('form', { name: 'Checkout details' })
      .getByLabel(/^Street address/)
      .fill('12 Example St');
    await expect(standard).toBeEnabled();
    await expect(express).toBeDisabled();
    await expect(page.getByText(/This looks like a PO box/)).toHaveCount(0);
  });
});
