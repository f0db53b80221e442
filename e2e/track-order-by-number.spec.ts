/**
 * Guest tracking by the order number people are given (issue 34 §6): a guest places an order, reads its order
 * number on the thank-you page, and finds the order on /guest-track-order with that number (typed in lower case)
 * and the order's email (typed in upper case); the same number with another email reads 'No Order Found', as an
 * unknown number does.
 */
import { ORDER_MESSAGES, ORDER_NUMBER_LABEL } from '@store/shared/order-constants';
import { expect, test, type Page } from './support/test';
import { expectNoSeriousAxeViolations } from './support/page-checks';
import { settleToasts } from './support/screens';

/** A demo product at its list price (data/demo-catalog/products.csv). */
const SKU = 'BL-H4-6055';
const EMAIL = 'Robin.Tracker@example.com';

/** A guest's card order of one product, paid with the offline test card; ends on the thank-you page. */
async function placeGuestOrder(page: Page) {
  await page.goto(`/product/${SKU}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Checkout details' });
  await form.getByLabel(/^First name/).fill('Robin');
  await form.getByLabel(/^Last name/).fill('Tracker');
  await form.getByLabel(/^Email/).fill(EMAIL);
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
}

test('a guest tracks an order by its order number and email, in any case; a wrong email finds nothing', async ({
  page,
}) => {
  // A whole checkout, then two lookups: more than a journey's usual budget on a slow machine.
  test.slow();
  await placeGuestOrder(page);
  const number = page
    .locator('dt', { hasText: ORDER_NUMBER_LABEL })
    .first()
    .locator('xpath=following-sibling::dd[1]');
  await expect(number).toHaveText(/^INV-\d{6,}$/);
  const orderNumber = await number.innerText();

  await page.goto('/guest-track-order');
  await page.getByLabel(ORDER_NUMBER_LABEL).fill(orderNumber.toLowerCase());
  await page.getByLabel('Email', { exact: true }).fill(EMAIL.toUpperCase());
  await page.getByRole('button', { name: 'Track Order' }).click();
  const result = page.getByRole('article', { name: `${ORDER_NUMBER_LABEL} ${orderNumber}` });
  await expect(result).toBeVisible();
  await expect(result).toContainText('Guildford');
  // The email is never put in the address (decision 0044).
  expect(page.url()).not.toContain('example.com');
  await settleToasts(page);
  await expectNoSeriousAxeViolations(page);

  await page.getByLabel('Email', { exact: true }).fill('someone.else@example.com');
  await page.getByRole('button', { name: 'Track Order' }).click();
  await expect(page.getByRole('heading', { name: ORDER_MESSAGES.notFound })).toBeVisible();
  await expect(page.getByText(ORDER_MESSAGES.trackNotFoundHint)).toBeVisible();
  await expect(result).toBeHidden();
});
