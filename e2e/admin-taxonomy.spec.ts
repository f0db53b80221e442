/**
 * The taxonomy in the back office (issue 36 §2, decision 0050), on a store of the journey's own with the demo
 * catalog: the admin renames the category Batteries to "Batteries & Power" with a new address in /admin/categories;
 * a shopper (a fresh browser) who opens the old address is sent on to the new one by a 301, and the Shop menu
 * (desktop) and the Browse Categories menu (phone) show the new name, not the old. Screens of /admin/categories and
 * /admin/brands at 1366 and 390 px, checked with axe.
 */
import { expect, test, waitForApp, type Browser, type Page } from './support/test';
import type { AdminStore } from './support/admin-store';
import { screen } from './support/screens';

test.use({ adminStoreOptions: { email: 'owner.taxonomy@example.com' } });
test.describe.configure({ mode: 'serial' });

const OLD = { title: 'Batteries', sku: 'batteries' };
const NEW = { title: 'Batteries & Power', sku: 'batteries-and-power' };

test.describe('categories and brands in the back office', () => {
  let store: AdminStore | undefined;

  test.beforeEach(({ adminStore }) => {
    test.skip(test.info().project.name !== 'desktop', 'one store of its own, screens taken at both widths');
    store = adminStore;
  });

  function at(pathname: string): string {
    if (!store) throw new Error('The admin store is not running');
    return `${store.baseURL}${pathname}`;
  }

  /** The page's screens at a desktop's and a phone's width (`{name}-desktop`, `{name}-phone-desktop`). */
  async function screens(page: Page, name: string) {
    const testInfo = test.info();
    await screen(page, testInfo, name);
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, testInfo, `${name}-phone`);
    await page.setViewportSize({ width: 1366, height: 800 });
  }

  /** A shopper's own browser (nothing cached, no back-office session) at `width` px. */
  async function shopper(browser: Browser, width: number) {
    const context = await browser.newContext({
      viewport: { width, height: width > 500 ? 800 : 844 },
      ...(width > 500 ? {} : { isMobile: true, hasTouch: true }),
    });
    return { context, page: await context.newPage() };
  }

  test('renaming a category: its old address redirects to the new one and the Shop menu shows the new name', async ({
    staffPage: page,
    browser,
  }) => {
    // Two axe runs of a long page and three browsers on a 2-core machine shared with other work.
    test.setTimeout(300_000);
    await page.goto(at('/admin/categories'));
    const list = page.getByRole('list', { name: 'Categories in menu order' });
    await expect(list.getByRole('heading', { name: OLD.title, exact: true })).toBeVisible();
    await screens(page, 'admin-categories');

    await page.getByRole('button', { name: `Rename ${OLD.title}`, exact: true }).click();
    const form = page.getByRole('form', { name: `Rename the category ${OLD.title}` });
    await form.getByLabel('Name').fill(NEW.title);
    await form.getByLabel(/Change its address too/).check();
    await expect(form.getByRole('textbox', { name: 'Address' })).toHaveValue(NEW.sku);
    await form.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText(`Renamed the category to "${NEW.title}"`)).toBeVisible();
    await expect(list.getByRole('heading', { name: NEW.title, exact: true })).toBeVisible();
    await expect(list.getByText(`/shop?page=1&category=${NEW.sku}`)).toBeVisible();

    // A shopper at a desktop opens the old address: the server answers 301 to the new one.
    const desktop = await shopper(browser, 1366);
    const answer = await desktop.page.request.get(at(`/shop?page=1&category=${OLD.sku}&sort=price_asc`), {
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(301);
    expect(answer.headers().location).toBe(`/shop?page=1&category=${NEW.sku}&sort=price_asc`);
    await desktop.page.goto(at(`/shop?page=1&category=${OLD.sku}`));
    await expect(desktop.page).toHaveURL(at(`/shop?page=1&category=${NEW.sku}`));
    await waitForApp(desktop.page);
    await expect(desktop.page.getByRole('heading', { level: 1 })).toContainText(NEW.title);

    // The Shop menu is the taxonomy: the new name, leading to the new address; the old name is gone.
    const nav = desktop.page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Shop' }).click();
    const renamed = nav.getByRole('link', { name: NEW.title, exact: true });
    await expect(renamed).toHaveAttribute('href', `/shop?page=1&category=${NEW.sku}`);
    await expect(nav.getByRole('link', { name: OLD.title, exact: true })).toHaveCount(0);
    // The shop's API tells the web app where the old filter went (the page replaces its address with it).
    const moved = (await (
      await desktop.page.request.get(at(`/api/shop?page=1&category=${OLD.sku}`))
    ).json()) as { moved?: Record<string, string | null> };
    expect(moved.moved).toEqual({ category: NEW.sku });
    await desktop.context.close();

    // A shopper on a phone: the menu's Browse Categories lists the new name.
    const phone = await shopper(browser, 390);
    await phone.page.goto(at('/'));
    await waitForApp(phone.page);
    await phone.page.getByRole('button', { name: 'Menu' }).click();
    await phone.page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('button', { name: 'Browse Categories' })
      .click();
    const side = phone.page.getByRole('navigation', { name: 'Categories' });
    await expect(side.getByRole('link', { name: NEW.title, exact: true })).toBeVisible();
    await expect(side.getByRole('link', { name: OLD.title, exact: true })).toHaveCount(0);
    await phone.context.close();
  });

  test('the brands page lists every brand with its logo, address and actions', async ({
    staffPage: page,
  }) => {
    test.slow();
    await page.goto(at('/admin/brands'));
    const list = page.getByRole('list', { name: 'Brands' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await expect(list.getByRole('button', { name: /^Rename / }).first()).toBeVisible();
    await screens(page, 'admin-brands');
  });
});
