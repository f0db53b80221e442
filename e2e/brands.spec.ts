import type { ShopAnswer } from '@store/shared/catalog-answers';
import { expect, test } from './support/test';
import { savePicture } from './support/screens';
import { expectOrdered, expectTitles, listingAnswer, shownPrices } from './support/listing';
import { expectNoSeriousAxeViolations } from './support/page-checks';

test('/brands lists every logo; a logo opens that brand’s products', async ({ page, request }, testInfo) => {
  const brandsAnswer = await request.get('/api/brands');
  const brands = ((await brandsAnswer.json()) as { data: { data: { title: string; permalink: string }[] } })
    .data.data;
  const brand = brands.find((b) => b.permalink === 'voltcore') ?? brands[0];
  expect(brand).toBeDefined();
  const shopAnswer = await request.get(`/api/shop?page=1&pagination=20&brand=${brand!.permalink}`);
  const { total } = (await shopAnswer.json()) as { total: number };

  await page.goto('/brands');
  await expect(page.getByRole('heading', { level: 1, name: 'Brands' })).toBeVisible();

  const main = page.getByRole('main');
  const logoLinks = main.locator('a[href^="/brand?"]');
  await expect(logoLinks).toHaveCount(brands.length);
  const logo = main.getByRole('link', { name: brand!.title }).getByRole('img');
  await expect(logo).toHaveAttribute('width', '150');
  await expect(logo).toHaveAttribute('height', '150');
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Load the lazy logos below the fold too, so the full-page picture shows them all.
  await page.evaluate(() => {
    for (const img of Array.from(document.images)) img.loading = 'eager';
  });
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).every((img) => img.complete)))
    .toBe(true);
  await expectNoSeriousAxeViolations(page);
  await savePicture(page, `brands-${testInfo.project.name}`, { fullPage: true });

  await main.getByRole('link', { name: brand!.title }).click();
  await expect(page).toHaveURL(`/brand?page=1&brand=${brand!.permalink}`);
  await expect(page.getByRole('heading', { level: 1, name: `Brand: ${brand!.title}` })).toBeVisible();
  await expect(page.getByText(`There are ${total} products.`)).toBeVisible();
  await expect(main.getByRole('article')).toHaveCount(Math.min(15, total));
  await expectNoSeriousAxeViolations(page);
});

test('/brand without a brand shows All Brands, 15 products a page and pagination', async ({
  page,
  request,
}) => {
  const shopAnswer = await request.get('/api/shop?page=1&pagination=15');
  const { total, last_page: lastPage } = (await shopAnswer.json()) as ShopAnswer;
  expect(total).toBeGreaterThan(16);

  await page.goto('/brand?page=1');
  await expect(page.getByRole('heading', { level: 1, name: 'All Brands' })).toBeVisible();
  await expect(page.getByText(`There are ${total} products.`)).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('article')).toHaveCount(15);

  const pages = page.getByRole('navigation', { name: 'Pages of products' });
  await expect(pages.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(pages.getByRole('link', { name: `Page ${lastPage}`, exact: true })).toBeVisible();
  await pages.getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL('/brand?page=2');
  await expect(pages.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(main.getByRole('article')).toHaveCount(15);
});

test('/brand for an unknown brand says No Product Found', async ({ page }) => {
  await page.goto('/brand?page=1&brand=no-such-brand');
  await expect(page.getByText('No Product Found')).toBeVisible();
  await expect(page.getByText('There are 0 products.')).toBeVisible();
});

test('/brand sorts by price and keeps the brand', async ({ page, request }) => {
  await page.goto('/brand?page=1');
  const main = page.getByRole('main');
  await main.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: high to low' });
  await expect(page).toHaveURL('/brand?page=1&sort=price_desc');
  const answer = await listingAnswer(request, '/api/shop?page=1&sort=price_desc&pagination=15');
  await expectTitles(
    main,
    answer.data.map((p) => p.title),
  );
  expectOrdered(await shownPrices(main), 'descending');
  const pages = page.getByRole('navigation', { name: 'Pages of products' });
  await expect(pages.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
    'href',
    '/brand?page=2&sort=price_desc',
  );

  await page.goto('/brand?page=1&brand=voltcore&in_stock=1');
  await main.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL('/brand?page=1&brand=voltcore&sort=price_asc&in_stock=1');
  const voltcore = await listingAnswer(
    request,
    '/api/shop?page=1&brand=voltcore&sort=price_asc&in_stock=1&pagination=15',
  );
  await expectTitles(
    main,
    voltcore.data.map((p) => p.title),
  );
  expectOrdered(await shownPrices(main), 'ascending');
  await expect(page.getByRole('heading', { level: 1, name: 'Brand: Voltcore' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Out of stock' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});
