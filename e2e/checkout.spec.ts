/**
 * Checkout journeys of a guest (issue: cart, checkout, payment and guest orders): the cart, the checkout
 * form with an address picked from the autocomplete, the offline test card (pays and declines) and the
 * test wallet, the thank-you page, and tracking the order with the totals the checkout showed.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/page-checks';

const screensDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screens');
/** Demo products (data/demo-catalog/products.csv): one with a discount, one at its list price. */
const DISCOUNTED_SKU = 'VC-NS70-680';
const PLAIN_SKU = 'BL-H4-6055';

interface ProductAnswer {
  data: { title: string; discount_data: unknown };
}

async function productTitle(page: Page, sku: string, discounted: boolean): Promise<string> {
  const answer = (await (await page.request.get(`/api/products/${sku}`)).json()) as ProductAnswer;
  expect(answer.data.discount_data !== null).toBe(discounted);
  return answer.data.title;
}

/** The value beside a term in a list of figures (<dt>term</dt><dd>value</dd>). */
function figure(scope: Locator, term: string | RegExp): Locator {
  return scope.locator('dt', { hasText: term }).first().locator('xpath=following-sibling::dd[1]');
}

async function addFromProductPage(page: Page, sku: string) {
  await page.goto(`/product/${sku}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
}

/**
 * Waits for toasts to finish sliding in: mid-animation their text is translucent, which axe rightly reports as
 * low contrast.
 */
async function settleToasts(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSAnimation && a.animationName.includes('bounceIn'))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

async function storedCartLength(page: Page): Promise<number> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('cartItems') ?? '[]') as unknown[]).length);
}

async function fillBillingDetails(page: Page, options: { pickCity: boolean }) {
  const form = page.getByRole('form', { name: 'Checkout details' });
  await form.getByLabel(/^First name/).fill('Sam');
  await form.getByLabel(/^Last name/).fill("O'Connor");
  await form.getByLabel(/^Email/).fill('sam.oconnor@example.com');
  await form.getByLabel(/^Phone/).fill('0412345678');
  await form.getByLabel(/^Street address/).fill('12 Railway Terrace');
  const city = form.getByRole('combobox', { name: /^City/ });
  if (options.pickCity) {
    await city.pressSequentially('Guildf');
    await page.getByRole('option', { name: /^Guildford NSW 2161$/ }).click();
    await expect(city).toHaveValue('Guildford');
    await expect(form.getByLabel(/^State/)).toHaveValue('NSW');
    await expect(form.getByLabel(/^Post code/)).toHaveValue('2161');
  } else {
    await city.fill('Guildford');
    await form.getByLabel(/^State/).fill('NSW');
    await form.getByLabel(/^Post code/).fill('2161');
  }
}

test('a guest buys a discounted and a plain product by card, then tracks the order with the same totals', async ({
  page,
}, testInfo) => {
  const discountedTitle = await productTitle(page, DISCOUNTED_SKU, true);
  const plainTitle = await productTitle(page, PLAIN_SKU, false);

  await addFromProductPage(page, DISCOUNTED_SKU);
  const sidebar = page.getByRole('dialog', { name: /cart/i });
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByRole('link', { name: discountedTitle })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();

  await addFromProductPage(page, PLAIN_SKU);
  await expect(sidebar).toBeVisible();
  await sidebar.getByRole('link', { name: 'View Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(sidebar).toBeHidden();

  // Two of the plain product.
  const plainRow = page.getByRole('row', { name: new RegExp(plainTitle.replace(/[()]/g, '.')) });
  await plainRow.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(plainRow.getByRole('textbox')).toHaveValue('2');
  await expect(page.getByText('*GST and Shipping may be applied at checkout')).toBeVisible();
  await page.getByRole('link', { name: 'Checkout' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await fillBillingDetails(page, { pickCity: true });
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(figure(summary, /^Total$/)).toHaveText(/^\$\d+\.\d{2}$/);
  const checkoutFigures = {
    subtotal: await figure(summary, 'Subtotal').innerText(),
    gst: await figure(summary, /^GST/).innerText(),
    total: await figure(summary, /^Total$/).innerText(),
  };
  await page.getByRole('button', { name: 'Credit Card / Debit Card' }).click();

  await expect(page).toHaveURL(/\/checkout-stripe-payment$/);
  await expect(page.getByRole('heading', { name: /Complete Your Payments/ })).toBeVisible();
  await expect(page.getByText(/test mode/i).first()).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${checkoutFigures.total}` }).click();

  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByRole('heading', { name: /Thank you/i })).toBeVisible();
  expect(await storedCartLength(page)).toBe(0);
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  await settleToasts(page);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('link', { name: 'Track your order' }).click();
  await expect(page).toHaveURL(/\/guest-track-order\?id=[A-Za-z0-9]{16,}$/);
  const result = page.getByRole('article', { name: /^Order INV-\d+$/ });
  await expect(result).toBeVisible();
  await expect(figure(result, 'Total Amount')).toHaveText(checkoutFigures.total);
  await expect(figure(result, 'Subtotal')).toHaveText(checkoutFigures.subtotal);
  await expect(figure(result, /^GST/)).toHaveText(checkoutFigures.gst);
  await expect(result).toContainText(discountedTitle);
  await expect(result).toContainText(plainTitle);
  await expect(page.getByText('Guildford').first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  mkdirSync(screensDir, { recursive: true });
  await page.screenshot({
    path: path.join(screensDir, `track-order-journey-${testInfo.project.name}.png`),
    fullPage: true,
  });
});

