/**
 * The product editor (issue 36 §1, its first "Must show"), on a store of the journey's own: the admin adds a
 * product at /admin/products/new with a rich-text description, two uploaded photos, a part number and two fitment
 * rows chosen with the make → model → year → variant picker; it is then in the shop (its page, with its photos),
 * found by search by its part number typed another way, and listed for one of its vehicles. Then it is archived
 * and leaves the shop. Screens of the editor at 1366 and 390 px, checked with axe.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCT_EDITOR_MESSAGES as M } from '@store/shared/admin-product-editor';
import { ADMIN_PRICE_LABELS } from '@store/shared/admin-products';
import { expect, test, type Page } from './support/test';
import type { AdminStore } from './support/admin-store';
import { screen } from './support/screens';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const SKU = 'ED-PAD-7781';
const TITLE = 'Editor Test Ceramic Brake Pads Front';
const PART_NUMBER = 'ZQ-77810-X';

test.use({ adminStoreOptions: { email: 'owner.editor@example.com' } });
test.describe.configure({ mode: 'serial' });

test.describe('the product editor', () => {
  let store: AdminStore | undefined;

  test.beforeEach(({ adminStore }) => {
    test.skip(test.info().project.name !== 'desktop', 'one store of its own, screens taken at two widths');
    store = adminStore;
  });

  function at(pathname: string): string {
    if (!store) throw new Error('The admin store is not running');
    return `${store.baseURL}${pathname}`;
  }

  async function screens(page: Page, name: string) {
    const testInfo = test.info();
    await screen(page, testInfo, name);
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, testInfo, `${name}-phone`);
    await page.setViewportSize({ width: 1366, height: 800 });
  }

  /** Picks a vehicle in the editor's fitment picker and adds the row. */
  async function addFitment(
    page: Page,
    make: string,
    model: string,
    year: string,
    variant: RegExp,
    note = '',
  ) {
    const picker = page.getByRole('group', { name: 'Add a vehicle' });
    await picker.getByLabel('Make').selectOption(make);
    await picker.getByLabel('Model').selectOption(model);
    await picker.getByLabel('Year').selectOption(year);
    const option = picker.getByLabel('Variant').locator('option', { hasText: variant }).first();
    await picker.getByLabel('Variant').selectOption((await option.getAttribute('value')) ?? '');
    if (note) await picker.getByLabel(/^Note/).fill(note);
    await picker.getByRole('button', { name: 'Add fitment' }).click();
  }

  test('the admin creates a product with photos, a part number and fitment, and the shop shows it', async ({
    staffPage: page,
    browser,
  }) => {
    // Two photos through the picture pipeline, two widths of screens with axe, four shop pages: past test.slow()'s
    // 90 s on a loaded 2-core machine.
    test.setTimeout(300_000);
    await page.goto(at('/admin/products'));
    await page.getByRole('link', { name: 'Add product' }).click();
    await expect(page).toHaveURL(at('/admin/products/new'));
    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();

    // A field left wrong is named next to it, and nothing is sent.
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.locator('#admin-title-message')).toHaveText(M.title);

    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    await page.getByLabel('Short description').fill('Low-dust ceramic pads for the front axle.');
    const description = page.getByRole('textbox', { name: 'Description', exact: true });
    await description.click();
    await page.getByRole('button', { name: 'Bold' }).click();
    await description.pressSequentially('Quiet and low dust.');
    await page.getByLabel(ADMIN_PRICE_LABELS.price, { exact: true }).fill('89.95');
    await expect(page.locator('#admin-price-beside')).toHaveText('$81.77 ex. GST');
    await page.getByLabel('SKU', { exact: true }).fill(SKU);
    await page.getByLabel('Stock').fill('14');
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Brakes' });
    await page.getByLabel('Child category').selectOption({ label: 'Brake Pads' });
    await page.getByLabel('Part numbers').fill(PART_NUMBER);

    await page
      .getByLabel('Add pictures')
      .setInputFiles([
        path.join(fixtures, 'product-photo-1.png'),
        path.join(fixtures, 'product-photo-2.jpg'),
      ]);
    const pictures = page.getByRole('list', { name: /^Pictures/ });
    await expect(pictures.getByRole('img')).toHaveCount(2);

    await addFitment(page, 'Toyota', 'HiLux', '2017', /GUN126R .*Ute/, 'with ABS');
    await addFitment(page, 'Ford', 'Ranger', '2016', /PX2 3.2 TD 4WD Ute/);
    const rows = page.getByRole('list', { name: 'Vehicles this part fits' });
    await expect(rows.getByRole('listitem')).toHaveCount(2);
    await expect(rows).toContainText('with ABS');
    await screens(page, 'admin-product-new');

    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page).toHaveURL(at(`/admin/products/${SKU}`));
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: M.created(SKU) })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Audit trail' })).toContainText('product.create');
    await expect(page.getByRole('list', { name: /^Pictures/ }).getByRole('img')).toHaveCount(2);
    await screens(page, 'admin-product-editor');

    const product = (await (await page.request.get(at(`/api/products/${SKU}`))).json()) as {
      data: { permalink: string; part_numbers: string[]; images: unknown[]; long_description: string };
    };
    expect(product.data.part_numbers).toEqual([PART_NUMBER]);
    expect(product.data.images).toHaveLength(2);

    // A shopper's browser of its own.
    const shopper = await browser.newContext();
    try {
      const shop = await shopper.newPage();
      await shop.goto(at(`/product/${product.data.permalink}`));
      await expect(shop.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
      await expect(shop.getByText('Quiet and low dust.')).toBeVisible();

      // Search by the part number, typed as a mechanic reads it off the box.
      await shop.goto(at(`/search-results?query=${encodeURIComponent('zq 77810x')}`));
      await expect(shop.getByRole('link', { name: TITLE }).first()).toBeVisible();

      // The listing for the HiLux: chosen on the home page, then brake pads.
      await shop.goto(at('/'));
      const selector = shop.getByRole('form', { name: 'Shop by vehicle' });
      await selector.getByLabel('Make').selectOption('Toyota');
      await selector.getByLabel('Model').selectOption('HiLux');
      await selector.getByLabel('Year').selectOption('2017');
      const option = selector.getByLabel('Variant').locator('option', { hasText: /^GUN126R .*Ute/ });
      await selector.getByLabel('Variant').selectOption((await option.getAttribute('value')) ?? '');
      await selector.getByRole('button', { name: 'Shop for this vehicle' }).click();
      await shop.goto(at('/shop?page=1&child_category=brake-pads'));
      const card = shop
        .locator('article, li')
        .filter({ has: shop.getByRole('link', { name: TITLE }) })
        .first();
      await expect(card).toBeVisible();
      await expect(card).toContainText(/Fits your vehicle|Check fitment notes/);
    } finally {
      await shopper.close();
    }

    // Archived: out of the shop at once, still in the back office.
    await page.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByRole('status').filter({ hasText: M.archived(SKU) })).toBeVisible();
    expect((await page.request.get(at(`/api/products/${SKU}`))).status()).toBe(404);
    await page.getByRole('button', { name: 'Make active' }).click();
    await expect(page.getByRole('status').filter({ hasText: M.unarchived(SKU) })).toBeVisible();
  });
});
