import {
  deliverySettingsOf,
  freeDeliveryHeadline,
  freeDeliveryText,
  returnsHeadline,
  storePromisesOf,
} from '@store/shared/store-promises';
import type { StoreConfig } from '@store/shared/store-settings';
import { expect, test } from './support/test';
import { expectNoSeriousAxeViolations, loadAllImages } from './support/page-checks';
import { drawWholePage, picturesWanted, savePicture } from './support/screens';

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
  await expect(page.getByRole('heading', { level: 1, name: storeName })).toBeAttached();

  const section = page.getByRole('region', { name: 'New Products' });
  // Below the fold, the carousel fills in as the shopper nears it.
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('heading', { level: 2, name: 'New Products' })).toBeVisible();

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
  await firstImage.scrollIntoViewIfNeeded();
  await expect(firstImage).toBeVisible();
  await expect
    .poll(() => firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  await page.evaluate(() => window.scrollTo(0, 0));
  await loadAllImages(page);
  if (picturesWanted()) {
    await drawWholePage(page);
    await savePicture(page, `home-${testInfo.project.name}`, { fullPage: true });
  }
});

test('home page: hero, banners, services, featured products and brands, without serious axe violations', async ({
  page,
  request,
}) => {
  // The longest home journey (hero, banners, carousel, brands, axe): a busy 2-core machine needs more than 30 s.
  test.setTimeout(60_000);
  await page.goto('/');

  // The hero: the first slide's picture is fetched first; its words and call to action sit on it.
  const hero = page.getByRole('region', { name: 'Featured offers' });
  const heroImage = hero.locator('img').first();
  await expect(heroImage).toHaveAttribute('fetchpriority', 'high');
  await expect(heroImage).toHaveAttribute('loading', 'eager');
  await expect.poll(() => heroImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const bubbles = hero.getByRole('button', { name: /^Slide \d/ });
  await expect(bubbles).toHaveCount(3);
  await expect(bubbles.first()).toHaveAttribute('aria-current', 'true');
  await expect(hero.getByRole('heading', { name: 'Batteries that start every time' })).toBeVisible();

  // A bubble shows its slide.
  await bubbles.nth(1).click();
  await expect(bubbles.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(hero.getByRole('link', { name: 'Shop headlights' })).toBeVisible();
  await expect(hero.getByRole('link', { name: 'Shop batteries' })).toBeHidden();

  // Side banners, the marketing claims and the promotional banners.
  await expect(page.getByRole('link', { name: 'Voltcore jump starters' })).toHaveAttribute(
    'href',
    '/shop?page=1&brand=voltcore',
  );
  // The store's promises in their one wording (issue 34 §3), the delivery offer from the store's settings.
  const settings = (await (await request.get('/api/store-config')).json()) as { data: StoreConfig };
  const delivery = deliverySettingsOf(settings.data);
  const services = page.getByRole('region', { name: 'Why shop with us' });
  await expect(services).toContainText(freeDeliveryHeadline(delivery).detail);
  await expect(services).toContainText('Up to 2 years');
  await expect(services).toContainText(returnsHeadline(storePromisesOf(settings.data)).title);
  await expect(services).not.toContainText('365');
  // The top bar says the same offer (hidden on phones, so read as text).
  await expect(page.locator('.top-bar__delivery')).toHaveText(freeDeliveryText(delivery));
  await expect(page.getByRole('link', { name: /Limited-time offer/ })).toHaveAttribute(
    'href',
    '/shop?page=1&child_category=locking-wheel-nuts',
  );

  // Featured Products moves one card at a time and wraps around without end.
  const featured = page.getByRole('region', { name: 'Featured Products' });
  await featured.scrollIntoViewIfNeeded();
  const slides = featured.getByRole('group');
  await expect(slides.nth(5)).toBeAttached();
  const total = await slides.count();
  expect(total).toBeGreaterThan(5);
  const left = async (n: number) => (await slides.nth(n).boundingBox())?.x ?? Number.NaN;
  const start = await left(0);
  const step = (await left(1)) - start;
  expect(step).toBeGreaterThan(100);
  await featured.getByRole('button', { name: 'Next Featured Products' }).click();
  await expect.poll(() => left(1)).toBeCloseTo(start, 0);
  await featured.getByRole('button', { name: 'Previous Featured Products' }).click();
  await expect.poll(() => left(0)).toBeCloseTo(start, 0);
  // Before the first card comes the last one.
  await featured.getByRole('button', { name: 'Previous Featured Products' }).click();
  await expect.poll(() => left(total - 1)).toBeCloseTo(start, 0);
  await expect.poll(() => left(0)).toBeCloseTo(start + step, 0);

  // The brands strip: the store's brand sliders, logos of at most 150x150, as many as the window's width allows.
  const sliders = await request.get('/api/brand-sliders');
  expect(sliders.ok()).toBe(true);
  const brandCount = ((await sliders.json()) as { data: unknown[] }).data.length;
  expect(brandCount).toBeGreaterThan(7);
  const brands = page.getByRole('region', { name: 'Shop by Brand' });
  await brands.scrollIntoViewIfNeeded();
  const visible = (page.viewportSize()?.width ?? 0) >= 1200 ? 7 : 2;
  const showing = brands.getByText(/^Showing brands/);
  await expect(showing).toHaveText(`Showing brands 1 to ${visible} of ${brandCount}`);
  await brands.getByRole('button', { name: 'Previous brands' }).click();
  await expect(showing).toHaveText(
    `Showing brands ${brandCount + 1 - visible} to ${brandCount} of ${brandCount}`,
  );
  await brands.getByRole('button', { name: 'Next brands' }).click();
  await expect(showing).toHaveText(`Showing brands 1 to ${visible} of ${brandCount}`);
  const logo = brands.getByRole('img', { name: 'Voltcore' });
  const box = await logo.boundingBox();
  // Layout boxes carry sub-pixel noise (150.0000076 was seen); the SPEC's 150x150 is in whole pixels.
  expect(Math.round(box?.width ?? Infinity)).toBeLessThanOrEqual(150);
  expect(Math.round(box?.height ?? Infinity)).toBeLessThanOrEqual(150);

  await loadAllImages(page);
  // Axe reads colours as they are drawn: mid cross-fade (0.6 s, every 5 s) the hero's words are half see-through.
  // Paused, and the fade given time to end, the hero is checked as a shopper reads it.
  await hero.getByRole('button', { name: 'Pause slideshow' }).click();
  await page.waitForTimeout(700);
  await expectNoSeriousAxeViolations(page);

  await brands.getByRole('link', { name: 'Voltcore' }).click();
  await expect(page).toHaveURL('/brand?page=1&brand=voltcore');
  await expect(page.getByRole('heading', { level: 1, name: 'Brand: Voltcore' })).toBeVisible();
});

test('home page: the hero advances every 5 seconds', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const bubbles = page
    .getByRole('region', { name: 'Featured offers' })
    .getByRole('button', { name: /^Slide/ });
  await expect(bubbles).toHaveCount(3);
  // From here on the page's clock only moves when the test moves it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);

  const current = async () => {
    // Let React commit what the clock's timers set off (it schedules its work on a MessageChannel, which the
    // fake clock does not hold back), then read which bubble is current.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
    const states = await bubbles.evaluateAll((els) => els.map((el) => el.getAttribute('aria-current')));
    return states.indexOf('true');
  };
  await expect.poll(current).toBe(0);
  // Part of the first 5 s passed before the clock was paused: find the first change within 100 ms of it...
  let moved = 0;
  while ((await current()) === 0) {
    expect(moved, 'the first slide stays up to 5 s').toBeLessThan(5_100);
    await page.clock.runFor(100);
    moved += 100;
  }
  expect(await current()).toBe(1);
  // ...then every later change comes 5 s after the one before (the first was up to 100 ms before now).
  await page.clock.runFor(4_700);
  expect(await current()).toBe(1);
  await page.clock.runFor(400);
  await expect.poll(current).toBe(2);
  await page.clock.runFor(5_000);
  await expect.poll(current).toBe(0);
});

test('home page: a category in Shop by Categories opens the shop on that category', async ({
  page,
  request,
}) => {
  const answer = await request.get('/api/categories');
  const categories = ((await answer.json()) as { data: { sku: string; title: string }[] }).data;
  const first = categories[0];
  expect(first).toBeDefined();

  await page.goto('/');
  const grid = page.getByRole('region', { name: 'Shop by Categories' });
  await expect(grid.getByRole('link')).toHaveCount(Math.min(12, categories.length));
  await grid.getByRole('link', { name: first!.title }).click();

  await expect(page).toHaveURL(`/shop?page=1&category=${first!.sku}`);
});
