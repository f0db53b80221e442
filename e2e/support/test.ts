/**
 * Playwright's `test` and `expect` for the journeys, with one change: `page.goto` and `page.reload` wait, after
 * the page's load, until the web app has started (main.tsx marks `<html data-app="ready">`). A server-rendered
 * page (decision 0025) is shown, and its links work, before its JavaScript runs (apps/web/public/boot.js starts
 * it after the first paint), but its buttons and forms only act once the app has taken the page over; a journey,
 * quicker than any shopper, would otherwise press them before. A call that names its own `waitUntil` is left as
 * it is (a journey about what happens before the app starts), and so is a page with JavaScript turned off or a
 * document that is not the app's (a sitemap).
 */
import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

const APP_READY = 'html[data-app="ready"]';

/**
 * Waits for the app on a page of the web app (one with `#root`); other documents (sitemaps' XML) have none. For
 * pages the fixture does not wrap: one opened in a context of a journey's own (`browser.newContext`).
 */
export async function waitForApp(page: Page): Promise<void> {
  if ((await page.locator('#root').count()) === 0) return;
  await page.locator(APP_READY).waitFor({ state: 'attached' });
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (options?.waitUntil === undefined) await waitForApp(page);
        return response;
      };
      const reload = page.reload.bind(page);
      page.reload = async (options) => {
        const response = await reload(options);
        if (options?.waitUntil === undefined) await waitForApp(page);
        return response;
      };
    }
    await use(page);
  },
});
