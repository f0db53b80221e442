/**
 * The back office's sign-in and shell (issue 12): the first admin comes from `npm run admin:create`, signs in with
 * its one-time password, is sent to change it, sees the dashboard and the staff table, and signs out. Screens of
 * /admin/signin and /admin at both widths go to docs/screens, each checked with axe.
 *
 * The store Playwright starts keeps its PGlite database open in its own process, and a second process writing that
 * folder is neither seen by the running store nor safe (the CLI "creates" the admin, the store never finds it). So
 * this file does what an owner does on a new install: it runs the CLI on a fresh data folder, then starts a store
 * of its own on that folder (and stops it and removes the folder afterwards).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DASHBOARD_LABELS } from '@store/shared/admin-dashboard';
import { expect, test, type Page } from './support/test';
import { generate } from 'otplib';
import { createAdmin, startStore, stopStore } from './support/admin-store';
import { screen } from './support/screens';

const NEW_PASSWORD = 'Gearbox#2026';

test.describe('with a store of its own, whose first admin the CLI created', () => {
  let dataDir = '';
  let store: { baseURL: string; process: ChildProcess } | undefined;
  let oneTimePassword = '';
  let email = '';

  test.beforeAll(async () => {
    const testInfo = test.info();
    // The CLI (~5 s) and a store loading the demo catalog into an empty folder (~20 s, more on a busy machine).
    test.setTimeout(180_000);
    dataDir = mkdtempSync(path.join(tmpdir(), 'store-e2e-admin-'));
    email = `owner.${testInfo.project.name}@example.com`;
    oneTimePassword = await createAdmin(dataDir, email, 'Olive Owner');
    store = await startStore(dataDir);
  });

  test.afterAll(async () => {
    if (store) await stopStore(store.process);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  function at(pathname: string): string {
    if (!store) throw new Error('The admin store is not running');
    return `${store.baseURL}${pathname}`;
  }

  async function expectNoShopChrome(page: Page) {
    await expect(page.getByRole('combobox', { name: 'Search products' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  }

  test('the first admin signs in with the one-time password, changes it, sees the staff and signs out', async ({
    page,
  }, testInfo) => {
    test.slow();
    // Any admin page without a session goes to sign-in, remembering where it was going.
    await page.goto(at('/admin/staff'));
    await expect(page).toHaveURL(/\/admin\/signin$/);
    const form = page.getByRole('form', { name: 'Back office sign in' });
    await expect(form).toBeVisible();
    await expectNoShopChrome(page);
    await screen(page, testInfo, 'admin-signin');

    // A wrong password is said so, next to the form, and keeps the visitor here.
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('Not-the-password1!');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.getByRole('alert')).toHaveText('The email or password is incorrect.');

    // Signing in by keyboard alone: the one-time password leads to the password change.
    await form.getByLabel('Password', { exact: true }).fill('');
    await form.getByLabel('Password', { exact: true }).focus();
    await page.keyboard.type(oneTimePassword);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/password$/);
    const change = page.getByRole('form', { name: 'Change your password' });
    await expect(page.getByText(/You signed in with a one-time password/)).toBeVisible();
    await change.getByLabel('One-time password', { exact: true }).fill(oneTimePassword);
    await change.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await change.getByRole('button', { name: 'Change password' }).click();

    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('status').filter({ hasText: 'Password changed.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome, Olive Owner' })).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByText('Back office')).toBeVisible();
    await expect(header.getByText('Olive Owner')).toBeVisible();
    await expect(header.getByText('Admin', { exact: true })).toBeVisible();
    await expectNoShopChrome(page);
    await screen(page, testInfo, 'admin');

    const nav = page.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();

    await nav.getByRole('link', { name: 'Staff' }).click();
    await expect(page).toHaveURL(/\/admin\/staff$/);
    const table = page.getByRole('table', { name: 'Staff accounts (1)' });
    await expect(table.getByRole('rowheader', { name: 'Olive Owner' })).toBeVisible();
    await expect(table.getByText(email)).toBeVisible();
    await screen(page, testInfo, 'admin-staff');
    if (testInfo.project.name === 'desktop') {
      // A tablet held upright: every section in sight, nothing wider than the screen.
      await page.setViewportSize({ width: 768, height: 1024 });
      for (const name of [
        'Dashboard',
        'Orders',
        'Returns',
        'Products',
        'Customers',
        'Messages',
        'Subscribers',
        'Staff',
      ]) {
        await expect(nav.getByRole('link', { name: new RegExp(`^${name}`) })).toBeInViewport();
      }
      await screen(page, testInfo, 'admin-staff-tablet');
      await page.setViewportSize({ width: 1366, height: 800 });
    }

    // Reloading keeps the session (the server's index.html for /admin/staff, the stored admin session).
    await page.reload();
    await expect(page.getByRole('table', { name: 'Staff accounts (1)' })).toBeVisible();

    await header.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/admin\/signin$/);
    expect(await page.evaluate(() => sessionStorage.getItem('adminSession'))).toBeNull();
    await page.goto(at('/admin'));
    await expect(page).toHaveURL(/\/admin\/signin$/);

    // The new password works; the one-time password does not any more.
    const again = page.getByRole('form', { name: 'Back office sign in' });
    await again.getByLabel('Email').fill(email);
    await again.getByLabel('Password', { exact: true }).fill(oneTimePassword);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await expect(again.getByRole('alert')).toHaveText('The email or password is incorrect.');
    await again.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Olive Owner' })).toBeVisible();
    // A new store: the dashboard's figures are there, and zero.
    const today = page.getByRole('region', { name: 'Today' });
    await expect(today.getByText(DASHBOARD_LABELS.charged)).toBeVisible();
    await expect(today.getByText(DASHBOARD_LABELS.netRevenue)).toBeVisible();
    await expect(today.getByText('$0.00').first()).toBeVisible();
    if (testInfo.project.name !== 'desktop') return;

    // The owner adds a member of staff, whose one-time password is shown once.
    await nav.getByRole('link', { name: 'Staff' }).click();
    const add = page.getByRole('form', { name: 'Add a staff account' });
    await add.getByLabel('Name').fill('Pat Packer');
    await add.getByLabel('Email').fill('pat.packer@example.com');
    await add.getByRole('button', { name: 'Add account' }).click();
    await expect(page.getByText(/One-time password for pat\.packer@example\.com/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Staff accounts (2)' })).toBeVisible();

    // Two-step sign-in: the key from the page into an authenticator (otplib here), its code to confirm.
    await nav.getByRole('link', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await screen(page, testInfo, 'admin-security');
    const secret = (await page.locator('.admin-security__secret').innerText()).replace(/\s+/g, '');
    const confirm = page.getByRole('form', { name: 'Confirm two-step sign-in' });
    await confirm.getByLabel('Code from the app').fill(await generate({ secret }));
    await confirm.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await expect(
      page.getByText('Two-step sign-in is on. You will be asked for a code each time you sign in.'),
    ).toBeVisible();

    // Signing in now asks for the code after the password (the next step's code: the last one is spent).
    await header.getByRole('button', { name: 'Sign out' }).click();
    const withCode = page.getByRole('form', { name: 'Back office sign in' });
    await withCode.getByLabel('Email').fill(email);
    await withCode.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await withCode.getByRole('button', { name: 'Sign in' }).click();
    const code = withCode.getByLabel('Authentication code');
    await expect(code).toBeFocused();
    await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await withCode.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Olive Owner' })).toBeVisible();
  });
});

test('shoppers never download the back office', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible();
  await page.goto('/signin');
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((u) => /admin/i.test(u))).toEqual([]);
});
