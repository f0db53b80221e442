import { expect, test } from './support/test';

test('an unknown path answers 404 and shows the not-found page with ways back', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);

  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  const image = page.getByRole('img', { name: /404/ });
  await expect(image).toHaveAttribute('src', '/images/not-found.svg');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page).toHaveTitle(/^Page not found \| /);

  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Shop all products' }).click();
  await expect(page).toHaveURL(/\/shop\?page=1$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Search Results for/ })).toBeVisible();
});

test('/404 is the same page', async ({ page }) => {
  await page.goto('/404');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});
