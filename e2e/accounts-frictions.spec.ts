/**
 * Issue 37 §5, decisions 0059 and 0060: signing up signs the member in (a phone typed with spaces is taken), the
 * cart is kept with the account and found in a second browser after sign-in; the address form starts from the
 * profile, asks for the place once, and its post code suggestions put Parramatta's street code first with the
 * PO box codes marked.
 */
import { expect, test } from './support/test';
import { CUSTOMER_PASSWORD, uniqueCustomerEmail } from './support/sign-in';
import { screen } from './support/screens';

const PLAIN_SKU = 'BL-H4-6055';

test('sign up lands signed in; the cart added then is there when the member signs in on another browser', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'One browser size proves the account behaviour.');
  // Two sign-ins (argon2id) and two browsers: more than the default 30 s on a busy machine.
  test.slow();
  const email = uniqueCustomerEmail('frictions', testInfo.project.name);

  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel(/^Name/).fill('Sam Taylor');
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Phone/).fill('0412 345 678');
  await form.getByLabel(/^Password/).fill(CUSTOMER_PASSWORD);
  await form.getByLabel(/I agree to the/).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Account: Sam Taylor/ })).toBeVisible();

  await page.goto(`/product/${PLAIN_SKU}`);
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  // Saved with the account a moment later (decision 0060).
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('memberCartSync') ?? '{}').version ?? 0))
    .toBeGreaterThan(0);

  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await second.goto('/signin');
    const signin = second.getByRole('form', { name: 'Sign in' });
    await signin.getByLabel(/^Email/).fill(email);
    await signin.getByLabel(/^Password/).fill(CUSTOMER_PASSWORD);
    await signin.getByRole('button', { name: 'Sign In' }).click();
    await expect(second.getByRole('button', { name: /Account: Sam Taylor/ })).toBeVisible();
    await second.goto('/cart');
    await expect(second.getByRole('link', { name: title }).first()).toBeVisible();
  } finally {
    await other.close();
  }
});

test('the address form starts from the profile and suggests Parramatta 2150 first, PO boxes marked', async ({
  customerPage: page,
}, testInfo) => {
  // Two axe checks and the suggestions' first search (the GeoNames file is indexed on first use).
  test.slow();
  await page.goto('/address');
  const form = page.getByRole('form', { name: 'Add address' });
  await expect(form.getByLabel(/^First name/)).toHaveValue('Sam');
  await expect(form.getByLabel(/^Phone/)).toHaveValue('0412 345 678');
  await expect(form.getByLabel(/^Suburb/)).toHaveCount(0);
  await expect(form.getByLabel(/^Address type/)).toHaveValue('Home');
  await screen(page, testInfo, 'address-form-from-profile');

  await form.getByRole('combobox', { name: /^City/ }).pressSequentially('Parramat');
  const options = page.getByRole('option');
  await expect(options.first()).toHaveText(/^Parramatta NSW 2150$/);
  await expect(page.getByRole('option', { name: 'Parramatta NSW 2124 · PO Boxes' })).toBeVisible();
  await screen(page, testInfo, 'address-postcodes-parramat', { fullPage: false });
});
