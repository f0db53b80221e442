import { memberDiscountOffer } from '@store/shared/store-promises';
import { expect, test, type APIRequestContext } from './support/test';
import { savePicture } from './support/screens';

interface Category {
  title: string;
  sku: string;
  child_categories: { child_sku: string; child_title: string }[];
}

async function apiData<T>(request: APIRequestContext, url: string): Promise<T> {
  const answer = await request.get(url);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

test('every page has the header, the footer and their landmarks', async ({ page, request }) => {
  const config = await apiData<{ store_name: string; member_discount_percent: number }>(
    request,
    '/api/store-config',
  );
  const storeName = config.store_name.trim() || 'Online Store';

  await page.goto('/faqs');

  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: storeName })).toBeVisible();
  await expect(banner.getByRole('combobox', { name: 'Search products' })).toBeVisible();
  await expect(banner.getByRole('link', { name: /^Cart, \d+ items?$/ })).toHaveAttribute('href', '/cart');
  await expect(banner.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  // The member discount as it is applied, in its one wording, at the store's signup percent (issue 34 §4).
  await expect(page.locator('.top-bar__offer')).toContainText(
    `${memberDiscountOffer(config.member_discount_percent)} — sign up today`,
  );
  await expect(banner.getByRole('link', { name: 'sign up today' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`${storeName}$`));
});

test("the footer lists categories 2 to 7 as 'Trending Category' and only the supplied social links", async ({
  page,
  request,
}) => {
  const categories = await apiData<Category[]>(request, '/api/categories');
  const social = await apiData<Record<string, string | undefined>>(request, '/api/social-links');

  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const trending = footer.getByRole('list', { name: 'Trending Category' });
  await expect(trending.getByRole('link')).toHaveText(categories.slice(1, 7).map((c) => c.title));
  await expect(trending.getByRole('link').first()).toHaveAttribute(
    'href',
    `/shop?page=1&category=${categories[1]!.sku}`,
  );

  const networks = [
    ['_facebook_link', 'Facebook'],
    ['_twitter_link', 'Twitter'],
    ['_instagram_link', 'Instagram'],
    ['_youtube_link', 'YouTube'],
    ['_linke_din', 'LinkedIn'],
  ] as const;
  for (const [key, name] of networks) {
    const icon = footer.getByRole('link', { name: new RegExp(name) });
    if (social[key]) await expect(icon).toHaveAttribute('href', social[key]);
    else await expect(icon).toHaveCount(0);
  }
  await expect(footer.getByText('Guildford NSW 2161')).toBeVisible();
  await expect(footer.getByText('8 AM to 6 PM AEST, Mon-Sun')).toBeVisible();
  await expect(footer.getByRole('img', { name: /Visa, Mastercard/ })).toBeVisible();
});

test("the newsletter form thanks the subscriber with 'Subscribed successfully!'", async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('textbox', { name: 'Email address' }).fill(`e2e-${Date.now()}@example.com`);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Subscribed successfully!')).toBeVisible();
});

test('the navigation menus work from the keyboard', async ({ page, request }, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'The navigation bar is for wide screens; phones get the menu',
  );
  const categories = await apiData<Category[]>(request, '/api/categories');
  const brands = await apiData<{ data: { title: string; permalink: string }[] }>(request, '/api/brands');

  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });

  // Browse Categories: a side menu of every category and its children; Escape closes it.
  const browse = nav.getByRole('button', { name: 'Browse Categories' });
  await browse.focus();
  await page.keyboard.press('Enter');
  const sideMenu = page.getByRole('dialog', { name: 'Browse Categories' });
  await expect(sideMenu).toBeVisible();
  const child = categories[0]!.child_categories[0]!;
  await expect(sideMenu.getByRole('link', { name: child.child_title })).toHaveAttribute(
    'href',
    `/shop?page=1&child_category=${child.child_sku}`,
  );
  await page.keyboard.press('Escape');
  await expect(sideMenu).toBeHidden();
  await expect(browse).toBeFocused();

  // Shop: Tab reaches the button, Enter opens the mega menu, Tab walks into it, Escape comes back.
  await page.keyboard.press('Tab');
  const shop = nav.getByRole('button', { name: 'Shop' });
  await expect(shop).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(shop).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Headlight Globes' })).toHaveAttribute(
    'href',
    '/shop?page=1&child_category=headlight-globes',
  );
  await page.keyboard.press('Tab');
  // The mega menu is the store's taxonomy, in its order (issue 36 §2): its first category first.
  await expect(nav.getByRole('link', { name: categories[0]!.title, exact: true })).toBeFocused();
  await savePicture(page, `shell-menu-${testInfo.project.name}`);
  await page.keyboard.press('Escape');
  await expect(shop).toHaveAttribute('aria-expanded', 'false');
  await expect(shop).toBeFocused();

  // All Brands: the server's list, each to /brand?page=1&brand=...
  const allBrands = nav.getByRole('button', { name: 'All Brands' });
  await allBrands.focus();
  await page.keyboard.press('Space');
  const firstBrand = brands.data[0]!;
  await expect(nav.getByRole('link', { name: firstBrand.title, exact: true })).toHaveAttribute(
    'href',
    `/brand?page=1&brand=${firstBrand.permalink}`,
  );
  await expect(nav.getByRole('link', { name: 'View all brands' })).toHaveAttribute('href', '/brands');
  await page.keyboard.press('Escape');
  await expect(allBrands).toBeFocused();

  // Policy Pages, then follow one of its links.
  const policies = nav.getByRole('button', { name: 'Policy Pages' });
  await policies.focus();
  await page.keyboard.press('Enter');
  await nav.getByRole('link', { name: 'Shipping Policy' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/shipping-policy');
  await expect(policies).toHaveAttribute('aria-expanded', 'false');
});

test("the phone menu repeats the links, with the SPEC's odd ones", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'The hamburger menu is for narrow screens');

  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  await toggle.tap();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  for (const [name, href] of [
    ['Shop', '/shop?page=1'],
    ['All Brands', '/brands'],
    ['Contact Us', '/contact-us'],
    ['Return', '/return-order'],
    ['Track Order', '/guest-track-order'],
    ['FAQs', '/faqs'],
    ['Terms & Conditions', '/return-policy'],
    ['Editorial Guidelines', '/editorial-guideline'],
  ] as const) {
    await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await savePicture(page, `shell-menu-${testInfo.project.name}`);

  // The odd link still lands on the real page.
  await menu.getByRole('link', { name: 'Editorial Guidelines' }).tap();
  await expect(page).toHaveURL('/editorial-guidelines');
  await expect(menu).toBeHidden();

  // Browse Categories from the phone menu.
  await toggle.tap();
  await menu.getByRole('button', { name: 'Browse Categories' }).tap();
  await expect(page.getByRole('dialog', { name: 'Browse Categories' })).toBeVisible();
  await page.getByRole('button', { name: 'Close categories' }).tap();
  await expect(page.getByRole('dialog', { name: 'Browse Categories' })).toBeHidden();
});

test('the sitemap pages have no header or footer', async ({ page }) => {
  for (const url of ['/sitemap.xml', '/product-sitemap.xml']) {
    await page.goto(url);
    await expect(page.getByRole('main')).toBeAttached();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  }
});
