import { unitPriceCentsOf } from '@store/shared/checkout-totals';
import { formatCents } from '@store/shared/money';
import {
  deliveryEstimateSentence,
  storePromisesOf,
  deliverySettingsOf,
  productDeliveryText,
} from '@store/shared/store-promises';
import type { StoreConfig } from '@store/shared/store-settings';
import { expect, test } from './support/test';
import { savePicture } from './support/screens';
import { expectNoSeriousAxeViolations, loadAllImages } from './support/page-checks';

/** A demo product with a discount, two images and stock (data/demo-catalog/products.csv). */
const SKU = 'VC-NS70-680';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface ProductAnswer {
  data: {
    title: string;
    sku: string;
    product_meta: { option: string; value: string }[];
    discount_data: { discounted_price: string } | null;
  };
}

test('product page: price, gallery, JSON-LD in AUD, and no serious accessibility problems', async ({
  page,
}, testInfo) => {
  const answer = (await (await page.request.get(`/api/products/${SKU}`)).json()) as ProductAnswer;
  const { title } = answer.data;
  const meta = (option: string) => answer.data.product_meta.find((m) => m.option === option)?.value;
  const seoTitle = meta('_seo_title') ?? title;

  // The prices as served: `_price` and the discounted price are shelf prices inc. GST (issue 34 §1, decision 0046).
  const listCents = Math.round(Number(meta('_price')) * 100);
  const payCents = unitPriceCentsOf(answer.data);
  expect(payCents).not.toBeNull();
  expect(payCents!).toBeLessThan(listCents);
  const config = (await (await page.request.get('/api/store-config')).json()) as { data: StoreConfig };

  await page.goto(`/product/${SKU}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const price = page.getByRole('group', { name: 'Price' });
  await expect(price.locator('.price-tag__current')).toContainText(formatCents(payCents!));
  await expect(price.locator('.price-tag__original')).toContainText(formatCents(listCents));
  await expect(price).toContainText(/Save (\$\d+|\d+%)/);
  // The shipping policy's estimate (issue 34 §3), not the SPEC's "Free shipping, estimated delivery 2-3 days",
  // after the delivery rule for this price (the store's settings, in their one wording).
  const delivery = page.locator('.product-detail__shipping');
  await expect(delivery).toContainText(
    `${productDeliveryText(payCents!, deliverySettingsOf(config.data))} ${deliveryEstimateSentence(storePromisesOf(config.data))}`,
  );
  await expect(delivery).not.toContainText(/free shipping|2-3 days/i);
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }),
  ).toBeVisible();

  // One title in <head>, taken from the SEO title (the store name added once).
  await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(seoTitle.split(' | ')[0] ?? '')} \\| `));
  expect(await page.locator('head title').count()).toBe(1);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    meta('_seo_description') ?? '',
  );

  // The main image is the featured one, loaded first.
  const main = page.getByRole('img', { name: title, exact: true });
  await expect(main).toHaveAttribute('fetchpriority', 'high');
  await expect(main).toHaveAttribute('loading', 'eager');
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Show image 1 of 2' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The page carries two blocks: the Product and its breadcrumb trail (BreadcrumbList).
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(2);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const ld = blocks
    .map((text) => JSON.parse(text) as { '@type': string })
    .find((b) => b['@type'] === 'Product') as {
    '@type': string;
    sku: string;
    image: string[];
    offers: { priceCurrency: string; price: string; availability: string };
  };
  expect(ld['@type']).toBe('Product');
  expect(ld.sku).toBe(SKU);
  expect(ld.offers.priceCurrency).toBe('AUD');
  // The offer is the price paid, as served (no GST added or taken off).
  expect(ld.offers.price).toBe((payCents! / 100).toFixed(2));
  expect(ld.offers.availability).toBe('https://schema.org/InStock');
  expect(ld.image[0]).toMatch(/^https?:\/\//);

  await expectNoSeriousAxeViolations(page);
  await loadAllImages(page);
  await savePicture(page, `product-${testInfo.project.name}`, { fullPage: true });
});

test('quantity stepper stays between 1 and 100 and its field is read-only', async ({ page }) => {
  await page.goto(`/product/${SKU}`);
  const quantity = page.getByRole('textbox', { name: 'Quantity' });
  const minus = page.getByRole('button', { name: 'Decrease quantity' });
  const plus = page.getByRole('button', { name: 'Increase quantity' });

  await expect(quantity).toHaveValue('1');
  await expect(quantity).not.toBeEditable();
  await expect(minus).toBeDisabled();
  await minus.click({ force: true });
  await expect(quantity).toHaveValue('1');

  await plus.click();
  await plus.click();
  await expect(quantity).toHaveValue('3');
  await minus.click();
  await expect(quantity).toHaveValue('2');

  // Up to the limit from the keyboard.
  await plus.focus();
  for (let i = 0; i < 100; i++) await page.keyboard.press('Enter');
  await expect(quantity).toHaveValue('100');
  await expect(plus).toBeDisabled();
  await expect(plus).toBeFocused();
});

test('Description, Product Details and Vehicle Fitment tabs work from the keyboard', async ({ page }) => {
  await page.goto(`/product/${SKU}`);
  const description = page.getByRole('tab', { name: 'Description' });
  const details = page.getByRole('tab', { name: 'Product Details' });
  await expect(description).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Description' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Shipping' })).toHaveCount(0);

  await description.focus();
  await page.keyboard.press('ArrowRight');
  await expect(details).toBeFocused();
  await expect(details).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Product Details' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(SKU);
  await expect(panel).toContainText(/\d+(\.\d+)? kg/);
  await expect(page.getByRole('tabpanel', { name: 'Description' })).toBeHidden();

  // Then the Vehicle Fitment tab (issue 15), and from the last tab back round to the first.
  const fitment = page.getByRole('tab', { name: 'Vehicle Fitment' });
  await page.keyboard.press('ArrowRight');
  await expect(fitment).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Vehicle Fitment' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(description).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Description' })).toBeVisible();
  // Tab moves on to the panel, not along the tabs.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: 'Description' })).toBeFocused();
});

test('a product that does not exist shows the not-found image', async ({ page }) => {
  await page.goto('/product/no-such-sku');
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  const image = page.getByRole('img', { name: /404/ });
  await expect(image).toHaveAttribute('src', '/images/not-found.svg');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page).toHaveTitle(/^Product not found \| /);
});
