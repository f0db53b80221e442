/**
 * Checkout journeys of a guest (issue: cart, checkout, payment and guest orders): the cart, the checkout
 * form with an address picked from the autocomplete, the offline test card (pays, declines, and asks for
 * 3-D Secure, completed or failed) and the test wallet, the thank-you page, and tracking the order with the
 * totals the checkout showed.
 */
import { paymentStatusWords } from '@store/shared/order-status-words';
import { expect, test, type Locator, type Page } from './support/test';
import {
  ORDER_MESSAGES,
  ORDER_STATUS_CANCELLED,
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_FAILED,
} from '@store/shared/order-constants';
import { TEST_CARD_MESSAGES } from '@store/shared/test-payments';
import { mailFromOutbox } from './support/outbox';
import { expectNoSeriousAxeViolations } from './support/page-checks';
import { savePicture, screen, settleToasts } from './support/screens';
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
  await expect(page.getByText('*Prices include GST. Shipping may be applied at checkout')).toBeVisible();
  await page.getByRole('link', { name: 'Checkout' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await fillBillingDetails(page, { pickCity: true });
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(figure(summary, 'Total (inc. GST)')).toHaveText(/^\$\d+\.\d{2}$/);
  const checkoutFigures = {
    subtotal: await figure(summary, 'Subtotal').innerText(),
    gst: await figure(summary, /^Includes GST/).innerText(),
    total: await figure(summary, 'Total (inc. GST)').innerText(),
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
  const result = page.getByRole('article', { name: /^Order number INV-\d+$/ });
  await expect(result).toBeVisible();
  // Issue 34 §2: the order's rows are the checkout's.
  await expect(figure(result, 'Total (inc. GST)')).toHaveText(checkoutFigures.total);
  await expect(figure(result, 'Subtotal')).toHaveText(checkoutFigures.subtotal);
  await expect(figure(result, /^Includes GST/)).toHaveText(checkoutFigures.gst);
  await expect(result).toContainText(discountedTitle);
  await expect(result).toContainText(plainTitle);
  await expect(page.getByText('Guildford').first()).toBeVisible();
  // The thank-you page's toast may still be leaving (its exit animation fades it): axe reads it mid-fade.
  await settleToasts(page);
  await expectNoSeriousAxeViolations(page);

  // The customer's confirmation mail (issue 11): the invoice number, the same totals, a link to this page.
  const invoice = /INV-\d+/.exec(await result.getByRole('heading').first().innerText())?.[0] ?? 'none';
  await expect.poll(() => mailFromOutbox(`order ${invoice} is confirmed`)).not.toBeNull();
  const mail = await mailFromOutbox(`order ${invoice} is confirmed`);
  expect(mail?.text).toContain(checkoutFigures.total);
  expect(mail?.text).toContain(checkoutFigures.gst);
  expect(mail?.text).toContain(`/guest-track-order?id=${new URL(page.url()).searchParams.get('id') ?? ''}`);

  await savePicture(page, `track-order-journey-${testInfo.project.name}`, { fullPage: true });
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

/** From a product in the cart to the card page, with the billing details typed in. */
async function toCardPage(page: Page) {
  await addFromProductPage(page, PLAIN_SKU);
  await page.goto('/checkout');
  await fillBillingDetails(page, { pickCity: false });
  await page.getByRole('button', { name: 'Credit Card / Debit Card' }).click();
  await expect(page).toHaveURL(/\/checkout-stripe-payment$/);
}

/** Pays with Stripe's 3-D Secure test card; answers the bank's window (the test provider's stand-in). */
async function payWithTheAuthenticationCard(page: Page) {
  await page.getByLabel('Card number').fill('4000 0025 0000 3155');
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Test 3-D Secure (test mode)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  return dialog;
}

test('3-D Secure: the bank asks, the guest completes it, and the order is paid', async ({
  page,
}, testInfo) => {
  await toCardPage(page);
  await expect(page.getByText('4000 0025 0000 3155')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();
  await screen(page, testInfo, 'payment-card');
  const dialog = await payWithTheAuthenticationCard(page);
  await expect(dialog.getByRole('button', { name: 'Complete authentication' })).toBeFocused();
  await expect(page.getByRole('alert')).toHaveText(ORDER_MESSAGES.paymentNeedsAction);
  await screen(page, testInfo, 'payment-authentication', { fullPage: false });

  await dialog.getByRole('button', { name: 'Complete authentication' }).click();

  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  expect(await storedCartLength(page)).toBe(0);
  await page.getByRole('link', { name: 'Track your order' }).click();
  const result = page.getByRole('article', { name: /^Order number INV-\d+$/ });
  await expect(result).toBeVisible();
  // In the shopper's words (issue 37 §2): 'Paid', not 'completed'.
  await expect(result).toContainText(paymentStatusWords(PAYMENT_STATUS_COMPLETED));
});

test('3-D Secure: a failed check is refused by the server, and no order is placed', async ({ page }) => {
  await toCardPage(page);
  const held = page.waitForResponse(
    (r) => r.url().endsWith('/api/place-order') && r.request().method() === 'POST',
  );
  const dialog = await payWithTheAuthenticationCard(page);
  const heldAnswer = (await (await held).json()) as { code?: string; order_id?: string };
  expect(heldAnswer.code).toBe('requires_action');

  await dialog.getByRole('button', { name: 'Fail authentication' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert')).toHaveText(
    ORDER_MESSAGES.paymentError(TEST_CARD_MESSAGES.authenticationFailed),
  );
  await expect(page).toHaveURL(/\/checkout-stripe-payment$/);
  expect(await storedCartLength(page)).toBe(1);
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();
  // The held order was cancelled, unpaid.
  const tracked = await page.request.post('/api/guest/track-order', { data: { id: heldAnswer.order_id } });
  expect(tracked.ok()).toBe(true);
  const order = ((await tracked.json()) as { data: { status: string; payment_status: string } }).data;
  expect(order).toMatchObject({ status: ORDER_STATUS_CANCELLED, payment_status: PAYMENT_STATUS_FAILED });
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
  await form.getByLabel(/^Street address/).scrollIntoViewIfNeeded();
  await savePicture(page, `checkout-invisible-character-${testInfo.project.name}`);

  await form.getByLabel(/^Street address/).fill('12 Railway Terrace');
  await page.getByRole('button', { name: 'Credit Card / Debit Card' }).click();
  await expect(page).toHaveURL(/\/checkout-stripe-payment$/);
});
