import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, loadAllImages } from './support/page-checks';

const screensDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screens');

test('home → Batteries → product → add to cart', async ({ page }, testInfo) => {
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Shop by Categories' })
    .getByRole('link', { name: 'Batteries', exact: true })
    .click();

  await expect(page).toHaveURL(/\/shop\?page=1&category=batteries$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search Results for Batteries' })).toBeVisible();
  await expect(page).toHaveTitle(/^Shop \| /);

  // The count is the API's total; the page shows 15 cards a page and pages from a second page on (decision 0006).
  const countText = await page.getByText(/^There are \d+ products\.$/).textContent();
  const total = Number(/\d+/.exec(countText ?? '')?.[0]);
  const shop = (await (await page.request.get('/api/shop?page=1&category=batteries')).json()) as {
    total: number;
  };
  expect(total).toBe(shop.total);
  expect(total).toBeGreaterThan(16);
  const results = page.getByRole('region', { name: 'Products' });
  await expect(results.getByRole('article')).toHaveCount(15);
  const pages = page.getByRole('navigation', { name: 'Pages of products' });
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
    'href',
    '/shop?page=2&category=batteries',
  );

  await expectNoSeriousAxeViolations(page);
  await loadAllImages(page);
  // No card in its hover state on the picture.
  await page.mouse.move(0, 0);
  mkdirSync(screensDir, { recursive: true });
  await page.screenshot({ path: path.join(screensDir, `shop-${testInfo.project.name}.png`), fullPage: true });

  // Page 2 keeps the filter and scrolls back to the top.
  await pages.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/shop\?page=2&category=batteries$/);
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(results.getByRole('article')).toHaveCount(Math.min(15, total - 15));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // Open a product that is in stock and add it to the cart.
  await page.goto('/shop?page=1&category=batteries');
  const card = results
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: /^Add to cart/ }) })
    .first();
  const title = (await card.getByRole('heading').textContent())?.trim() ?? '';
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const cart = page.getByRole('banner').getByLabel(/^Cart, \d+ items?$/);
  await expect(cart).toHaveAccessibleName('Cart, 0 items');
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(cart).toHaveAccessibleName('Cart, 1 item');
  await expect(page.getByText(`${title} added to cart!`)).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]') as unknown);
  expect(stored).toEqual([expect.objectContaining({ title, quantity: 1 })]);
});

test('the Filters button opens the sidebar; its links go back to page 1 with that filter', async ({
  page,
}) => {
  await page.goto('/shop?page=2');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Search Results for All Products' }),
  ).toBeVisible();

  const toggle = page.getByRole('button', { name: 'Filters' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('complementary', { name: 'Filters' })).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const sidebar = page.getByRole('complementary', { name: 'Filters' });

  await sidebar.getByRole('button', { name: 'Batteries sub-categories' }).click();
  await sidebar.getByRole('link', { name: 'Car Batteries' }).click();
  await expect(page).toHaveURL(/\/shop\?page=1&child_category=car-batteries$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Search Results for Car Batteries' }),
  ).toBeVisible();

  await page.goto('/shop?page=1&brand=no-such-brand');
  await expect(page.getByText('No Product Found')).toBeVisible();
  await expect(page.getByText('There are 0 products.')).toBeVisible();
});
