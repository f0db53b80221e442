/**
 * The home page's merchandising in the back office (issue 36 §2, decision 0051), on a store of the journey's own:
 * the admin uploads a picture and schedules a hero slide whose window includes now, in Sydney time, at
 * /admin/home; a shopper's home page (server-rendered) shows it. The admin sets its end to a moment ago and it is
 * gone from the next page. A slide scheduled through the API to end a few seconds ahead shows, then disappears by
 * itself once its end passes: no save, no restart. Screens of /admin/home at 1366 and 390 px, checked with axe.
 */
import { isoToSydneyLocal } from '@store/shared/home-content';
import { expect, test, type Page } from './support/test';
import type { AdminStore } from './support/admin-store';
import { screen } from './support/screens';

test.use({ adminStoreOptions: { email: 'owner.home@example.com' } });
test.describe.configure({ mode: 'serial' });

/** A wide picture drawn in the browser (a PNG), for the upload. */
async function drawSlidePicture(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 640;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d context');
    const fill = g.createLinearGradient(0, 0, 1600, 0);
    fill.addColorStop(0, '#0f1b2d');
    fill.addColorStop(0.55, '#0f1b2d');
    fill.addColorStop(1, '#c8102e');
    g.fillStyle = fill;
    g.fillRect(0, 0, 1600, 640);
    g.fillStyle = '#f2b705';
    g.beginPath();
    g.arc(1250, 320, 180, 0, Math.PI * 2);
    g.fill();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('no PNG');
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  return Buffer.from(bytes);
}

test.describe('home page merchandising', () => {
  let store: AdminStore | undefined;

  test.beforeEach(() => {
    test.skip(test.info().project.name !== 'desktop', 'one store of its own, screens taken at two widths');
  });

  test.beforeEach(({ adminStore }) => {
    store = adminStore;
  });

  function at(pathname: string): string {
    if (!store) throw new Error('The admin store is not running');
    return `${store.baseURL}${pathname}`;
  }

  test('a scheduled hero slide shows inside its window and not after', async ({
    staffPage: page,
    browser,
  }) => {
    // Two axe checks, server renders and an eight-second wait: more than test.slow() on a busy 2-core machine.
    test.setTimeout(300_000);
    const now = Date.now();
    const heading = `Journey slide ${now}`;

    await page.goto(at('/admin/home'));
    const hero = page.getByRole('region', { name: 'Hero slides' });
    await expect(hero.getByText(/the home page shows the store's 3 demo hero slides/)).toBeVisible();
    await hero.getByRole('button', { name: 'Add a hero slide' }).click();
    const form = hero.getByRole('form', { name: 'New hero slide' });

    // The fields to fix are named before anything is sent.
    await form.getByRole('button', { name: 'Add hero slide' }).click();
    await expect(form.getByRole('alert')).toHaveText('Check the fields marked below.');
    await expect(form.getByLabel('Heading')).toHaveAttribute('aria-invalid', 'true');
    // The form with its field errors, at both widths.
    await screen(page, test.info(), 'admin-home-content-form');
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, test.info(), 'admin-home-content-form-phone');
    await page.setViewportSize({ width: 1366, height: 800 });

    await form.getByLabel('Picture', { exact: true }).setInputFiles({
      name: 'slide.png',
      mimeType: 'image/png',
      buffer: await drawSlidePicture(page),
    });
    await expect(form.getByLabel(/Picture path/)).toHaveValue(/^home\/uploads\/[0-9a-f-]+\.png$/);
    await expect(form.getByRole('img', { name: 'Preview of the chosen picture' })).toBeVisible();
    await form.getByLabel('Heading').fill(heading);
    await form.getByLabel('Text', { exact: true }).fill('Pads, rotors and fluid for the holidays');
    await form.getByLabel('Button text').fill('Shop brakes');
    await form.getByLabel('Link').fill('/shop?page=1');
    // Sydney's wall clock, whatever this machine's zone: from two minutes ago for half an hour.
    await form.getByLabel(/Show from/).fill(isoToSydneyLocal(new Date(now - 120_000).toISOString()));
    await form.getByLabel(/Show until/).fill(isoToSydneyLocal(new Date(now + 30 * 60_000).toISOString()));
    await form.getByRole('button', { name: 'Add hero slide' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added the hero slide.' })).toBeVisible();
    const row = hero.getByRole('listitem').filter({ hasText: heading });
    await expect(row.getByText('Live now')).toBeVisible();

    // Screens of the page with a slide of the owner's, at a desktop's and a phone's width.
    const testInfo = test.info();
    await screen(page, testInfo, 'admin-home-content');
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, testInfo, 'admin-home-content-phone');
    await page.setViewportSize({ width: 1366, height: 800 });

    // A shopper (a browser of their own) sees it on the home page, rendered by the server, demo slides gone.
    const shopper = await browser.newContext({ baseURL: at('') });
    const home = await shopper.newPage();
    const document = await home.request.get(at('/'), { headers: { accept: 'text/html' } });
    expect(await document.text()).toContain(heading);
    await home.goto(at('/'));
    const carousel = home.getByRole('region', { name: 'Featured offers' });
    await expect(carousel.getByText(heading)).toBeVisible();
    await expect(carousel.getByText('Batteries that start every time')).toHaveCount(0);
    await expect(carousel.getByRole('link', { name: /Shop brakes/ })).toHaveAttribute('href', '/shop?page=1');

    // The admin ends it a moment ago (this minute, in Sydney): gone from the shopper's next page.
    await row.getByRole('button', { name: `Edit: ${heading}` }).click();
    const edit = hero.getByRole('form', { name: `Edit hero slide: ${heading}` });
    await edit.getByLabel(/Show until/).fill(isoToSydneyLocal(new Date().toISOString()));
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved the hero slide.' })).toBeVisible();
    await expect(hero.getByRole('listitem').filter({ hasText: heading }).getByText('Ended')).toBeVisible();
    await home.reload();
    await expect(home.getByRole('banner')).toBeVisible();
    await expect(home.getByText(heading)).toHaveCount(0);

    // One that ends a few seconds ahead, scheduled through the API: shown now, gone once its end has passed.
    if (!store) throw new Error('The admin store is not running');
    const login = await page.request.post(at('/api/admin/login'), {
      data: { email: store.email, password: store.password },
    });
    const { token } = (await login.json()) as { token: string };
    const endsAt = new Date(Date.now() + 8_000);
    const flash = await page.request.post(at('/api/admin/home-content'), {
      headers: { authorization: `Bearer ${token}` },
      data: {
        kind: 'hero_slide',
        image: 'home/hero-headlights.webp',
        heading: 'Eight-second flash sale',
        link: '/shop?page=1',
        ends_at: endsAt.toISOString(),
      },
    });
    expect(flash.status()).toBe(201);
    await home.reload();
    await expect(
      home.getByRole('region', { name: 'Featured offers' }).getByText('Eight-second flash sale'),
    ).toBeVisible();
    await home.waitForTimeout(Math.max(0, endsAt.getTime() - Date.now()) + 1_000);
    await home.reload();
    await expect(home.getByRole('banner')).toBeVisible();
    await expect(home.getByText('Eight-second flash sale')).toHaveCount(0);
    const config = (await (await home.request.get(at('/api/store-config'))).json()) as {
      data: { hero_slides: unknown[] };
    };
    expect(config.data.hero_slides).toEqual([]);
    await shopper.close();
  });
});
