/**
 * Paying the way Australians pay (issue 40), in the offline test mode so every journey runs without keys: Afterpay
 * approved and declined, Zip approved, the device wallet's test button, and the rules' refusals: an order over
 * Afterpay's A$2,000 and a trade account are not offered Afterpay, and the server refuses it for them (400, the
 * rules' words). The test approval page stands in for Afterpay's and Zip's own; the return page finishes the order.
 */
import { formatCents } from '@store/shared/money';
import { IDEMPOTENCY_KEY_HEADER, ORDER_MESSAGES } from '@store/shared/order-constants';
import { PAYMENT_METHOD_MESSAGES } from '@store/shared/payment-method-rules';
import { TEST_PAYMENT_METHOD_AFTERPAY } from '@store/shared/test-payments';
import type { AdminStore } from './support/admin-store';
import { screen } from './support/screens';
import { signInCustomer, signUpCustomer } from './support/sign-in';
import { applyForTradeAccount } from './support/trade-application';
import { expect, test, type Page } from './support/test';

/** Demo products (data/demo-catalog/products.csv): a $130-ish pair of globes, and the dearest battery ($658.90). */
const PLAIN_SKU = 'BL-H4-6055';
const DEAR_SKU = 'BG-LFP100';
const DEAR_CENTS = 65_890;

async function storedCartLength(page: Page): Promise<number> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('cartItems') ?? '[]') as unknown[]).length);
}

/** The checkout's details typed in, then the card payment page (origin `at` for a store of the journey's own). */
async function toPaymentPage(page: Page, at = (p: string) => p) {
  await page.goto(at('/checkout'));
  const form = page.getByRole('form', { name: 'Checkout details' });
  await form.getByLabel(/^First name/).fill('Kim');
  await form.getByLabel(/^Last name/).fill('Nguyen');
  await form.getByLabel(/^Email/).fill('kim.nguyen@example.com');
  await form.getByLabel(/^Phone/).fill('0412345678');
  await form.getByLabel(/^Street address/).fill('12 Railway Terrace');
  await form.getByRole('combobox', { name: /^City/ }).fill('Guildford');
  await form.getByLabel(/^State/).fill('NSW');
  await form.getByLabel(/^Post code/).fill('2161');
  await page.getByRole('button', { name: 'Credit Card / Debit Card' }).click();
  await expect(page).toHaveURL(/\/checkout-stripe-payment$/);
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();
}

async function addToCart(page: Page, sku: string, at = (p: string) => p) {
  await page.goto(at(`/product/${sku}`));
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByRole('dialog', { name: /cart/i })).toBeVisible();
}

// The trade journey's store of its own (its back office approves the account); started only by the test using it.
test.use({ adminStoreOptions: { email: 'owner.paymentmethods@example.com' } });

const methods = (page: Page) => page.getByRole('group', { name: 'Payment method' });

/**
 * Place-order with the body the payment page would send (the saved checkout's own), paid by Afterpay's test
 * method: the server's answer. `token`: a signed-in member's bearer, at the store `origin`.
 */
async function placeOrderByAfterpay(page: Page, origin = '', token?: string) {
  const order = await page.evaluate(
    () =>
      (JSON.parse(sessionStorage.getItem('checkoutData') ?? '{}') as { data?: { order?: object } }).data
        ?.order,
  );
  expect(order).toBeTruthy();
  return page.request.post(`${origin}/api/place-order`, {
    headers: {
      [IDEMPOTENCY_KEY_HEADER]: `journey-${Date.now().toString(36)}-afterpay`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    data: {
      ...order,
      payment_method: 'Stripe',
      stripePaymentMethodId: TEST_PAYMENT_METHOD_AFTERPAY,
      payment_method_type: 'afterpay_clearpay',
    },
  });
}

test('Afterpay approved on the test approval page: back to the store, the order paid, the thank-you page', async ({
  page,
}, testInfo) => {
  await addToCart(page, PLAIN_SKU);
  await toPaymentPage(page);
  await expect(page.getByText('Test mode — no real card is charged')).toBeVisible();
  await expect(methods(page).getByRole('radio')).toHaveCount(3);
  await screen(page, testInfo, 'payment-methods');

  await methods(page)
    .getByRole('radio', { name: /^Afterpay/ })
    .check();
  await expect(methods(page)).toContainText(/or 4 interest-free payments of \$\d+\.\d{2} with Afterpay/);
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await screen(page, testInfo, 'payment-methods-afterpay');
  await page.getByRole('button', { name: /^Pay \$/ }).click();

  await expect(page).toHaveURL(/\/checkout\/test-payment-approval$/);
  await expect(page.getByRole('heading', { name: 'Afterpay (test mode)' })).toBeVisible();
  await expect(page.getByText(/or 4 interest-free payments of/)).toBeVisible();
  await screen(page, testInfo, 'payment-approval-afterpay');

  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/thank-you$/, { timeout: 30_000 });
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  expect(await storedCartLength(page)).toBe(0);
  expect(await page.evaluate(() => sessionStorage.getItem('pending-payment'))).toBeNull();
});

