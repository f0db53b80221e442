/**
 * Accounts and sessions for journeys, made through the API rather than the screens (issue 35 §4): a sign-in form
 * takes seconds per journey (argon2id, the form, the toast) and is itself the subject of only a few journeys
 * (accounts.spec.ts and garage.spec.ts for members, admin.spec.ts for staff), which keep going through it.
 *
 * A session is what the web app keeps after its own sign-in: the API's answer with the time, in session storage
 * under the key the app reads (SESSION_STORAGE_KEYS.session for a member, ADMIN_SESSION_STORAGE_KEY for staff).
 * Session storage belongs to the tab, so it is written once on a page of the store's origin and then lasts across
 * the journey's navigations, and a sign-out in the journey really ends it. The fixtures are in test.ts.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { authResponseSchema } from '@store/shared/account';
import { SESSION_STORAGE_KEYS } from '@store/shared/account-constants';
import { ADMIN_SESSION_STORAGE_KEY, adminLoginResponseSchema } from '@store/shared/admin';
import type { AdminStore } from './admin-store';

/** A member's sign-in, as the sign-up form would have made it. */
export interface CustomerAccount {
  name: string;
  email: string;
  password: string;
}

/** Sign-up fields a journey may set: a business member's `_b_name` and `_b_number`, another name. */
export type CustomerDetails = Partial<CustomerAccount> & { _b_name?: string; _b_number?: string };

/** The password of members signed up here unless told (meets the SPEC's password rules). */
export const CUSTOMER_PASSWORD = 'Sparkplug!42';

/** A fresh address for a member of this journey, unique across projects, workers and runs on one store. */
export function uniqueCustomerEmail(tag: string, project: string): string {
  return `${tag}.${project}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/**
 * Signs a member up with `POST /api/registered` on the store at `origin` (Sam Taylor, 0412345678 and
 * CUSTOMER_PASSWORD unless `details` says otherwise; `details.email` is required). Throws with the answer when
 * the store refuses.
 */
export async function signUpCustomer(
  request: APIRequestContext,
  origin: string,
  details: CustomerDetails & { email: string },
): Promise<CustomerAccount> {
  const { name = 'Sam Taylor', password = CUSTOMER_PASSWORD, email, ...business } = details;
  const answer = await request.post(`${origin}/api/registered`, {
    data: { name, email, password, phone: '0412345678', ...business },
  });
  if (!answer.ok())
    throw new Error(`Sign-up of ${email} answered ${answer.status()}: ${await answer.text()}`);
  return { name, email, password };
}

/**
 * Writes `value` under `key` for `origin`, from a page of that origin: in local storage for a member (shared by the
 * browser's tabs, decision 0060), in the tab's session storage for staff.
 */
async function keepSession(
  page: Page,
  origin: string,
  key: string,
  value: object,
  scope: 'tab' | 'tabs' = 'tab',
): Promise<void> {
  // Any document of the origin will do; the store's config answer is small and starts no app.
  await page.goto(`${origin}/api/store-config`, { waitUntil: 'domcontentloaded' });
  await page.evaluate(([k, v, shared]) => (shared ? localStorage : sessionStorage).setItem(k, v), [
    key,
    JSON.stringify(value),
    scope === 'tabs',
  ] as const);
}

/** Signs `account` in on the store at `origin` with `POST /api/login`, as the sign-in page does (SPEC §4). */
export async function signInCustomer(page: Page, origin: string, account: CustomerAccount): Promise<void> {
  const answer = await page.request.post(`${origin}/api/login`, {
    data: { email: account.email, password: account.password },
  });
  if (!answer.ok()) throw new Error(`Sign-in of ${account.email} answered ${answer.status()}`);
  const { user, token, subscription } = authResponseSchema.parse(await answer.json());
  await keepSession(
    page,
    origin,
    SESSION_STORAGE_KEYS.session,
    {
      user,
      token,
      subscription,
      timestamp: Date.now(),
    },
    'tabs',
  );
}

/**
 * Signs the admin store's first admin in to its back office with `POST /api/admin/login` (its one-time password
 * already changed by startAdminStore), as the back office's sign-in form does.
 */
export async function signInStaff(page: Page, store: AdminStore): Promise<void> {
  const answer = await page.request.post(`${store.baseURL}/api/admin/login`, {
    data: { email: store.email, password: store.password },
  });
  if (!answer.ok()) throw new Error(`Back-office sign-in of ${store.email} answered ${answer.status()}`);
  const { token, user } = adminLoginResponseSchema.parse(await answer.json());
  await keepSession(page, store.baseURL, ADMIN_SESSION_STORAGE_KEY, { token, user, timestamp: Date.now() });
}
