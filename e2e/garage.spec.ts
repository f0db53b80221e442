/**
 * Shopping by vehicle (issue 15): a shopper chooses their car on the home page, the shop shows only the parts that
 * fit it (or every vehicle) with badges, a part's fitment notes show on a tap and on its page, "Show all parts"
 * shows what does not fit in red, and the cart warns about such a line without blocking checkout. A member's
 * garage survives signing out and in, and a guest's garage joins it at sign-in. The header's suggestions are the
 * parts that fit. Screens of the selector, a listing with badges, the suggestions and the fitment tab at both
 * widths go to docs/screens, each checked by axe.
 *
 * The demo data: data/demo-vehicles/vehicles.csv and fitments.csv (a 2017 HiLux GUN126R 2.8 diesel ute has
 * fitting front pads with notes and Corolla pads that do not fit).
 */
import { expect, test, type Page, type TestInfo } from './support/test';
import { screen } from './support/screens';

const FITTING_PADS = 'Brolga Ceramic Front Brake Pads Toyota HiLux 2015-on';
const PAD_NOTES = 'Front, 4-piston front calipers; except GR Sport';
const OTHER_PADS = 'Brolga Ceramic Front Brake Pads Toyota Corolla 2012-on';
const PASSWORD = 'Sparkplug!42';

/** Chooses the 2017 HiLux GUN126R 2.8 diesel ute in a vehicle selector form; answers its vehicle id. */
async function chooseHilux(page: Page, formName: string, submit: string): Promise<number> {
  const form = page.getByRole('form', { name: formName });
  await form.getByLabel('Make').selectOption('Toyota');
  await form.getByLabel('Model').selectOption('HiLux');
  await form.getByLabel('Year').selectOption('2017');
  const option = form.getByLabel('Variant').locator('option', { hasText: /^GUN126R .*Ute/ });
  const id = Number(await option.getAttribute('value'));
  await form.getByLabel('Variant').selectOption(String(id));
  await form.getByRole('button', { name: submit }).click();
  return id;
}

