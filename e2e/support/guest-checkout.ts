/**
 * A guest's card order of one product through the screens (the product page's Add to cart, the checkout form typed
 * in, the offline test card 4242 4242 4242 4242 that pays), ending on the thank-you page. For journeys that start
 * after paying (issue 37); checkout.spec.ts covers the checkout itself (address autocomplete, declines, 3-D Secure).
 */
import { expect, type Page } from '@playwright/test';

export interface GuestCustomer {
  firstName: string;
  lastName: string;
  email: string;
  street: string;
  city: string;
  state: string;
  postCode: string;
}

export async function payAsGuest(page: Page, sku: string, customer: GuestCustomer): Promise<void> {
  await page.goto(`/product/${sku}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByRole('dialog', { name: /cart/i })).toBeVisible();
  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Checkout details' });
  await form.getByLabel(/^First name/).fill(customer.firstName);
  await form.getByLabel(/^Last name/).fill(customer.lastName);
  await form.getByLabel(/^Email/).fill(customer.email);
  await form.getByLabel(/^Phone/).fill('0412345678');
  await form.getByLabel(/^Street address/).fill(customer.street);
  await form.getByRole('combobox', { name: /^City/ }).fill(customer.city);
  await form.getByLabel(/^State/).fill(customer.state);
  await form.getByLabel(/^Post code/).fill(customer.postCode);
  await page.getByRole('button', { name: 'Credit Card / Debit Card' }).click();
  await expect(page).toHaveURL(/\/checkout-stripe-payment$/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  // A slow phone's payment and the thank-you page's first load take longer than an expect's default.
  await expect(page).toHaveURL(/\/thank-you$/, { timeout: 60_000 });
}
