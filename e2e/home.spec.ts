import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const screensDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screens');
const PRICE = /\$\d[\d,]*\.\d{2}/;

test('home page shows the store name and the newest products', async ({ page, request }, testInfo) => {
  // The header must show whatever name the store is configured with.
  const configAnswer = await request.get('/api/store-config');
  expect(configAnswer.ok()).toBe(true);
  const config = (await configAnswer.json()) as { data: { store_name: string } };
  const storeName = config.data.store_name.trim() || 'Online Store';

  await page.goto('/');

  await expect(page.getByRole('banner').getByRole('link', { name: storeName })).toBeVisible();
  await expect(page).toHaveTitle(storeName);

  const section = page.getByRole('region', { name: 'New Products' });
  await expect(section.getByRole('heading', { level: 1, name: 'New Products' })).toBeVisible();

  // At least 12 cards, each a link to /product/... and each with a price such as $79.95.
  const productLinks = section.locator('a[href^="/product/"]');
  await expect(productLinks.nth(11)).toBeAttached();
  const cards = section.getByRole('article');
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(12);
  expect(await productLinks.count()).toBe(count);
  await expect(cards.first().getByText(PRICE).first()).toBeVisible();
  for (let i = 0; i < count; i++) await expect(cards.nth(i)).toContainText(PRICE);

  // The first product image is in view and has really loaded.
  const firstImage = cards.first().getByRole('img');
  await expect(firstImage).toBeVisible();
  await expect
    .poll(() => firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  // Load the lazy images below the fold too, so the full-page picture shows every card.
  await page.evaluate(() => {
    for (const img of Array.from(document.images)) img.loading = 'eager';
  });
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).every((img) => img.complete)))
    .toBe(true);

  mkdirSync(screensDir, { recursive: true });
  await page.screenshot({
    path: path.join(screensDir, `home-first-page-${testInfo.project.name}.png`),
    fullPage: true,
  });
});