function uniqueEmail(testInfo: TestInfo): string {
  return `garage.${testInfo.project.name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

test('a vehicle chosen on the home page narrows the shop, badges every card, and the cart warns about a part that does not fit', async ({
  page,
}, testInfo) => {
  // Seven pages and three axe runs: near 30 s on a busy machine.
  test.slow();
  await page.goto('/');
  const selector = page.getByRole('form', { name: 'Shop by vehicle' });
  await selector.getByLabel('Make').selectOption('Toyota');
  await selector.getByLabel('Model').selectOption('HiLux');
  await expect(selector.getByLabel('Year').locator('option', { hasText: '2017' })).toHaveCount(1);
  await selector.scrollIntoViewIfNeeded();
  await screen(page, testInfo, 'vehicle-selector', { fullPage: false });
  const vehicleId = await chooseHilux(page, 'Shop by vehicle', 'Shop for this vehicle');

  // The shop shows only what fits, says so, and the header's chip names the car.
  await expect(page).toHaveURL(/\/shop\?page=1$/);
  await expect(page.getByText('Showing parts that fit your 2017 Toyota HiLux')).toBeVisible();
  await expect(page.locator('.vehicle-chip')).toContainText('2017 Toyota HiLux GUN126R 2.8 TD 4WD Ute');
  const fitting = (await (await page.request.get(`/api/shop?vehicle=${vehicleId}`)).json()) as {
    total: number;
  };
  const all = (await (await page.request.get('/api/shop')).json()) as { total: number };
  expect(fitting.total).toBeLessThan(all.total);
  await expect(page.getByText(`There are ${fitting.total} products.`)).toBeVisible();
  const results = page.getByRole('region', { name: 'Products' });
  await expect(results.getByRole('article').first().locator('[data-fitment]')).toBeVisible();
  await expect(results.getByText('Does not fit your vehicle')).toHaveCount(0);

  // Brake pads: only the HiLux's, with their notes on a tap. The page arrives rendered for the vehicle (its
  // cookie, decision 0034), so the browser asks the API for none of it again.
  const html = await (await page.request.get('/shop?page=1&child_category=brake-pads')).text();
  expect(html).toContain('Showing parts that fit your <strong>2017 Toyota HiLux GUN126R 4WD Ute</strong>');
  const listingCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/shop')) listingCalls.push(request.url());
  });
  await page.goto('/shop?page=1&child_category=brake-pads');
  await expect(page.getByText('Showing parts that fit your 2017 Toyota HiLux')).toBeVisible();
  expect(listingCalls).toEqual([]);
  const pads = results.getByRole('article').filter({ hasText: FITTING_PADS });
  await expect(pads).toHaveCount(1);
  await expect(results.getByRole('article').filter({ hasText: OTHER_PADS })).toHaveCount(0);
  const notesButton = pads.getByRole('button', { name: 'Check fitment notes' });
  await expect(pads.getByText(PAD_NOTES)).toBeHidden();
  await notesButton.click();
  await expect(pads.getByText(PAD_NOTES)).toBeVisible();
  await screen(page, testInfo, 'fitment-listing');

  // The header's suggestions are narrowed too: the HiLux's pads, not the Corolla's, and it says so.
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
  await box.click();
  await box.pressSequentially('ceramic front brake pads');
  const suggestions = page.getByRole('listbox', { name: 'Product suggestions' });
  await expect(suggestions.getByRole('option').filter({ hasText: FITTING_PADS })).toHaveCount(1);
  await expect(suggestions.getByRole('option').filter({ hasText: OTHER_PADS })).toHaveCount(0);
  await expect(page.locator('.search-box__fits')).toHaveText(
    'Parts that fit your 2017 Toyota HiLux GUN126R 4WD Ute',
  );
  await screen(page, testInfo, 'search-suggestions-by-vehicle', { fullPage: false });
  await box.press('Escape');

  // Show all parts: the Corolla's pads are there, in red; add them to the cart.
  await page.getByRole('link', { name: 'Show all parts' }).click();
  await expect(page).toHaveURL(/all_parts=1/);
  await expect(
    page.getByText(/Showing all parts\. Badges say which fit your 2017 Toyota HiLux/),
  ).toBeVisible();
  const other = results.getByRole('article').filter({ hasText: OTHER_PADS });
  await expect(other.getByText('Does not fit your vehicle')).toBeVisible();
  await other.getByRole('button', { name: /^Add to cart/ }).click();

  // The cart warns, and checkout is still offered.
  await page.goto('/cart');
  const row = page.getByRole('row').filter({ hasText: OTHER_PADS });
  await expect(
    row.getByText('Does not fit your 2017 Toyota HiLux GUN126R 4WD Ute. Check before you order.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /checkout/i }).first()).toBeVisible();

  // The fitting pads' page: the fit and its notes, and the vehicles it fits, searchable.
  await page.goto('/product/brolga-ceramic-front-brake-pads-toyota-hilux-2015-on');
  await expect(
    page.getByText('Fits your 2017 Toyota HiLux GUN126R 4WD Ute; check the notes before you order.'),
  ).toBeVisible();
  await expect(page.getByText(`Fitment notes: ${PAD_NOTES}`)).toBeVisible();
  await page.getByRole('tab', { name: 'Vehicle Fitment' }).click();
  const tab = page.getByRole('tabpanel', { name: 'Vehicle Fitment' });
  await expect(tab.getByRole('heading', { name: 'Toyota HiLux' })).toBeVisible();
  await tab.getByLabel('Search the vehicles').fill('GUN126R ute');
  await expect(tab.getByRole('listitem')).not.toHaveCount(0);
  for (const item of await tab.getByRole('listitem').allTextContents()) expect(item).toMatch(/GUN126R.*Ute/);
  await screen(page, testInfo, 'fitment-tab');

  // Clear: every part again.
  await page.goto('/shop?page=1&child_category=brake-pads');
  await page.locator('.vehicle-chip').getByRole('button', { name: 'Clear vehicle' }).click();
  await expect(page.getByText('Showing parts that fit')).toHaveCount(0);
  await expect(results.getByRole('article').filter({ hasText: OTHER_PADS })).toHaveCount(1);
  await expect(results.locator('[data-fitment]')).toHaveCount(0);
});

test('a guest’s garage joins the account at sign-in, and a member’s garage survives signing out and in', async ({
  page,
}, testInfo) => {
  test.slow();
  // As a guest: a vehicle chosen in the header is kept in this browser's garage.
  await page.goto('/my-garage');
  await expect(page.getByText('Your garage is empty. Add your vehicle below.')).toBeVisible();
  await chooseHilux(page, 'Add a vehicle', 'Add to my garage');
  const saved = page.getByRole('list', { name: 'Saved vehicles' });
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  await expect(saved).toContainText('2017 Toyota HiLux GUN126R 2.8 TD 4WD Ute');

  // Register (which signs in, decision 0059): the guest's vehicle is now the member's.
  const email = uniqueEmail(testInfo);
  await page.goto('/signup');
  const signup = page.getByRole('form', { name: 'Create an account' });
  await signup.getByLabel(/^Name/).fill('Sam Taylor');
  await signup.getByLabel(/^Email/).fill(email);
  await signup.getByLabel(/^Phone/).fill('0412345678');
  await signup.getByLabel(/^Password/).fill(PASSWORD);
  await signup.getByLabel(/I agree to the/).check();
  await signup.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('button', { name: /Account: Sam Taylor/ })).toBeVisible();
  const signIn = async () => {
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Password/).fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Successfully logged in!')).toBeVisible();
  };
  await page.goto('/my-garage');
  await expect(page.getByText('Your garage is kept in your account.')).toBeVisible();
  await expect(saved.getByRole('listitem')).toHaveCount(1);

  // Rename it, then sign out and in again: still there, with its name, once.
  await saved.getByRole('button', { name: /^Rename/ }).click();
  await page.getByLabel(/^Name for your 2017 Toyota HiLux/).fill('Work ute');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(saved.getByText('Work ute')).toBeVisible();
  await screen(page, testInfo, 'my-garage');

  await page.getByRole('button', { name: /Account: Sam Taylor/ }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  await page.goto('/signin');
  await signIn();
  await page.goto('/my-garage');
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  await expect(saved.getByText('Work ute')).toBeVisible();

  // Remove it: the garage is empty, on the server too.
  await saved.getByRole('button', { name: /^Remove/ }).click();
  await expect(page.getByText('Your garage is empty. Add your vehicle below.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Your garage is empty. Add your vehicle below.')).toBeVisible();
});
