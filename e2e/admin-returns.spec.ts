/**
 * The back office's returns, messages, subscribers and customers (issue 12), on a store of the journey's own: a
 * customer sends a return with a PNG through /return-order, the admin opens it in /admin/returns, downloads the
 * file (the same bytes, saved, never shown) and approves it with a refund amount — the customer's mail says
 * approved and the amount; a message sent through /contact-us is marked handled; a reader who subscribed through
 * the footer is in the subscribers CSV. Screens of the four pages at 1366, 768 and 390 px, each checked with axe.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { CUSTOMER_SERVICE_MESSAGES } from '@store/shared/customer-service';
import { NEWSLETTER_MESSAGES } from '@store/shared/newsletter-constants';
import type { AdminStore } from './support/admin-store';
import { mailFromOutbox } from './support/outbox';
import { screen } from './support/screens';
import { signUpCustomer } from './support/sign-in';

/** A 1x1 transparent PNG: real PNG bytes, so the server's check by content passes. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test.use({ adminStoreOptions: { email: 'owner.returns@example.com' } });
test.describe.configure({ mode: 'serial' });

test.describe('returns, messages and subscribers in the back office', () => {
  let store: AdminStore | undefined;
  let tempDir = '';
  const stamp = Date.now().toString(36);
  const customerEmail = `return.${stamp}@example.com`;
  const contactSubject = `Sunday hours ${stamp}`;
  const readerEmail = `reader.${stamp}@example.com`;

  test.beforeAll(async () => {
    tempDir = mkdtempSync(path.join(tmpdir(), 'store-e2e-admin-returns-'));
  });

  test.afterAll(async () => {
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });

  test.beforeEach(() => {
    test.skip(test.info().project.name !== 'desktop', 'one store of its own, screens taken at three widths');
  });

  test.beforeEach(({ adminStore }) => {
    store = adminStore;
  });

  function at(pathname: string): string {
    if (!store) throw new Error('The admin store is not running');
    return `${store.baseURL}${pathname}`;
  }

  /** Opens `to` in the back office as the signed-in admin (`staffPage`; admin.spec.ts signs in on the form). */
  async function openBackOffice(page: Page, to: string) {
    await page.goto(at(to));
    await expect(page).toHaveURL(new RegExp(`${to.replace(/[?]/g, '\\?')}$`));
  }

  /** Screens at a desktop's, an upright tablet's and a phone's width. */
  async function screens(page: Page, name: string) {
    const testInfo = test.info();
    await screen(page, testInfo, name);
    await page.setViewportSize({ width: 768, height: 1024 });
    await screen(page, testInfo, `${name}-tablet`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, testInfo, `${name}-phone`);
    await page.setViewportSize({ width: 1366, height: 800 });
  }

  test('a return with a PNG is downloaded and approved with a refund; the customer is mailed', async ({
    staffPage: page,
  }) => {
    test.slow();
    // The customer's side: the return form of this store, with a photo.
    const photo = path.join(tempDir, 'cracked-mirror.png');
    writeFileSync(photo, TINY_PNG);
    await page.goto(at('/return-order'));
    const form = page.getByRole('form', { name: 'Return an order' });
    await form.getByLabel(/^First name/).fill('Riley');
    await form.getByLabel(/^Last name/).fill('Nguyen');
    await form.getByLabel(/^Email/).fill(customerEmail);
    await form.getByLabel(/^Order ID/).fill('NotAnOrder42');
    await form.getByLabel(/^Photo or document/).setInputFiles(photo);
    await form.getByLabel(/^Subject/).fill('Cracked mirror');
    await form.getByLabel(/^Message/).fill('The mirror glass arrived cracked.');
    await form.getByRole('button', { name: 'Send Return Request' }).click();
    await expect(page.getByRole('heading', { name: /^Return request RR-\d{6} received$/ })).toBeVisible();

    // The admin's side.
    await openBackOffice(page, '/admin/returns');
    const table = page.getByRole('table', { name: /Return requests \(1\)/ });
    await expect(table.getByText(customerEmail)).toBeVisible();
    await expect(table.getByText('Requested', { exact: true })).toBeVisible();
    await screens(page, 'admin-returns');

    await table.getByRole('link', { name: /^Return #\d+$/ }).click();
    const heading = page.getByRole('heading', { level: 1, name: /^Return #\d+$/ });
    await expect(heading).toBeVisible();
    const returnId = Number(/\d+/.exec((await heading.textContent()) ?? '')?.[0]);
    await expect(page.getByText('The mirror glass arrived cracked.')).toBeVisible();
    await expect(page.getByText('NotAnOrder42 (not one of this customer’s orders)')).toBeVisible();
    await expect(page.locator('main img, main iframe, main object, main embed')).toHaveCount(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Download file/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('cracked-mirror.png');
    expect(readFileSync(await download.path()).equals(TINY_PNG)).toBe(true);

    // Issue 36 §3: approving gives the return its RA number and mails the instructions; money comes later.
    const approve = page.getByRole('form', { name: 'Approve the return' });
    await approve.getByLabel('Note to the customer (optional)').fill('Sorry about the mirror.');
    await screens(page, 'admin-return');
    await approve.getByRole('button', { name: /Approve/ }).click();
    const approved = page
      .getByRole('status')
      .filter({ hasText: new RegExp(`Return #${returnId} approved as RA-\\d{6}`) });
    await expect(approved).toBeVisible();
    const ra = /RA-\d{6}/.exec(await approved.innerText())?.[0] ?? '';
    await expect(page.getByRole('form', { name: 'Approve the return' })).toHaveCount(0);

    await expect.poll(async () => (await mailFromOutbox(ra, store?.dataDir))?.to).toBe(customerEmail);
    const mail = await mailFromOutbox(ra, store?.dataDir);
    expect(mail?.text).toContain('Hello Riley,');
    expect(mail?.text).toContain(`Your return authorisation number is ${ra}.`);
    expect(mail?.text).toContain('Sorry about the mirror.');

    await page.getByRole('link', { name: '← All returns' }).click();
    await page.getByLabel('Status').selectOption('approved');
    await expect(
      page
        .getByRole('table', { name: /Return requests \(1\)/ })
        .getByText('Approved: waiting for the goods', { exact: true }),
    ).toBeVisible();
  });

  test('a contact message is marked handled', async ({ staffPage: page }) => {
    await page.goto(at('/contact-us'));
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel(/^First name/).fill('Mia');
    await form.getByLabel(/^Last name/).fill('Park');
    await form.getByLabel(/^Email/).fill(`mia.${stamp}@example.com`);
    await form.getByLabel(/^Subject/).fill(contactSubject);
    await form.getByLabel(/^Message/).fill('Are you open on Sunday?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(CUSTOMER_SERVICE_MESSAGES.contactSent)).toBeVisible();

    await openBackOffice(page, '/admin/messages');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: contactSubject }) });
    await expect(card.getByText('Not handled')).toBeVisible();
    await screens(page, 'admin-messages');
    // By keyboard: the button is a real button.
    await card.getByRole('button', { name: /Mark handled/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Message #\d+ marked handled\.$/)).toBeVisible();
    await expect(card.getByText(/^Handled .* by Olive Owner$/)).toBeVisible();
    await page.getByLabel('Show').selectOption('unhandled');
    await expect(page.getByText('No messages match this filter.')).toBeVisible();
  });

  test('a reader who subscribed through the footer is in the subscribers CSV; customers are listed', async ({
    staffPage: page,
  }) => {
    await page.goto(at('/'));
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: 'Email address' }).fill(readerEmail);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText(NEWSLETTER_MESSAGES.success)).toBeVisible();

    // A member, so the customers table has someone in it.
    await signUpCustomer(page.request, at(''), { name: 'Casey Member', email: `casey.${stamp}@example.com` });

    await openBackOffice(page, '/admin/subscribers');
    const table = page.getByRole('table', { name: /Newsletter subscribers/ });
    await expect(table.getByRole('rowheader', { name: readerEmail })).toBeVisible();
    await screens(page, 'admin-subscribers');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('email,consent_at,consent_source');
    expect(csv).toContain(`${readerEmail},`);
    await expect(page.getByText(`Saved ${download.suggestedFilename()}.`)).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: /^Customers/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    const customers = page.getByRole('table', { name: /^Customers \(\d+\)$/ });
    await expect(customers.getByRole('rowheader', { name: 'Casey Member' })).toBeVisible();
    await screens(page, 'admin-customers');
  });
});
