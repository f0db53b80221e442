/**
 * After paying (issue 37 §2 "Reassurance after paying", Must show): a guest on a slow phone pays by the offline test
 * card and lands on a thank-you page that lists the items, the delivery address and the address the confirmation
 * went to, and that survives a reload; tracking shows the status in words with its progress line; "Create an account
 * with this order" makes the order the new member's (Order History lists it, in words). Screens at 390 and 1366 px
 * of the thank-you page, the tracking page and the order mail's HTML (the mail read in Chromium, as a phone's and a
 * desktop's mail program would show it). Runs on the phone project only: the desktop screens are taken from the same
 * journey at 1366 px, which is all the desktop project would add.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { orderStatusWords, paymentStatusWords } from '@store/shared/order-status-words';
import { payAsGuest } from './support/guest-checkout';
import { mailFromOutbox } from './support/outbox';
import { savePicture, screen } from './support/screens';
import { throttleLikeSlowPhone } from './support/slow-phone';
import { expect, test, type Page, type TestInfo } from './support/test';

/** A demo product at its list price (data/demo-catalog/products.csv). */
const SKU = 'BL-H4-6055';
const PASSWORD = 'After!Paying1';
const PAID = { status: 'pending', payment_status: 'completed' };

/** The same screen at 1366 px, saved as the desktop project's. */
async function desktopScreen(page: Page, testInfo: TestInfo, name: string) {
  const phone = page.viewportSize();
  await page.setViewportSize({ width: 1366, height: 800 });
  await screen(page, { ...testInfo, project: { ...testInfo.project, name: 'desktop' } } as TestInfo, name);
  if (phone) await page.setViewportSize(phone);
}

test('a guest pays on a slow phone, reads the thank-you page, tracks the order and makes an account from it', async ({
  page,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'phone',
    'One journey on the phone; its desktop screens are taken at 1366 px.',
  );
  test.setTimeout(300_000);
  const email = `after.paying.${Date.now()}@example.com`;
  const title = (
    (await (await page.request.get(`/api/products/${SKU}`)).json()) as { data: { title: string } }
  ).data.title;

  // Checkout to thank-you on a slow phone (Lighthouse's slow 4G, CPU 4× slower).
  const slowPhone = await throttleLikeSlowPhone(page);
  await payAsGuest(page, SKU, {
    firstName: 'Alex',
    lastName: 'Nguyen',
    email,
    street: '12 Smith Street',
    city: 'Parramatta',
    state: 'NSW',
    postCode: '2150',
  });
  const thanks = async () => {
    await expect(page.getByText(`We've emailed a confirmation to ${email}.`, { exact: false })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your order' }).getByText(title)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Delivering to' })).toContainText('12 Smith Street');
    await expect(page.getByRole('region', { name: 'Delivering to' })).toContainText('Parramatta NSW 2150');
    await expect(page.getByText(orderStatusWords(PAID), { exact: true })).toBeVisible();
  };
  await thanks();
  const invoice = (
    await page
      .getByText(/^INV-\d+$/)
      .first()
      .innerText()
  ).trim();
  // The page survives a reload: it reads the order again with the pass this tab keeps.
  await page.reload();
  await thanks();
  // The rest at full speed (what it shows does not depend on the link or the CPU).
  await slowPhone.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await slowPhone.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await slowPhone.detach();
  await screen(page, testInfo, 'thank-you');
  await desktopScreen(page, testInfo, 'thank-you');

  // Tracking: the status in words, the progress line with the current step marked.
  await page.getByRole('link', { name: 'Track your order' }).click();
  await expect(page).toHaveURL(/\/guest-track-order\?id=/);
  const progress = page.getByRole('region', { name: 'Order progress' });
  await expect(progress.getByRole('listitem')).toHaveText([/^Received/, /^Paid/, /^Shipped/, /^Delivered/]);
  await expect(progress.locator('[aria-current="step"]')).toHaveText(/^Paid/);
  await expect(page.getByText('pending', { exact: true })).toHaveCount(0);
  await screen(page, testInfo, 'track-order-progress');
  await desktopScreen(page, testInfo, 'track-order-progress');

  // Create an account with this order, back on the thank-you page.
  await page.goBack();
  await expect(page).toHaveURL(/\/thank-you$/);
  const offer = page.getByRole('region', { name: 'Create an account with this order' });
  await offer.getByLabel(/^Password/).fill(PASSWORD);
  await offer.getByRole('button', { name: 'Create my account' }).click();
  await expect(offer).toBeHidden();
  await page.goto('/order-history');
  const row = page.getByRole('row', { name: new RegExp(invoice) });
  await expect(row).toContainText(paymentStatusWords('completed'));
  await expect(row).toContainText(orderStatusWords(PAID));

  // The order mail, read as a phone's and a desktop's mail program would show it.
  await expect.poll(() => mailFromOutbox(`order ${invoice} is confirmed`)).not.toBeNull();
  const mail = await mailFromOutbox(`order ${invoice} is confirmed`);
  expect(mail?.text).toContain(`Status: ${orderStatusWords(PAID)}`);
  expect(mail?.text).toMatch(/1 × \$\d+\.\d{2} · SKU /);
  const dir = mkdtempSync(path.join(tmpdir(), 'order-mail-'));
  try {
    const file = path.join(dir, 'order-mail.html');
    writeFileSync(file, mail?.html ?? '');
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`file://${file}`, { waitUntil: 'load' });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `the mail is wider than ${width} px`).toBeLessThanOrEqual(0);
      await savePicture(page, `order-mail-${width}`, { fullPage: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
