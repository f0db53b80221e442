/**
 * The sitemap pages (SPEC §2; decision 0015): a person opening /sitemap.xml in a browser sees the index page and
 * each kind's page, without the shop's header and footer; a crawler gets the XML from the same addresses.
 */
import { expect, test, type Page } from './support/test';
import { sitemapMapSchema, type SitemapMap } from '@store/shared/sitemap';
import { screen } from './support/screens';

const KINDS: [title: string, group: keyof SitemapMap, file: string][] = [
  ['Product', 'Product', '/product-sitemap.xml'],
  ['Category', 'Category', '/category-sitemap.xml'],
  ['Child Category', 'Child Categories', '/child-category-sitemap.xml'],
  ['Brand', 'Brand', '/brand-sitemap.xml'],
  ['Other Pages', 'Other Pages', '/other-sitemap.xml'],
];

async function expectNoShell(page: Page) {
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
}

test('/sitemap.xml shows every kind with its URL count; the product sitemap lists the products', async ({
  page,
  request,
}, testInfo) => {
  const map = sitemapMapSchema.parse(await (await request.get('/api/sitemap-map')).json());
  expect(map.Product.length).toBeGreaterThan(0);

  const response = await page.goto('/sitemap.xml');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(page.getByRole('heading', { level: 1, name: 'Sitemap' })).toBeVisible();
  await expect(page).toHaveTitle(/^Sitemap \| /);
  const main = page.getByRole('main');
  for (const [title, group, file] of KINDS) {
    const card = main
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
    await expect(card.getByText(`${map[group].length} URLs`, { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: file })).toHaveAttribute('href', file);
  }
  await expectNoShell(page);
  await screen(page, testInfo, 'sitemap');

  await main.getByRole('link', { name: '/product-sitemap.xml' }).click();
  await expect(page).toHaveURL(/\/product-sitemap\.xml$/);
  await expect(page.getByRole('heading', { level: 1, name: 'PRODUCT-SITEMAP Sitemap' })).toBeVisible();
  await expect(page.getByText(`Total URLs: ${map.Product.length}`, { exact: true })).toBeVisible();
  const urlLinks = page.getByRole('table').getByRole('link');
  await expect(urlLinks).toHaveCount(map.Product.length);
  const first = map.Product[0]!;
  const firstLink = urlLinks.first();
  await expect(firstLink).toHaveAttribute('href', first.url);
  await expect(firstLink).toHaveAttribute('target', '_blank');
  await expect(firstLink).toContainText(first.url);
  await expect(page.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  // The table clips what spills out of a cell (rounded corners), so the page-wide overflow check cannot see it.
  const clipped = await page.getByRole('table').evaluate((table) =>
    Array.from(table.querySelectorAll('th, td'))
      .filter((cell) => cell.scrollWidth > cell.clientWidth)
      .map((cell) => cell.textContent),
  );
  expect(clipped, 'table cells whose text does not fit').toEqual([]);
  await expectNoShell(page);
  // The viewport only: the whole list is as long as the catalog.
  await screen(page, testInfo, 'product-sitemap', { fullPage: false });

  await page.getByRole('link', { name: 'Back to Sitemap' }).click();
  await expect(page).toHaveURL(/\/sitemap\.xml$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sitemap' })).toBeVisible();
});

test('another *-sitemap.xml name shows an empty list (and answers 404)', async ({ page }, testInfo) => {
  const response = await page.goto('/spare-parts-sitemap.xml');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'SPARE-PARTS-SITEMAP Sitemap' })).toBeVisible();
  await expect(page.getByText('Total URLs: 0', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Sitemap' })).toHaveAttribute('href', '/sitemap.xml');
  await expectNoShell(page);
  await screen(page, testInfo, 'sitemap-unknown');
});

test('a crawler gets robots.txt and the sitemap XML from the same addresses', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const sitemapLine = (await robots.text()).split('\n').find((l) => l.startsWith('Sitemap: '));
  expect(sitemapLine).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/);

  const index = await request.get('/sitemap.xml');
  expect(index.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await index.text();
  expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  for (const [, , file] of KINDS) expect(xml).toContain(`${file}</loc>`);

  const products = await request.get('/product-sitemap.xml');
  expect(products.headers()['content-type']).toBe('application/xml; charset=utf-8');
  expect(await products.text()).toMatch(/<url><loc>[^<]+\/product\/[^<]+<\/loc><lastmod>\d{4}-\d{2}-\d{2}T/);
});
