import AxeBuilder from '@axe-core/playwright';
import type { SearchAnswer } from '@store/shared/catalog-answers';
import { expect, test } from './support/test';
import { cards, expectOrdered, expectTitles, listingAnswer, shownPrices } from './support/listing';
import { loadAllImages } from './support/page-checks';
import { savePicture, screen } from './support/screens';

test('live search suggests products; ArrowDown + Enter opens the selected one', async ({ page, request }) => {
  // What the header should suggest for 'h4 glo': the server's first answer.
  const answer = await request.get('/api/search-product', { params: { search: 'h4 glo', pagination: 15 } });
  expect(answer.ok()).toBe(true);
  const expected = ((await answer.json()) as SearchAnswer).data;
  expect(expected.length).toBeGreaterThan(0);
  const first = expected[0]!;

  await page.goto('/');
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
  await box.click();
  await box.pressSequentially('h4');
  await expect(page.getByText('Number of characters at least are 3').first()).toBeVisible();
  await box.pressSequentially(' glo');

  const listbox = page.getByRole('listbox', { name: 'Product suggestions' });
  const options = listbox.getByRole('option');
  await expect(options).toHaveCount(Math.min(expected.length, 15));
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(options.first()).toContainText(first.title);

  await box.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  const optionId = await options.first().getAttribute('id');
  await expect(box).toHaveAttribute('aria-activedescendant', optionId ?? '');

  await box.press('Enter');
  await expect(page).toHaveURL(`/product/${encodeURIComponent(first.permalink)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(first.title);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
});

test('Enter without a selection opens the results page, which pages and passes axe', async ({
  page,
  request,
}, testInfo) => {
  const query = 'batt';
  const page2 = await request.get('/api/search-product', {
    params: { search: query, page: 2, pagination: 15 },
  });
  const secondPage = (await page2.json()) as SearchAnswer;
  // The demo catalog has more than 15 'batt' products, so there is a page 2.
  expect(secondPage.last_page).toBeGreaterThanOrEqual(2);

  await page.goto('/');
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
  await box.fill(query);
  await box.press('Enter');

  await expect(page).toHaveURL(`/search-results?query=${query}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: `Search results for “${query}”` })).toBeVisible();
  await expect(main.getByRole('article')).toHaveCount(15);
  await expect(main.getByText(`There are ${secondPage.total} products.`)).toBeVisible();

  const pages = main.getByRole('navigation', { name: 'Pages of search results' });
  await pages.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await pages.getByRole('link', { name: 'Page 2' }).click();

  await expect(page).toHaveURL(`/search-results?query=${query}&page=2`);
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(main.getByRole('article')).toHaveCount(secondPage.data.length);
  await expect(main.getByRole('link', { name: secondPage.data[0]!.title, exact: true })).toBeVisible();
  // SPEC §2: a page change starts at the top.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Let the lazy card images load so the picture shows them.
  await page.evaluate(() => {
    for (const img of Array.from(document.images)) img.loading = 'eager';
  });
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).every((img) => img.complete)))
    .toBe(true);
  await savePicture(page, `search-results-${testInfo.project.name}`, { fullPage: true });
});

test('search results sort by price and filter to in stock; page links keep both', async ({
  page,
  request,
}, testInfo) => {
  // Three lists checked against the API's answers, axe and a full-page picture.
  test.slow();
  const query = 'batt';
  await page.goto(`/search-results?query=${query}`);
  const main = page.getByRole('main');
  const sort = main.getByRole('combobox', { name: 'Sort by' });
  // Search ranks by relevance unless told otherwise.
  await expect(sort).toHaveValue('relevance');
  const relevance = await listingAnswer(request, `/api/search-product?search=${query}&pagination=15`);
  await expectTitles(
    main,
    relevance.data.map((p) => p.title),
  );

  await sort.selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(`/search-results?query=${query}&sort=price_asc`);
  const cheapest = await listingAnswer(
    request,
    `/api/search-product?search=${query}&sort=price_asc&pagination=15`,
  );
  await expectTitles(
    main,
    cheapest.data.map((p) => p.title),
  );
  expectOrdered(await shownPrices(main), 'ascending');
  await expect(main.getByText(`There are ${cheapest.total} products.`)).toBeVisible();

  // In stock only, from the Filters panel: back to page 1 with the sort kept.
  await main.getByRole('button', { name: /^Filters/ }).click();
  const form = main.getByRole('form', { name: 'Price and stock' });
  await form.getByRole('checkbox', { name: 'In stock only' }).check();
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(`/search-results?query=${query}&sort=price_asc&in_stock=1`);
  const inStock = await listingAnswer(
    request,
    `/api/search-product?search=${query}&sort=price_asc&in_stock=1&pagination=15`,
  );
  await expectTitles(
    main,
    inStock.data.map((p) => p.title),
  );
  expectOrdered(await shownPrices(main), 'ascending');
  await expect(main.getByRole('button', { name: 'Out of stock' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Remove filter In stock only' })).toBeVisible();

  if (inStock.last_page > 1) {
    const pages = main.getByRole('navigation', { name: 'Pages of search results' });
    await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      `/search-results?query=${query}&page=2&sort=price_asc&in_stock=1`,
    );
  }
  await expect(cards(main)).toHaveCount(Math.min(15, inStock.total));
  await loadAllImages(page);
  await page.mouse.move(0, 0);
  await screen(page, testInfo, 'search-results-sorted');
});