test('a declined card keeps the cart and says why', async ({ page }) => {
  await addFromProductPage(page, PLAIN_SKU);
  await page.goto('/checkout');
  await fillBillingDetails(page, { pickCity: false });
  await page.getByRole('button', { name: 'Credit Card / Debit Card' }).click();
  await expect(page).toHaveURL(/\/checkout-stripe-payment$/);
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();

  await expect(
    page.getByRole('alert').filter({ hasText: 'Payment error: Your card was declined.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/checkout-stripe-payment$/);
  expect(await storedCartLength(page)).toBe(1);
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();
});

test('a guest pays with the test wallet', async ({ page }) => {
  await addFromProductPage(page, PLAIN_SKU);
  await page.goto('/checkout');
  await fillBillingDetails(page, { pickCity: false });
  await page.getByRole('button', { name: 'Paypal' }).click();
  await expect(page).toHaveURL(/\/checkout-paypal-payment$/);
  await page.getByRole('button', { name: 'Pay with test wallet' }).click();
  const approval = page.getByRole('dialog', { name: /Approve payment of \$\d+\.\d{2}/ });
  await expect(approval).toBeVisible();
  await approval.getByRole('button', { name: 'Approve' }).click();

  await expect(page).toHaveURL(/\/thank-you$/);
  expect(await storedCartLength(page)).toBe(0);
});

test('an invisible character pasted into the address is named under the field before anything is sent', async ({
  page,
}, testInfo) => {
  await addFromProductPage(page, PLAIN_SKU);
  await page.goto('/checkout');
  await fillBillingDetails(page, { pickCity: false });
  const form = page.getByRole('form', { name: 'Checkout details' });
  // A bell character, as a copy from a spreadsheet or a terminal can carry.
  await form.getByLabel(/^Street address/).fill('12 Railway\u0007 Terrace');
  await page.getByRole('button', { name: 'Credit Card / Debit Card' }).click();

  await expect(
    form.getByText(
      'Street address contains an invisible character (U+0007 control character) at position 11. Remove it and try again.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  mkdirSync(screensDir, { recursive: true });
  await form.getByLabel(/^Street address/).scrollIntoViewIfNeeded();
  await page.screenshot({
    path: path.join(screensDir, `checkout-invisible-character-${testInfo.project.name}.png`),
  });

  await form.getByLabel(/^Street address/).fill('12 Railway Terrace');
  await page.getByRole('button', { name: 'Credit Card / Debit Card' }).click();
  await expect(page).toHaveURL(/\/checkout-stripe-payment$/);
});