test('Afterpay declined: back on the payment page with the payment error, the cart intact', async ({
  page,
}) => {
  await addToCart(page, PLAIN_SKU);
  await toPaymentPage(page);
  await methods(page)
    .getByRole('radio', { name: /^Afterpay/ })
    .check();
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Afterpay (test mode)' })).toBeVisible();

  await page.getByRole('button', { name: 'Decline' }).click();

  await expect(page).toHaveURL(/\/checkout-stripe-payment$/, { timeout: 30_000 });
  await expect(page.getByRole('alert')).toHaveText(
    ORDER_MESSAGES.paymentError(PAYMENT_METHOD_MESSAGES.declined('afterpay_clearpay')),
  );
  expect(await storedCartLength(page)).toBe(1);
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();
});

test('Zip approved: the thank-you page', async ({ page }, testInfo) => {
  await addToCart(page, PLAIN_SKU);
  await toPaymentPage(page);
  await methods(page).getByRole('radio', { name: /^Zip/ }).check();
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Zip (test mode)' })).toBeVisible();
  await screen(page, testInfo, 'payment-approval-zip');
  // The return page's place-order is held back a moment, to see the page while it confirms.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/place-order', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/checkout\/payment-return\?order=.+&redirect_status=succeeded$/);
  await expect(page.getByRole('heading', { name: 'Confirming your payment…' })).toBeVisible();
  await screen(page, testInfo, 'payment-return-confirming');
  release();
  await expect(page).toHaveURL(/\/thank-you$/, { timeout: 30_000 });
  expect(await storedCartLength(page)).toBe(0);
});

test('the return page without the kept attempt (another browser) points to the order', async ({
  page,
}, testInfo) => {
  await page.goto('/checkout/payment-return?order=q7XkP2mN9vR4tY8w&redirect_status=succeeded');
  await expect(page.getByRole('heading', { name: 'Your payment is being confirmed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Check your order' })).toHaveAttribute(
    'href',
    '/guest-track-order?id=q7XkP2mN9vR4tY8w',
  );
  await screen(page, testInfo, 'payment-return-unknown');
});

test("the test wallet button pays at once as the device's wallet", async ({ page }) => {
  await addToCart(page, PLAIN_SKU);
  await toPaymentPage(page);
  // Playwright's Chromium is Google's browser: Google Pay.
  await page.getByRole('button', { name: 'Google Pay (test)' }).click();
  await expect(page).toHaveURL(/\/thank-you$/, { timeout: 30_000 });
  expect(await storedCartLength(page)).toBe(0);
});

test('an order over $2,000 is not offered Afterpay, and the server refuses it with the rules’ words', async ({
  page,
}) => {
  await addToCart(page, DEAR_SKU);
  await page.goto('/cart');
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Increase quantity' }).first().click();
  await toPaymentPage(page);
  // Four at $658.90: past Afterpay's limit, within Zip's.
  await expect(page.getByRole('button', { name: `Pay ${formatCents(4 * DEAR_CENTS)}` })).toBeVisible();
  await expect(methods(page).getByRole('radio', { name: /^Zip/ })).toBeVisible();
  await expect(methods(page).getByRole('radio', { name: /^Afterpay/ })).toHaveCount(0);

  const refused = await placeOrderByAfterpay(page);
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toBe(
    PAYMENT_METHOD_MESSAGES.outsideLimits('afterpay_clearpay'),
  );
});

test.describe('a trade account (issue 39) is not offered Afterpay', () => {
  let store: AdminStore | undefined;
  test.beforeEach(() => {
    test.skip(test.info().project.name !== 'desktop', 'a store of its own: once, on the desktop');
  });
  test.beforeEach(({ adminStore }) => {
    store = adminStore;
  });

  test('approved through the API, its member sees Card and Zip, and the server refuses Afterpay', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const at = (pathname: string) => `${store?.baseURL}${pathname}`;
    const email = `workshop.${Date.now().toString(36)}@example.com`;
    const account = await signUpCustomer(page.request, at(''), { email, name: 'Rita Rivet' });
    const login = await page.request.post(at('/api/login'), { data: { email, password: account.password } });
    const { token } = (await login.json()) as { token: string };
    const accountId = await applyForTradeAccount(page.request, at(''), token, `accounts.${email}`);
    const staff = await page.request.post(at('/api/admin/login'), {
      data: { email: store?.email, password: store?.password },
    });
    const staffToken = ((await staff.json()) as { token: string }).token;
    const approved = await page.request.post(at(`/api/admin/trade-accounts/${accountId}/decision`), {
      headers: { authorization: `Bearer ${staffToken}` },
      data: { decision: 'approve', price_list_ids: [], credit_limit: '3000', terms: '30_eom' },
    });
    expect(approved.status(), await approved.text()).toBe(200);

    await signInCustomer(page, at(''), account);
    await addToCart(page, PLAIN_SKU, at);
    await toPaymentPage(page, at);
    await expect(methods(page).getByRole('radio', { name: /^Zip/ })).toBeVisible();
    await expect(methods(page).getByRole('radio', { name: /^Card/ })).toBeVisible();
    await expect(methods(page).getByRole('radio', { name: /^Afterpay/ })).toHaveCount(0);

    const refused = await placeOrderByAfterpay(page, at(''), token);
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      PAYMENT_METHOD_MESSAGES.afterpayTrade,
    );
  });
});
