/**
 * Playwright's `test` and `expect` for the journeys, with one change: `page.goto` and `page.reload` wait, after
 * the page's load, until the web app has started (main.tsx marks `<html data-app="ready">`). A server-rendered
 * page (decision 0025) is shown, and its links work, before its JavaScript runs (apps/web/public/boot.js starts
 * it after the first paint), but its buttons and forms only act once the app has taken the page over; a journey,
 * quicker than any shopper, would otherwise press them before. A call that names its own `waitUntil` is left as
 * it is (a journey about what happens before the app starts), and so is a page with JavaScript turned off or a
 * document that is not the app's (a sitemap).
 *
 * And the journeys' signed-in fixtures (issue 35 §4), made through the API (sign-in.ts), not the screens:
 * - `customer`: a new member signed up on the journeys' store (`test.use({ customerDetails })` for a business
 *   member or another name); `customerPage`: `page` with that member signed in.
 * - `adminStore`: a store of the worker's own with its first admin (admin-store.ts), started once per worker for
 *   the spec's `test.use({ adminStoreOptions })` and stopped with the worker; `staffPage`: `page` with that admin
 *   signed in to its back office.
 */
import { test as base, type Page } from '@playwright/test';
import { startAdminStore, type AdminStore, type AdminStoreOptions } from './admin-store';
import {
  signInCustomer,
  signInStaff,
  signUpCustomer,
  uniqueCustomerEmail,
  type CustomerAccount,
  type CustomerDetails,
} from './sign-in';

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

interface JourneyFixtures {
  /** Sign-up fields of `customer` (an option: `test.use({ customerDetails: { _b_name, _b_number } })`). */
  customerDetails: CustomerDetails;
  /** A member signed up for this test on the journeys' store. */
  customer: CustomerAccount;
  /** `page`, with `customer` signed in. */
  customerPage: Page;
  /** `page`, with `adminStore`'s first admin signed in to its back office. */
  staffPage: Page;
}

interface WorkerFixtures {
  /** The worker's admin store's first admin (an option: `test.use({ adminStoreOptions: { email } })`). */
  adminStoreOptions: AdminStoreOptions | null;
  /** A store of the worker's own, its first admin's one-time password already changed. */
  adminStore: AdminStore;
}

export const test = base.extend<JourneyFixtures, WorkerFixtures>({
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
  customerDetails: [{}, { option: true }],
  customer: async ({ request, baseURL, customerDetails }, use, testInfo) => {
    if (!baseURL) throw new Error('The journeys have no baseURL');
    const email = customerDetails.email ?? uniqueCustomerEmail('member', testInfo.project.name);
    await use(await signUpCustomer(request, baseURL, { ...customerDetails, email }));
  },
  customerPage: async ({ page, baseURL, customer }, use) => {
    if (!baseURL) throw new Error('The journeys have no baseURL');
    await signInCustomer(page, baseURL, customer);
    await use(page);
  },
  adminStoreOptions: [null, { scope: 'worker', option: true }],
  adminStore: [
    async ({ adminStoreOptions }, use) => {
      if (!adminStoreOptions) throw new Error('Set test.use({ adminStoreOptions }) to use adminStore');
      const store = await startAdminStore(adminStoreOptions);
      try {
        await use(store);
      } finally {
        await store.stop();
      }
    },
    // Its own CLI run and store start: up to 180 s on a busy 2-core machine, as startAdminStore says.
    { scope: 'worker', timeout: 180_000 },
  ],
  staffPage: async ({ page, adminStore }, use) => {
    await signInStaff(page, adminStore);
    await use(page);
  },
});
